import { type RefObject, useEffect, useRef } from 'react';
import { isTypingTarget, keyChoice, type SwipeChoice } from './swipe-logic.ts';

/**
 * ArrowRight likes, ArrowLeft passes: on the card, the game's buttons, or the page itself;
 * never in a field, nor while a dialog (the match modal) is open.
 *
 * The listener is added once and calls the latest `choose` (kept in a ref at each render): an
 * effect re-adding it per render can lag behind a key pressed right after the render (Preact runs
 * effects after the paint and, unlike React, does not run them before the next input event), and
 * the stale `choose` knew the previous card only: the press was ignored (e2e discover.spec:65).
 */
export function useSwipeKeys(
  game: RefObject<HTMLElement | null>,
  choose: (choice: SwipeChoice) => void,
): void {
  const latest = useRef(choose);
  latest.current = choose;
  // biome-ignore lint/correctness/useExhaustiveDependencies: game and latest are refs, read when a key is pressed
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
      latest.current(choice);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
