import './discover.css';
import type { LikeResult, SearchCard } from '@amora/contracts';
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../api/client.ts';
import { useSettings, useUser } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { HeartIcon, SearchIcon, SparklesIcon, XIcon } from '../../ui/icons.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { likesRoot, type MatchPartner } from '../likes/api.ts';
import { MatchModal } from '../likes/MatchModal.tsx';
import { fetchSwipe, matchFinderRoot, type SwipeState, swipeKey, swipeLike, swipePass } from './api.ts';
import { LeavingCard, TopCard, UnderCard } from './SwipeCard.tsx';
import {
  isExhausted,
  isTypingTarget,
  keyChoice,
  mergeDeck,
  type SwipeChoice,
  shouldRefill,
} from './swipe-logic.ts';

const decideKey = ['swipe', 'decide'] as const;

interface Decision {
  card: SearchCard;
  choice: SwipeChoice;
}

interface Leaving extends Decision {
  /** Where the card was when let go (0 for a button or a key). */
  dx: number;
  key: number;
}

/** The likes-left line: a count while there are likes, the day's end at 0. */
function LikesLeft({ count }: { count: number | undefined }) {
  const { t } = useTranslation();
  return (
    <p className={`swipe-left ${count === 0 ? 'swipe-left--none' : ''}`} aria-live="polite">
      <HeartIcon size={18} />
      <span>
        {count === undefined
          ? '\u00a0'
          : count > 0
            ? t('swipe.likesLeft', { count })
            : t('swipe.noLikesLeft')}
      </span>
    </p>
  );
}

function Placeholder({ label }: { label: string }) {
  return (
    <div className="swipe-stack__deck" aria-busy="true">
      <div className="swipe-card swipe-card--placeholder">
        <span className="visually-hidden" role="status">
          {label}
        </span>
      </div>
    </div>
  );
}

/** The end of the game for now: the day's likes are used, or there is nobody left to show. */
function Panel({
  icon,
  title,
  text,
  alert,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  alert?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="card swipe-panel">
      <span className="swipe-panel__icon" aria-hidden="true">
        {icon}
      </span>
      <h2>{title}</h2>
      <p className="muted" role={alert ? 'alert' : undefined}>
        {text}
      </p>
      <div className="swipe-panel__actions">
        <ButtonLink to="/match-finder" size="lg">
          <SparklesIcon size={20} />
          {t('matchFinder.title')}
        </ButtonLink>
        <ButtonLink to="/members" size="lg" variant="secondary">
          <SearchIcon size={20} />
          {t('nav.search')}
        </ButtonLink>
      </div>
    </div>
  );
}

/**
 * /swipe-game (spec §1/§9): one suggested member at a time, fitting the member's own profile.
 * Like (right: button, ArrowRight, drag) or pass (left); 4 swipe likes a day, counted by the
 * server. Decisions show at once and travel in the background; a mutual like opens the match
 * modal; the stack refills itself and ends with a way to search.
 *
 * At 0 likes left the game pauses until tomorrow instead of offering Pass alone: a pass is for
 * good (the member is not suggested again), so passing through members one cannot like would
 * only use them up. Search and the match finder stay open for liking.
 */
export default function SwipeGamePage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const client = useQueryClient();
  const key = swipeKey(user?.id ?? '');
  // Decisions still travelling: a refill that answers before them must not bring their cards back.
  const decided = useRef(new Set<string>());
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }): Promise<SwipeState> => {
      const fresh = await fetchSwipe(signal);
      const previous = client.getQueryData<SwipeState>(key)?.cards ?? [];
      return { likes_left: fresh.likes_left, cards: mergeDeck(previous, fresh.cards, decided.current) };
    },
    enabled: !!user,
    staleTime: 0,
    gcTime: 10 * 60_000,
  });
  const pending = useIsMutating({ mutationKey: decideKey });
  const [settledAt, setSettledAt] = useState(0);
  const [partner, setPartner] = useState<MatchPartner | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<{ text: string; limit: boolean } | null>(null);
  const [leaving, setLeaving] = useState<Leaving[]>([]);
  const [refocus, setRefocus] = useState(false);
  const game = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const leavingSeq = useRef(0);

  const decide = useMutation({
    mutationKey: decideKey,
    mutationFn: ({ card, choice }: Decision): Promise<LikeResult | null> =>
      choice === 'like' ? swipeLike(card.id) : swipePass(card.id).then(() => null),
    onMutate: ({ card, choice }) => {
      decided.current.add(card.id);
      setError(null);
      void client.cancelQueries({ queryKey: key });
      client.setQueryData<SwipeState>(key, (s) =>
        s
          ? {
              likes_left: choice === 'like' ? Math.max(0, s.likes_left - 1) : s.likes_left,
              cards: s.cards.filter((c) => c.id !== card.id),
            }
          : s,
      );
    },
    onError: (err, { card, choice }) => {
      decided.current.delete(card.id);
      const limit = err instanceof ApiError && err.code === 'swipe_limit';
      // The card was not decided: it comes back on top (at 0 likes the day's-end panel shows).
      client.setQueryData<SwipeState>(key, (s) =>
        s
          ? {
              likes_left: limit ? 0 : choice === 'like' ? s.likes_left + 1 : s.likes_left,
              cards: [card, ...s.cards.filter((c) => c.id !== card.id)],
            }
          : s,
      );
      setError({ text: errorText(err, t), limit });
    },
    onSuccess: (res, { card, choice }) => {
      setAnnouncement(
        choice === 'like'
          ? t('likes.likedStatus', { name: card.name })
          : t('swipe.passedStatus', { name: card.name }),
      );
      if (res?.match) setPartner(res.profile);
      if (choice === 'like') void client.invalidateQueries({ queryKey: likesRoot });
      // The match finder leaves out members liked or passed here too.
      void client.invalidateQueries({ queryKey: matchFinderRoot });
    },
    onSettled: () => setSettledAt(Date.now()),
  });

  const data = query.data;
  const deck = data?.cards ?? [];
  const top = deck[0];
  const likesLeft = data?.likes_left;
  const outOfLikes = likesLeft !== undefined && likesLeft <= 0;
  const refill = {
    remaining: deck.length,
    pending,
    fetching: query.isFetching,
    fetchedAt: query.dataUpdatedAt,
    settledAt,
  };
  const wantsMore = !!data && !outOfLikes && shouldRefill(refill);
  const exhausted = !!data && isExhausted(refill);
  const { refetch } = query;
  useEffect(() => {
    if (wantsMore) void refetch();
  }, [wantsMore, refetch]);

  const { mutate } = decide;
  const choose = useCallback(
    (choice: SwipeChoice, dx = 0) => {
      // Two presses before the next render decide one card once.
      if (!top || outOfLikes || decided.current.has(top.id)) return;
      // A keyboard user on the card stays on the next one.
      setRefocus(!!game.current?.querySelector('.swipe-card--top')?.contains(document.activeElement));
      setLeaving((l) => [...l, { card: top, choice, dx, key: ++leavingSeq.current }]);
      mutate({ card: top, choice });
    },
    [top, outOfLikes, mutate],
  );

  // ArrowRight likes, ArrowLeft passes: on the card, the game's buttons, or the page itself;
  // never in a field, nor while a dialog (the match modal) is open.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const target = e.target instanceof HTMLElement ? e.target : null;
      const onPage =
        !target ||
        target === document.body ||
        target === document.documentElement ||
        target.id === 'main' ||
        !!game.current?.contains(target);
      const allowed = onPage && !isTypingTarget(target) && !document.querySelector('dialog[open]');
      const choice = keyChoice(e, allowed);
      if (!choice) return;
      e.preventDefault();
      choose(choice);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [choose]);

  let body: React.ReactNode;
  if (!data) {
    body = query.isError ? (
      <QueryError query={query} className="card swipe-panel" />
    ) : (
      <Placeholder label={t('common.loading')} />
    );
  } else if (outOfLikes) {
    body = (
      <Panel
        icon={<HeartIcon size={36} />}
        title={t('swipe.limitTitle')}
        text={error?.limit ? error.text : t('swipe.limitText')}
        alert={error?.limit}
      />
    );
  } else if (!top) {
    body = exhausted ? (
      <Panel icon={<SparklesIcon size={36} />} title={t('swipe.emptyTitle')} text={t('swipe.emptyText')} />
    ) : (
      <Placeholder label={t('swipe.loadingMore')} />
    );
  } else {
    body = (
      <>
        <div className="swipe-stack__deck">
          {deck[2] ? <UnderCard key={deck[2].id} card={deck[2]} depth={2} /> : null}
          {deck[1] ? <UnderCard key={deck[1].id} card={deck[1]} depth={1} /> : null}
          <TopCard key={top.id} card={top} hintId={hintId} autoFocus={refocus} onDecide={choose} />
          {leaving.map((l) => (
            <LeavingCard
              key={l.key}
              card={l.card}
              choice={l.choice}
              dx={l.dx}
              onDone={() => setLeaving((all) => all.filter((x) => x.key !== l.key))}
            />
          ))}
        </div>
        <div className="swipe-actions">
          <button
            type="button"
            className="swipe-btn swipe-btn--pass"
            aria-label={t('swipe.pass', { name: top.name })}
            onClick={() => choose('pass')}
          >
            <XIcon size={30} />
          </button>
          <button
            type="button"
            className="swipe-btn swipe-btn--like"
            aria-label={t('swipe.like', { name: top.name })}
            onClick={() => choose('like')}
          >
            <HeartIcon size={32} />
          </button>
        </div>
      </>
    );
  }

  return (
    <div className="swipe-page">
      <Head title={t('swipe.metaTitle', { siteName: settings.name })} noindex />
      <div className="swipe-layout container">
        <header className="swipe-intro">
          <span className="eyebrow">{t('swipe.eyebrow')}</span>
          <h1>{t('swipe.title')}</h1>
          <p className="muted swipe-intro__lead">{t('swipe.lead')}</p>
          <LikesLeft count={likesLeft} />
        </header>
        <section className="swipe-stack" aria-label={t('swipe.stackLabel')} ref={game}>
          {body}
          {error && !error.limit ? (
            <p className="field__error swipe-error" role="alert">
              {error.text}
            </p>
          ) : null}
          <p className="visually-hidden" role="status">
            {announcement}
          </p>
        </section>
        {/* With the day's-end or the empty panel showing, its links say it all. */}
        {top && !outOfLikes ? (
          <div className="swipe-aside">
            <p className="swipe-aside__hint muted" id={hintId}>
              {t('swipe.hint')}
            </p>
            <ButtonLink to="/match-finder" variant="secondary" size="sm">
              <SparklesIcon size={18} />
              {t('swipe.toMatchFinder')}
            </ButtonLink>
          </div>
        ) : null}
      </div>
      <MatchModal partner={partner} onClose={() => setPartner(null)} />
    </div>
  );
}
