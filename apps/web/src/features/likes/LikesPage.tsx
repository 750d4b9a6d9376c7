import type { LikeType } from '@amora/contracts';
import { Link, NavLink, useLocation } from 'react-router';
import { useSettings } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useTranslation } from '../../app/translation.ts';
import { type LikeCard, type LikeSections, splitLikes } from '../../entities/likes/logic.ts';
import { useLikes } from '../../entities/likes/queries.ts';
import { likeTypeFromPath, OVERVIEW_LIMIT } from '../../entities/likes/types.ts';
import { Badge } from '../../ui/Badge.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { DiscoverLinks } from '../../ui/DiscoverLinks.tsx';
import { ErrorView } from '../../ui/ErrorView.tsx';
import { HeartIcon } from '../../ui/icons.tsx';
import { MemberTile, TilePlaceholders } from '../../ui/MemberTile.tsx';
import { SIZES } from '../../ui/photo.ts';
import { QueryError } from '../../ui/QueryError.tsx';
import './likes.css';

/** Catalog keys of each like state: its title and what its empty list says. */
const SECTION: Record<LikeType, { title: string; empty: string; list: keyof LikeSections }> = {
  matches: { title: 'likes.matches', empty: 'likes.emptyMatches', list: 'matches' },
  received: { title: 'likes.likedYou', empty: 'likes.emptyReceived', list: 'received' },
  sent: { title: 'likes.youLiked', empty: 'likes.emptySent', list: 'sent' },
};
const ORDER: LikeType[] = ['matches', 'received', 'sent'];

function Cards({ cards, label }: { cards: LikeCard[]; label: string }) {
  const { t } = useTranslation();
  return (
    <ul className="member-grid member-grid--list search-grid likes-grid" aria-label={label}>
      {cards.map((m) => (
        <li key={m.id}>
          <MemberTile
            m={m}
            to={`/likes/m/${m.id}`}
            className={m.isNew ? 'member-tile--new' : undefined}
            marker={m.isNew ? t('likes.new') : undefined}
            sizes={SIZES.likes}
          />
        </li>
      ))}
    </ul>
  );
}

function Section({ type, cards, overview }: { type: LikeType; cards: LikeCard[]; overview: boolean }) {
  const { t } = useTranslation();
  const { title, empty } = SECTION[type];
  const shown = overview ? cards.slice(0, OVERVIEW_LIMIT) : cards;
  const headingId = `likes-${type}`;
  return (
    <section className="likes-section" aria-labelledby={headingId}>
      <div className="likes-section__head head-row">
        <h2 id={headingId}>
          {t(title)} <span className="likes-section__count">({cards.length})</span>
        </h2>
        {overview && cards.length > OVERVIEW_LIMIT ? (
          <Link to={`/likes/${type}`} className="likes-section__all">
            {t('likes.showAll', { count: cards.length })}
          </Link>
        ) : null}
      </div>
      {shown.length ? (
        <Cards cards={shown} label={t(title)} />
      ) : (
        <p className="likes-section__empty muted">{t(empty)}</p>
      )}
    </section>
  );
}

function Tabs({ sections, newCount }: { sections: LikeSections | null; newCount: number }) {
  const { t } = useTranslation();
  return (
    <nav className="likes-tabs" aria-label={t('likes.sections')}>
      <NavLink to="/likes" end className="likes-tabs__tab">
        {t('likes.all')}
      </NavLink>
      {ORDER.map((type) => (
        <NavLink key={type} to={`/likes/${type}`} className="likes-tabs__tab">
          {t(SECTION[type].title)}
          {sections ? <span className="likes-tabs__count">{sections[SECTION[type].list].length}</span> : null}
          {type === 'received' ? (
            <Badge count={newCount} label={t('nav.newLikes', { count: newCount })} />
          ) : null}
        </NavLink>
      ))}
    </nav>
  );
}

/**
 * /likes and /likes/{sent|received|matches} (spec §2/§3): the overview of matches, likes received
 * (new ones marked) and likes sent, or one of them in full. Cards open /likes/m/{id}.
 */
export default function LikesPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { pathname } = useLocation();
  const type = likeTypeFromPath(pathname);
  const likes = useLikes();
  if (type === null) return <ErrorView status={404} />;
  const sections = likes.data ? splitLikes(likes.data) : null;
  const newCount = likes.data?.total_new_likes ?? 0;
  const nothing = sections && !sections.matches.length && !sections.received.length && !sections.sent.length;
  return (
    <div className="likes-page container">
      <Head title={t('meta.likesTitle', { siteName: settings.name })} noindex />
      <header className="search-page__head">
        <h1>{type === 'all' ? t('likes.title') : t(SECTION[type].title)}</h1>
        <p className="muted">{t('likes.lead')}</p>
      </header>
      <DiscoverLinks />
      <Tabs sections={sections} newCount={newCount} />
      {likes.isError && !sections ? (
        <QueryError query={likes} />
      ) : !sections ? (
        <TilePlaceholders count={4} className="search-grid likes-grid" />
      ) : nothing && type === 'all' ? (
        <div className="card search-empty">
          <HeartIcon size={40} className="likes-empty__icon" />
          <h2>{t('likes.emptyTitle')}</h2>
          <p className="muted">{t('likes.emptyText')}</p>
          <ButtonLink to="/members" size="lg">
            {t('nav.search')}
          </ButtonLink>
        </div>
      ) : type === 'all' ? (
        ORDER.map((s) => <Section key={s} type={s} cards={sections[SECTION[s].list]} overview />)
      ) : (
        <Section type={type} cards={sections[SECTION[type].list]} overview={false} />
      )}
    </div>
  );
}
