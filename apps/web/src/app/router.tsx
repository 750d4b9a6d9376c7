import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
  Suspense,
  useContext,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_NavigationContext as NavigationContext,
  type Navigator,
  type RouteMatch,
  type RouteObject,
  Router,
  renderMatches,
  type To,
  useLocation,
} from 'react-router';
import { HydratedMark } from './hydrated.ts';
import { preloadable } from './preloadable.tsx';
import type { RouteHandle } from './route-handle.ts';

/**
 * React Router in its declarative mode (`renderMatches` under a BrowserRouter or a StaticRouter), not
 * its data mode: the app loads no data through the router (TanStack Query does, and the server
 * seeds it), and the data router's state machine cost every page 17 KiB of JavaScript gzip
 * (issue 29 goal 2). The route table (routes.tsx) stays the one source of the pages, their lazy
 * modules and their handles; this module turns it into what `renderMatches` renders:
 * - a route's `lazy` module becomes a component that renders at once when its chunk was loaded
 *   before (before hydrating: `preloadRoutes`), else through React.lazy;
 * - a route's `ErrorBoundary` becomes a boundary around its element;
 * - chunks being loaded show in the loading bar (`useRoutesLoading`).
 */

/** What a route's lazy module gives: its page component and, when it has one, its own handle. */
export type RouteModule = { Component: ComponentType; handle?: RouteHandle };
type Loader = () => Promise<RouteModule>;

let pending = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** True while a route's chunk is loading (a navigation waits for it with the old page shown). */
export function useRoutesLoading(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending > 0,
    () => false,
  );
}

/** A route module as a preloadable component, with the module's own handle once it has loaded. */
type Page = ReturnType<typeof preloadable> & { handle?: RouteHandle };
const pages = new WeakMap<Loader, Page>();
function pageOf(load: Loader): Page {
  let page = pages.get(load);
  if (!page) {
    const entry: Page = preloadable(() => {
      pending += 1;
      emit();
      return load()
        .then((m) => {
          entry.handle = m.handle;
          return { default: m.Component as ComponentType<object> };
        })
        .finally(() => {
          pending -= 1;
          emit();
        });
    });
    page = entry;
    pages.set(load, page);
  }
  return page;
}

/**
 * Loads the lazy modules of the routes matching `pathname`, so that the page renders at once: on
 * the server before rendering, in the browser before hydrating (the first render then matches
 * the HTML). Resolves to the deepest route's handle, its module's own where it exports one.
 */
export async function preloadRoutes(matches: RouteMatch[]): Promise<RouteHandle | undefined> {
  await Promise.all(
    matches.map((m) =>
      typeof m.route.lazy === 'function' ? pageOf(m.route.lazy as Loader).preload() : undefined,
    ),
  );
  const leaf = matches[matches.length - 1]?.route;
  if (!leaf) return undefined;
  const own = typeof leaf.lazy === 'function' ? pages.get(leaf.lazy as Loader)?.handle : undefined;
  return { ...(leaf.handle as RouteHandle | undefined), ...own };
}

/**
 * A route's error boundary: what its element or a route below it throws while rendering shows its
 * `ErrorBoundary` instead; moving to another page tries again.
 */
class RouteBoundary extends Component<
  { fallback: ComponentType; pathname: string; children: ReactNode },
  { error: unknown; pathname: string }
> {
  override state = { error: undefined as unknown, pathname: this.props.pathname };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(
    props: { pathname: string },
    state: { error: unknown; pathname: string },
  ): { error: unknown; pathname: string } | null {
    return props.pathname !== state.pathname ? { error: undefined, pathname: props.pathname } : null;
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  override render() {
    const Fallback = this.props.fallback;
    // The error page is the page now: it marks the page hydrated, as the deepest route would have.
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <>
        <Fallback />
        <HydratedMark />
      </>
    );
  }
}

function Boundary({ fallback, children }: { fallback: ComponentType; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteBoundary fallback={fallback} pathname={pathname}>
      {children}
    </RouteBoundary>
  );
}

/** Each route of the table (routes.tsx) as `renderMatches` renders it (elementRoutes). */
const rendered = new WeakMap<RouteObject, RouteObject>();

/** The route table as React Router renders it (see the module's comment). */
function elementRoutes(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const {
      lazy: load,
      handle: _handle,
      ErrorBoundary,
      Component: Layout,
      children,
      id: _id,
      ...rest
    } = route;
    const Page = typeof load === 'function' ? pageOf(load as Loader).Component : Layout;
    // No key: routes that share a page (the likes tabs, the chats) keep its state between them.
    // biome-ignore lint/correctness/useJsxKeyInIterable: an element of a route, not of a list
    const page = Page ? <Page /> : undefined;
    const element =
      // biome-ignore lint/correctness/useJsxKeyInIterable: an element of a route, not of a list
      ErrorBoundary && page ? <Boundary fallback={ErrorBoundary}>{page}</Boundary> : page;
    const out = {
      ...rest,
      // The deepest route marks the page hydrated once it has (HydratedMark): its layouts have then too.
      element:
        element && !children ? (
          <>
            {element}
            <HydratedMark />
          </>
        ) : (
          element
        ),
      ...(children ? { children: elementRoutes(children) } : {}),
    } as RouteObject;
    rendered.set(route, out);
    return out;
  });
}

const tables = new WeakSet<RouteObject[]>();

/**
 * The pages of a route table, rendered where the router's location points (BrowserRouter,
 * StaticRouter). The matches are `matchesOf`'s (routes.tsx, kept per path), which the page's
 * preloading has just asked for: `useRoutes` would flatten, rank and match the whole table again on
 * every render (about 9 ms of this machine's CPU per page, 36 ms on Lighthouse's phone), inside
 * hydration's task. As `useRoutes` does at the top level, each match's paths are encoded again.
 */
export function AppRoutes({
  routes,
  matchesOf,
}: {
  routes: RouteObject[];
  matchesOf: (pathname: string) => RouteMatch[];
}) {
  if (!tables.has(routes)) {
    elementRoutes(routes);
    tables.add(routes);
  }
  const { pathname } = useLocation();
  const { navigator } = useContext(NavigationContext);
  const encode = (path: string) =>
    `/${
      navigator.encodeLocation
        ? navigator.encodeLocation(path.replace(/%/g, '%25').replace(/\?/g, '%3F').replace(/#/g, '%23'))
            .pathname
        : path
    }`.replace(/\/\/+/g, '/');
  const matches = matchesOf(pathname).map((m) => ({
    ...m,
    route: rendered.get(m.route) ?? m.route,
    pathname: encode(m.pathname),
    pathnameBase: m.pathnameBase === '/' ? '/' : encode(m.pathnameBase),
  }));
  return <Suspense fallback={null}>{matches.length ? renderMatches(matches) : null}</Suspense>;
}

/**
 * The browser's router: React Router's BrowserRouter, but a navigation (a link, `navigate()`) first
 * loads the next page's route modules (`preload`, the loading bar shows meanwhile) and only then
 * changes the address and the page together, as the data router did. With BrowserRouter the
 * address changed at once while the old page stayed until the chunk came: what a member typed into
 * it then was lost with it. The last navigation wins when several wait for their chunks.
 */
export function AppBrowserRouter({
  preload,
  children,
}: {
  preload: (pathname: string) => Promise<unknown>;
  children: ReactNode;
}) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  // Every move (a link, navigate(), back and forward) waits for its page's chunks; the last one wins.
  const [afterPreload] = useState(() => {
    let latest = 0;
    return (pathname: string, go: () => void) => {
      const id = ++latest;
      void preload(pathname)
        .catch(() => {})
        .then(() => {
          if (id === latest) go();
        });
    };
  });
  const [navigator] = useState<Navigator>(() => {
    const after = (to: To, go: () => void) =>
      afterPreload(
        typeof to === 'string'
          ? new URL(to, window.location.href).pathname
          : (to.pathname ?? history.location.pathname),
        go,
      );
    return {
      createHref: (to) => history.createHref(to),
      encodeLocation: (to) => history.encodeLocation(to),
      go: (delta) => history.go(delta),
      createURL: (to) => history.createURL(to),
      push: (to, state) => after(to, () => history.push(to, state)),
      replace: (to, state) => after(to, () => history.replace(to, state)),
    };
  });
  const [state, setState] = useState({ action: history.action, location: history.location });
  // Back and forward: the browser has changed the address already; the page follows once the
  // chunks it needs are there (the old one stays meanwhile).
  useLayoutEffect(
    () => history.listen((update) => afterPreload(update.location.pathname, () => setState(update))),
    [history, afterPreload],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}
