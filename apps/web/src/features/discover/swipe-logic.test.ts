import type { SearchCard } from '@amora/contracts';
import { describe, expect, it } from 'vitest';
import { searchCard as card } from '../../test/helpers.ts';
import {
  dragProgress,
  dragRotation,
  isDrag,
  isExhausted,
  isTypingTarget,
  keyChoice,
  mergeDeck,
  type RefillState,
  shouldRefill,
  swipeDecision,
  swipeThreshold,
} from './swipe-logic.ts';

const ids = (cards: SearchCard[]) => cards.map((c) => c.id);

describe('swipe threshold', () => {
  it('is a share of the card width, within bounds', () => {
    expect(swipeThreshold(400)).toBe(112);
    expect(swipeThreshold(200)).toBe(80); // narrow card: never less than 80 px
    expect(swipeThreshold(1000)).toBe(150); // wide card: never more than 150 px
    expect(swipeThreshold(0)).toBe(80); // not measured yet
  });
});

describe('letting go of a dragged card', () => {
  it('likes to the right and passes to the left beyond the threshold', () => {
    expect(swipeDecision(120, 400)).toBe('like');
    expect(swipeDecision(-120, 400)).toBe('pass');
    expect(swipeDecision(112, 400)).toBe('like');
  });
  it('snaps back below the threshold', () => {
    expect(swipeDecision(100, 400)).toBeNull();
    expect(swipeDecision(-100, 400)).toBeNull();
    expect(swipeDecision(0, 400)).toBeNull();
  });
  it('takes a quick flick in the direction of travel', () => {
    expect(swipeDecision(50, 400, 0.9)).toBe('like');
    expect(swipeDecision(-50, 400, -0.9)).toBe('pass');
  });
  it('ignores a flick against the direction, a slow drag, or a tiny one', () => {
    expect(swipeDecision(50, 400, -0.9)).toBeNull();
    expect(swipeDecision(50, 400, 0.2)).toBeNull();
    expect(swipeDecision(20, 400, 2)).toBeNull();
  });
});

describe('drag feedback', () => {
  it('shows the verdict growing up to the threshold', () => {
    expect(dragProgress(0, 400)).toBe(0);
    expect(dragProgress(56, 400)).toBeCloseTo(0.5);
    expect(dragProgress(-300, 400)).toBe(1);
  });
  it('tilts with the finger, a few degrees at most', () => {
    expect(dragRotation(0)).toBe(0);
    expect(dragRotation(90)).toBe(5);
    expect(dragRotation(-90)).toBe(-5);
    expect(dragRotation(1000)).toBe(12);
    expect(dragRotation(-1000)).toBe(-12);
  });
  it('tells a drag from a click', () => {
    expect(isDrag(3, 3)).toBe(false);
    expect(isDrag(10, 0)).toBe(true);
    expect(isDrag(0, -8)).toBe(true);
  });
});

describe('keyboard', () => {
  it('maps the arrows where the game owns the keys', () => {
    expect(keyChoice({ key: 'ArrowRight' }, true)).toBe('like');
    expect(keyChoice({ key: 'ArrowLeft' }, true)).toBe('pass');
    expect(keyChoice({ key: 'ArrowUp' }, true)).toBeNull();
    expect(keyChoice({ key: 'Enter' }, true)).toBeNull();
  });
  it('leaves keys alone elsewhere, with modifiers, and when held', () => {
    expect(keyChoice({ key: 'ArrowRight' }, false)).toBeNull();
    expect(keyChoice({ key: 'ArrowLeft', altKey: true }, true)).toBeNull(); // browser back
    expect(keyChoice({ key: 'ArrowRight', metaKey: true }, true)).toBeNull();
    expect(keyChoice({ key: 'ArrowRight', ctrlKey: true }, true)).toBeNull();
    expect(keyChoice({ key: 'ArrowRight', shiftKey: true }, true)).toBeNull();
    expect(keyChoice({ key: 'ArrowRight', repeat: true }, true)).toBeNull();
  });
  it('knows the elements that type', () => {
    expect(isTypingTarget({ tagName: 'INPUT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'textarea' })).toBe(true);
    expect(isTypingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'BODY', isContentEditable: false })).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('the stack', () => {
  it('keeps the order of cards still suggested and adds the new ones after them', () => {
    const previous = [card('b'), card('c')];
    const fresh = [card('c'), card('d'), card('b'), card('e')];
    expect(ids(mergeDeck(previous, fresh))).toEqual(['b', 'c', 'd', 'e']);
  });
  it('drops cards the server no longer suggests and cards decided meanwhile', () => {
    const previous = [card('a'), card('b'), card('c')];
    const fresh = [card('b'), card('c'), card('d')];
    expect(ids(mergeDeck(previous, fresh, new Set(['c'])))).toEqual(['b', 'd']);
  });
  it('takes the fresh card data (a new photo, say)', () => {
    const merged = mergeDeck([card('a', 'Old')], [card('a', 'New')]);
    expect(merged.map((c) => c.name)).toEqual(['New']);
  });
  it('is the fresh answer when there was nothing before', () => {
    expect(ids(mergeDeck([], [card('x'), card('y'), card('x')]))).toEqual(['x', 'y']);
    expect(mergeDeck([], [])).toEqual([]);
  });
});

describe('refilling the stack', () => {
  const base: RefillState = { remaining: 2, pending: 0, fetching: false, fetchedAt: 100, settledAt: 200 };
  it('asks for more when low, once every decision has reached the server', () => {
    expect(shouldRefill(base)).toBe(true);
    expect(shouldRefill({ ...base, remaining: 0 })).toBe(true);
    expect(shouldRefill({ ...base, remaining: 3 })).toBe(false);
    expect(shouldRefill({ ...base, pending: 1 })).toBe(false);
    expect(shouldRefill({ ...base, fetching: true })).toBe(false);
  });
  it('never asks twice for the same decisions (no loop when nothing new comes)', () => {
    expect(shouldRefill({ ...base, fetchedAt: 300 })).toBe(false);
    expect(shouldRefill({ ...base, fetchedAt: 200 })).toBe(false);
  });
  it('ends the game when an answer that knew every decision left the stack empty', () => {
    expect(isExhausted({ ...base, remaining: 0, fetchedAt: 300 })).toBe(true);
    expect(isExhausted({ ...base, remaining: 0 })).toBe(false); // more are being asked for
    expect(isExhausted({ ...base, remaining: 0, fetchedAt: 300, pending: 1 })).toBe(false);
    expect(isExhausted({ ...base, remaining: 0, fetchedAt: 300, fetching: true })).toBe(false);
    expect(isExhausted({ ...base, remaining: 1, fetchedAt: 300 })).toBe(false);
  });
});
