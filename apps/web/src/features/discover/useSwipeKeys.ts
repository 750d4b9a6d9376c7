import { type RefObject, useEffect } from 'react';
import { isTypingTarget, keyChoice, type SwipeChoice } from './swipe-logic.ts';

/**
 * ArrowRight likes, ArrowLeft passes: on the card, the game's buttons, or the page itself;
 * never in a field, nor while a dialog (the match modal) is open.
 */
export function useSwipeKeys(
  game: RefObject<HTMLElement | null>,
  choose: (choice: SwipeChoice) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: game is a ref, read when a key is pressed
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
}
