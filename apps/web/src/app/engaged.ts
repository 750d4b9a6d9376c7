import { useSyncExternalStore } from 'react';

/**
 * Whether the visitor has done anything on a page of this visit yet (a tap, a key, a scroll): an
 * offer that is not the page's own (turning on notifications) waits for it, so the page is seen
 * before anything is asked over it, and such an offer is never the page's largest paint. Once
 * true, true for the rest of the visit: the next page shows the offer at once.
 */
const SIGNS = ['pointerdown', 'keydown', 'scroll', 'wheel', 'touchstart'] as const;
let engaged = false;
const listeners = new Set<() => void>();

function onSign() {
  if (engaged) return;
  engaged = true;
  for (const type of SIGNS) window.removeEventListener(type, onSign, true);
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  if (!engaged && listeners.size === 0) {
    for (const type of SIGNS) window.addEventListener(type, onSign, { capture: true, passive: true });
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useEngaged(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => engaged,
    () => false,
  );
}
