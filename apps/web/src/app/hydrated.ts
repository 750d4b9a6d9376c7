import { type ReactNode, useEffect, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while the page hydrates, true once React handles events. A form whose
 * controls stay disabled until then cannot be submitted natively (a GET that would put what was
 * typed, a password even, into the URL) or lose what was typed to hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Its children once the page has hydrated, nothing before (what the server cannot render: it
 * depends on the browser). The switch re-renders this component alone: a layout that read
 * useHydrated itself re-rendered the whole page below it right after hydration, in one
 * synchronous task (issue 29 item 2: half of a member page's longest task).
 */
export function AfterHydration({ children }: { children: ReactNode }): ReactNode {
  return useHydrated() ? children : null;
}

/**
 * Marks <html data-hydrated="1"> once the page has hydrated: the loader then replays what the
 * visitor did before (entry-loader.ts) and browser tests act (e2e fixtures). Rendered after the
 * deepest route's page (app/router.tsx), not in the root layout: React hydrates each Suspense
 * boundary of a server page in a later pass than the one around it, so the root's effect ran
 * while the layout's strips and the page below it were still the server's inert HTML (a timer
 * started there, the welcome modal's 40 s, started only after the test had moved the clock on).
 */
export function HydratedMark(): null {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '1';
  }, []);
  return null;
}
