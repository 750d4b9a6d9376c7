import { useEffect, useState } from 'react';
import { type Dismissal, dismiss, dismissedAt } from './dismissals.ts';

/**
 * A prompt the member can put away: `[shown, putAway]`, where `shows` decides from the time of the
 * last dismissal (null: never). Not shown until mounted (the dismissal lives in this browser, so
 * the prompt is never in the server's HTML); `putAway()` remembers the dismissal now.
 */
export function useDismissal(d: Dismissal, shows: (at: number | null) => boolean): [boolean, () => void] {
  // undefined: not read yet (the server's render and the first one in the browser).
  const [at, setAt] = useState<number | null | undefined>(undefined);
  useEffect(() => setAt(dismissedAt(d)), [d]);
  const putAway = () => {
    const now = Date.now();
    dismiss(d, now);
    setAt(now);
  };
  return [at !== undefined && shows(at), putAway];
}
