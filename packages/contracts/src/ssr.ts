import type { PageData } from './rules.ts';
import type { Settings } from './settings.ts';

/** What the server hands the web app for one page: rendered into HTML, then hydrated in the browser. */
export interface BootState {
  locale: string;
  settings: Settings;
  /**
   * The locale's catalog. The server renders with it but leaves it out of the page's HTML: the
   * browser fetches `catalogUrl` (preloaded by the head, cached across pages) before hydrating.
   */
  catalog?: Record<string, unknown>;
  /** Where the browser gets the catalog when the page's state carries none (a content-hashed file). */
  catalogUrl?: string;
  /** Query cache entries the server already fetched (TanStack Query keys and data). */
  queries: { key: unknown[]; data: unknown }[];
  /** Public origin of the site (for canonical and hreflang links). */
  origin: string;
}

export interface SsrResult {
  html: string;
  head: string;
  status: number;
  redirect?: string;
}

export type SsrEntry = {
  /** What the page at this path needs fetched before it renders (declared with its routes). */
  pageData(pathname: string): PageData[];
  /** Source paths of the lazy route modules the page at this path loads (for their stylesheets). */
  pageModules(pathname: string): string[];
  render(url: string, state: BootState): Promise<SsrResult>;
};
