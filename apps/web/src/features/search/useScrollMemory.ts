import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Scroll positions of search pages by history entry: coming back from a profile lands where the member was. */
const scrollPositions = new Map<string, number>();

/**
 * Coming back (history back or forward) to a search lands at the scroll position the member left
 * it at, once its results are there (ready); every history entry remembers its own.
 */
export function useScrollMemory(ready: boolean) {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const restored = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!ready || restored.current === key) return;
    restored.current = key;
    const y = scrollPositions.get(key);
    if (navigationType === 'POP' && y !== undefined) window.scrollTo({ top: y, behavior: 'instant' });
  }, [ready, key, navigationType]);
  useEffect(() => {
    const save = () => scrollPositions.set(key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [key]);
}
