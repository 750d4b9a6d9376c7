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
  /**
   * Where the browser gets the catalog when the page's state carries none (a content-hashed file):
   * every text but the operator console's (`admin.*`).
   */
  catalogUrl?: string;
  /** On the console's pages (/admin): where the browser gets the console's texts (`admin.*`). */
  consoleCatalogUrl?: string;
  /** Query cache entries the server already fetched (TanStack Query keys and data). */
  queries: { key: unknown[]; data: unknown }[];
  /** Public origin of the site (for canonical and hreflang links). */
  origin: string;
  /**
   * The site's countries' names in the page's language, as the server's renderer named them: the
   * browser names them the same way without asking its own ICU data first (building its region
   * names took about 40 ms of a phone's CPU inside the search page's hydration, issue 29 goal 2).
   */
  countryNames?: Record<string, string>;
  /**
   * A member's own time zone (TIME_ZONE_COOKIE), when their browser has told it: the server renders
   * their chat's days and times in it, as the browser will. Absent for visitors and until then.
   */
  timeZone?: string;
  /**
   * That zone's offset from UTC now, in minutes as `Date.getTimezoneOffset` counts them (east of
   * UTC negative): the browser compares it with its own without opening ICU's time zone data
   * (app/time-zone.ts rememberTimeZone).
   */
  timeZoneOffset?: number;
  /**
   * The dates, numbers and prices the server's render wrote, by locale, options and value
   * (contracts intl.ts PageFormats): the browser hydrates them without opening ICU's data.
   */
  formatted?: Record<string, string>;
}

export interface SsrResult {
  html: string;
  head: string;
  status: number;
  /** The site's countries as the render named them, for the browser (BootState.countryNames). */
  countryNames?: Record<string, string>;
  /** What the render formatted (BootState.formatted). */
  formatted?: Record<string, string>;
}

/** When a page loads the app: at once, or on the visitor's first interaction (entry-loader.ts). */
export type Hydration = 'load' | 'interaction';

export type SsrEntry = {
  /** What the page at this path needs fetched before it renders (declared with its routes). */
  pageData(pathname: string): PageData[];
  /** Source paths of the lazy route modules the page at this path loads (for their stylesheets). */
  pageModules(pathname: string): string[];
  /**
   * When a visitor's page at this path hydrates: 'load' (the whole app at once) or 'interaction'
   * (a small loader; the app loads on the visitor's first sign of intent: the public pages).
   */
  hydration(pathname: string): Hydration;
  render(url: string, state: BootState): Promise<SsrResult>;
};
