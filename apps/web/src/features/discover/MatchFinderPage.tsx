import type { SearchCard } from '@amora/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSettings, useUser } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useTranslation } from '../../app/translation.ts';
import { LikeToggle } from '../../entities/likes/LikeToggle.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { CardsIcon, RefreshIcon, SearchIcon, SparklesIcon } from '../../ui/icons.tsx';
import { MemberTile, TilePlaceholders } from '../../ui/MemberTile.tsx';
import { SIZES } from '../../ui/photo.ts';
import { QueryError } from '../../ui/QueryError.tsx';
import { fetchMatchFinder, matchFinderKey } from './api.ts';
import './match-finder.css';

/** The suggestions, and the ones liked here since they were fetched (kept with them: a trip to a profile and back keeps the pressed toggles). */
interface Suggestions {
  members: SearchCard[];
  liked: string[];
}

function Suggestion({
  m,
  liked,
  onLiked,
  onStatus,
}: {
  m: SearchCard;
  liked: boolean;
  onLiked: (liked: boolean) => void;
  onStatus: (s: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="finder-card">
      <MemberTile m={m} sizes={SIZES.finder} />
      <LikeToggle
        member={{ id: m.id, name: m.name, liked }}
        onStatus={onStatus}
        onLikedChange={onLiked}
        label={
          liked ? t('matchFinder.unlikeName', { name: m.name }) : t('matchFinder.likeName', { name: m.name })
        }
        size="sm"
        className="finder-card__like"
      />
    </li>
  );
}

/**
 * /match-finder (spec §1/§2): 24 members who fit the member's own profile (the sex they seek,
 * about their age, their country), not liked or passed yet, each with the like toggle. Liked
 * ones stay (pressed) until the next refresh, which leaves them out.
 */
export default function MatchFinderPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const client = useQueryClient();
  const key = matchFinderKey(user?.id ?? '');
  const query = useQuery({
    queryKey: key,
    // A new answer leaves out the members liked meanwhile (the server does), so it starts with none.
    queryFn: async ({ signal }): Promise<Suggestions> => ({
      members: (await fetchMatchFinder(signal)).members,
      liked: [],
    }),
    enabled: !!user,
    staleTime: 60_000,
  });
  const [status, setStatus] = useState('');
  const setLiked = (id: string, on: boolean) =>
    client.setQueryData<Suggestions>(key, (d) =>
      d
        ? { ...d, liked: on ? [...d.liked.filter((x) => x !== id), id] : d.liked.filter((x) => x !== id) }
        : d,
    );
  const liked = new Set(query.data?.liked);
  const members = query.data?.members;

  return (
    <div className="finder-page container">
      <Head title={t('matchFinder.metaTitle', { siteName: settings.name })} noindex />
      <header className="head-row head-row--end finder-head">
        <div className="finder-head__text">
          <span className="eyebrow">{t('matchFinder.eyebrow')}</span>
          <h1>{t('matchFinder.title')}</h1>
          <p className="muted">{t('matchFinder.intro')}</p>
        </div>
        <div className="finder-head__actions">
          <Button
            variant="secondary"
            busy={query.isFetching && !!members}
            disabled={!members && !query.isError}
            onClick={() => {
              setStatus('');
              void query.refetch();
            }}
          >
            {query.isFetching && members ? null : <RefreshIcon size={18} />}
            {t('matchFinder.refresh')}
          </Button>
          <ButtonLink to="/swipe-game" variant="ghost">
            <CardsIcon size={18} />
            {t('matchFinder.toSwipeGame')}
          </ButtonLink>
        </div>
      </header>
      <p className="finder-status" role="status">
        {status || (members?.length ? t('matchFinder.count', { count: members.length }) : '')}
      </p>
      {query.isError && !members ? (
        <QueryError query={query} />
      ) : !members ? (
        <TilePlaceholders count={8} className="search-grid finder-grid" />
      ) : members.length ? (
        <ul
          className="member-grid member-grid--list search-grid finder-grid"
          aria-label={t('matchFinder.listLabel')}
        >
          {members.map((m) => (
            <Suggestion
              key={m.id}
              m={m}
              liked={liked.has(m.id)}
              onLiked={(on) => setLiked(m.id, on)}
              onStatus={setStatus}
            />
          ))}
        </ul>
      ) : (
        <div className="card search-empty finder-empty">
          <SparklesIcon size={40} className="likes-empty__icon" />
          <h2>{t('matchFinder.emptyTitle')}</h2>
          <p className="muted">{t('matchFinder.emptyText')}</p>
          <div className="swipe-panel__actions button-row button-row--center">
            <ButtonLink to="/members" size="lg">
              <SearchIcon size={20} />
              {t('nav.search')}
            </ButtonLink>
            <ButtonLink to="/profile" size="lg" variant="secondary">
              {t('nav.myProfile')}
            </ButtonLink>
          </div>
        </div>
      )}
    </div>
  );
}
