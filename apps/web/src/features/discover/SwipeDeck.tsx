import type { SearchCard } from '@amora/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../app/translation.ts';
import { HeartIcon, XIcon } from '../../ui/icons.tsx';
import { LeavingCard, TopCard, UnderCard } from './SwipeCard.tsx';
import type { SwipeChoice } from './swipe-logic.ts';
import type { Decision } from './useSwipeDecision.ts';
import './swipe-deck.css';

/** A decided card on its way off the stack. */
export interface Leaving extends Decision {
  /** Where the card was when let go (0 for a button or a key). */
  dx: number;
  key: number;
}

/** A round Pass or Like button under the stack, named for the member on top. */
function SwipeButton({
  choice,
  label,
  choose,
  children,
}: {
  choice: SwipeChoice;
  label: string;
  choose: (choice: SwipeChoice) => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`swipe-btn swipe-btn--${choice}`}
      aria-label={label}
      onClick={() => choose(choice)}
    >
      {children}
    </button>
  );
}

/**
 * The stack in play: the top card (dragged, or decided by key) over the next two, the cards still
 * flying off, and the Pass and Like buttons that name the member on top.
 */
export function SwipeDeck({
  deck,
  top,
  hintId,
  refocus,
  leaving,
  onLeft,
  choose,
}: {
  /** The cards to show, the top one first. */
  deck: SearchCard[];
  top: SearchCard;
  /** The id of the hint that describes the top card. */
  hintId: string;
  /** The top card takes focus (a keyboard user was on the card before it). */
  refocus: boolean;
  leaving: Leaving[];
  /** A leaving card has flown off. */
  onLeft: (key: number) => void;
  choose: (choice: SwipeChoice, dx?: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="swipe-stack__deck">
        {deck[2] ? <UnderCard key={deck[2].id} card={deck[2]} depth={2} /> : null}
        {deck[1] ? <UnderCard key={deck[1].id} card={deck[1]} depth={1} /> : null}
        <TopCard key={top.id} card={top} hintId={hintId} autoFocus={refocus} onDecide={choose} />
        {leaving.map((l) => (
          <LeavingCard key={l.key} card={l.card} choice={l.choice} dx={l.dx} onDone={() => onLeft(l.key)} />
        ))}
      </div>
      <div className="swipe-actions">
        <SwipeButton choice="pass" label={t('swipe.pass', { name: top.name })} choose={choose}>
          <XIcon size={30} />
        </SwipeButton>
        <SwipeButton choice="like" label={t('swipe.like', { name: top.name })} choose={choose}>
          <HeartIcon size={32} />
        </SwipeButton>
      </div>
    </>
  );
}
