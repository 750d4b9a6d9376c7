import type { SearchCard } from '@amora/contracts';

/**
 * Pure rules of the swipe game (spec §1/§9): how far a card must travel to count, which keys
 * decide, and which cards the stack shows while decisions travel to the server. No value imports
 * from the contracts, no DOM: unit-tested in swipe-logic.test.ts.
 */

export type SwipeChoice = 'like' | 'pass';

/** A drag counts when it crosses this share of the card's width... */
export const SWIPE_THRESHOLD_SHARE = 0.28;
/** ...but never less than this many pixels (narrow cards, big thumbs) nor more than this. */
export const SWIPE_THRESHOLD_MIN_PX = 80;
export const SWIPE_THRESHOLD_MAX_PX = 150;
/** A quick flick (px per ms) decides with a shorter drag. */
export const SWIPE_FLICK_SPEED = 0.6;
export const SWIPE_FLICK_MIN_PX = 40;
/** Below this a press is a click (opens the profile), not a drag. */
export const DRAG_SLOP_PX = 6;

/** The distance a card must be dragged sideways to be decided, for a card of this width. */
export function swipeThreshold(cardWidth: number): number {
  const share = cardWidth > 0 ? Math.round(cardWidth * SWIPE_THRESHOLD_SHARE) : SWIPE_THRESHOLD_MIN_PX;
  return Math.min(SWIPE_THRESHOLD_MAX_PX, Math.max(SWIPE_THRESHOLD_MIN_PX, share));
}

/**
 * What letting go of a dragged card means: right is like, left is pass, anything short of the
 * threshold (and not a flick) snaps back (null). `velocity` is px/ms at release, signed like dx.
 */
export function swipeDecision(dx: number, cardWidth: number, velocity = 0): SwipeChoice | null {
  const far = Math.abs(dx) >= swipeThreshold(cardWidth);
  // A flick counts only in the direction the card already travels.
  const flick =
    Math.abs(dx) >= SWIPE_FLICK_MIN_PX &&
    Math.abs(velocity) >= SWIPE_FLICK_SPEED &&
    Math.sign(velocity) === Math.sign(dx);
  if (!far && !flick) return null;
  return dx > 0 ? 'like' : 'pass';
}

/** How strongly the card shows its verdict while dragged: 0 (centre) to 1 (at the threshold). */
export function dragProgress(dx: number, cardWidth: number): number {
  return Math.min(1, Math.abs(dx) / swipeThreshold(cardWidth));
}

/** The card's tilt while dragged: follows the finger, a few degrees at most. */
export function dragRotation(dx: number): number {
  return Math.max(-12, Math.min(12, dx / 18));
}

/** Whether a press has moved far enough to be a drag (and its click must not open the profile). */
export function isDrag(dx: number, dy: number): boolean {
  return Math.hypot(dx, dy) > DRAG_SLOP_PX;
}

export interface KeyPress {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  repeat?: boolean;
}

/**
 * The keyboard of the game: ArrowRight likes, ArrowLeft passes. Only where the game owns the
 * keys (`focusAllowed`: the card, the game's buttons or the page itself), never with a modifier
 * (browser shortcuts) and never for a held key (one press, one decision).
 */
export function keyChoice(e: KeyPress, focusAllowed: boolean): SwipeChoice | null {
  if (!focusAllowed || e.repeat || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null;
  if (e.key === 'ArrowRight') return 'like';
  if (e.key === 'ArrowLeft') return 'pass';
  return null;
}

/** Elements that take arrow keys themselves: the game never steals keys from them. */
const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** Whether an element takes typed input (a field, a select, an editable region). */
export function isTypingTarget(el: { tagName?: string; isContentEditable?: boolean } | null): boolean {
  return !!el && (TYPING.has((el.tagName ?? '').toUpperCase()) || el.isContentEditable === true);
}

/**
 * The stack after a new answer: cards already in the stack that the server still suggests keep
 * their place (the card under the top one does not change under the member's eyes), the new
 * ones follow; cards decided meanwhile (their decision still travelling) are left out.
 */
export function mergeDeck(
  previous: readonly SearchCard[],
  fresh: readonly SearchCard[],
  decided: ReadonlySet<string> = new Set(),
): SearchCard[] {
  const suggested = new Map(fresh.map((c) => [c.id, c]));
  const out: SearchCard[] = [];
  const seen = new Set<string>();
  const add = (card: SearchCard) => {
    if (decided.has(card.id) || seen.has(card.id)) return;
    seen.add(card.id);
    out.push(card);
  };
  for (const card of previous) {
    const now = suggested.get(card.id);
    if (now) add(now);
  }
  for (const card of fresh) add(card);
  return out;
}

/** Ask for more cards when this few are left (their photos load while the member decides). */
export const REFILL_AT = 2;

export interface RefillState {
  /** Cards left in the stack. */
  remaining: number;
  /** Decisions sent and not answered yet. */
  pending: number;
  fetching: boolean;
  /** When the stack's cards were last fetched, and when the last decision was answered (ms). */
  fetchedAt: number;
  settledAt: number;
}

/**
 * Whether to ask the server for more cards: the stack runs low, every decision has reached the
 * server (so its answer leaves them out), and a decision was answered after the last fetch: an
 * answer that already knew every decision and brought nothing new means there is nothing more,
 * so this never asks in a loop.
 */
export function shouldRefill(s: RefillState): boolean {
  return s.remaining <= REFILL_AT && s.pending === 0 && !s.fetching && s.settledAt > s.fetchedAt;
}

/** The stack is empty for good: nothing left, and the latest answer already knew every decision. */
export function isExhausted(s: RefillState): boolean {
  return s.remaining === 0 && s.pending === 0 && !s.fetching && s.settledAt <= s.fetchedAt;
}
