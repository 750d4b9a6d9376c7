import { type ComponentType, lazy, useState } from 'react';

/**
 * A component in a chunk of its own (React.lazy) that can also be loaded before the app hydrates
 * the page. React.lazy suspends on its first render even when its chunk is already there, and a
 * suspended part of a server-rendered page that gets an update before it hydrates (the layout
 * re-renders once hydrated) is thrown away and rendered again from its fallback: the welcome
 * strip disappeared for a moment after hydration and came back once its chunk arrived, moving the
 * whole page twice (issue 29 item 1). Once `preload` has resolved, the component renders at once.
 *
 * Each instance keeps the way it first rendered (at once, or through React.lazy): switching from
 * one to the other on a later render would be a different component type there, and React would
 * mount it again, losing what the member had typed in it.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | undefined;
  const preload = (): Promise<void> =>
    (loading ??= load().then(
      (m) => {
        loaded = m.default;
      },
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType<P> })));
  // biome-ignore lint/correctness/noComponentHookFactories: a factory called once per module, at its top level
  function Component(props: P) {
    const [Loaded] = useState(() => loaded ?? Lazy);
    return <Loaded {...props} />;
  }
  return { Component, preload };
}
