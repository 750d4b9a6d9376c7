import type { Hydration } from '@amora/contracts';
import type { PageData } from '@amora/contracts/rules';

/** What a route tells the server about itself (routes.tsx declares them; a page module may export its own). */
export interface RouteHandle {
  /**
   * HTTP status the server answers with when this route renders (404 for not-found pages), or a
   * function of the route's params (an info page's token that names no page: 404).
   */
  status?: number | ((params: Record<string, string | undefined>) => number);
  /** Data the page needs at first paint: the server fetches it before rendering (see pageData). */
  data?: (params: Record<string, string | undefined>) => PageData[];
  /**
   * 'interaction': a visitor's copy of this public page (home, info pages, landers, pricing) ships a loader
   * of 1 KiB instead of the app, which loads on the first sign of intent (entry-loader.ts).
   */
  hydrate?: Hydration;
}
