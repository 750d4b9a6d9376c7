import { useSyncExternalStore } from 'react';

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
