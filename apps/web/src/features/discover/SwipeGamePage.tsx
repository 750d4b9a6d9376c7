import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { useSettings } from '../../api/queries.ts';
import { Head } from '../../app/head.tsx';
import { useTranslation } from '../../app/translation.ts';
import { MatchModal } from '../../entities/likes/LazyMatchModal.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { HeartIcon, SparklesIcon } from '../../ui/icons.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { LikesLeft } from './LikesLeft.tsx';
import { type Leaving, SwipeDeck } from './SwipeDeck.tsx';
import { SwipePanel, SwipePlaceholder } from './SwipePanel.tsx';
import type { SwipeChoice } from './swipe-logic.ts';
import { useSwipeDecision } from './useSwipeDecision.ts';
import { useSwipeDeck } from './useSwipeDeck.ts';
import { useSwipeKeys } from './useSwipeKeys.ts';
import '../../ui/fields.css';
import '../../ui/member-tile.css';
import './swipe-game.css';

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
  const { query, key, decided, data, deck, top, likesLeft, outOfLikes, exhausted, settled } = useSwipeDeck();
  const { decide, error, announcement, partner, closeMatch } = useSwipeDecision({
    deckKey: key,
    decided,
    onSettled: settled,
  });
  const [leaving, setLeaving] = useState<Leaving[]>([]);
  const [refocus, setRefocus] = useState(false);
  const game = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const leavingSeq = useRef(0);

  const choose = useCallback(
    (choice: SwipeChoice, dx = 0) => {
      // Two presses before the next render decide one card once.
      if (!top || outOfLikes || decided.current.has(top.id)) return;
      // A keyboard user on the card stays on the next one.
      setRefocus(!!game.current?.querySelector('.swipe-card--top')?.contains(document.activeElement));
      setLeaving((l) => [...l, { card: top, choice, dx, key: ++leavingSeq.current }]);
      decide({ card: top, choice });
    },
    [top, outOfLikes, decided, decide],
  );
  useSwipeKeys(game, choose);

  let body: ReactNode;
  if (!data) {
    body = query.isError ? (
      <QueryError query={query} className="card swipe-panel" />
    ) : (
      <SwipePlaceholder label={t('common.loading')} />
    );
  } else if (outOfLikes) {
    body = (
      <SwipePanel
        icon={<HeartIcon size={36} />}
        title={t('swipe.limitTitle')}
        text={error?.limit ? error.text : t('swipe.limitText')}
        alert={error?.limit}
      />
    );
  } else if (!top) {
    body = exhausted ? (
      <SwipePanel
        icon={<SparklesIcon size={36} />}
        title={t('swipe.emptyTitle')}
        text={t('swipe.emptyText')}
      />
    ) : (
      <SwipePlaceholder label={t('swipe.loadingMore')} />
    );
  } else {
    body = (
      <SwipeDeck
        deck={deck}
        top={top}
        hintId={hintId}
        refocus={refocus}
        leaving={leaving}
        onLeft={(k) => setLeaving((all) => all.filter((x) => x.key !== k))}
        choose={choose}
      />
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
      <MatchModal partner={partner} onClose={closeMatch} />
    </div>
  );
}
