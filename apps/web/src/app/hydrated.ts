import { type ReactNode, useSyncExternalStore } from 'react';

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
