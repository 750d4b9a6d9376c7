/**
 * Pure rules and constants shared by server and browser. No zod here: the browser imports this
 * module (`@amora/contracts/rules`) and must not pull the schema library into its bundle.
 */
import type { SiteConfig } from './settings.ts';

/** Id of the <script type="application/json"> element carrying the page's boot state. */
export const BOOT_STATE_ID = 'amora-boot';

/** Legal terms version: 2023-12-01 12:00 UTC, or the company added date if later (spec §9). */
export function legalTermsDate(companyAdded: string): Date {
  const base = Date.UTC(2023, 11, 1, 12, 0, 0);
  const added = Date.parse(companyAdded);
  return new Date(Number.isFinite(added) && added > base ? added : base);
}

/** Signups are open when 'all', or 'with_trafficsource' and a traffic source is known (spec §4). */
export function signupsOpen(signups: string, hasTrafficSource: boolean): boolean {
  return signups === 'all' || (signups === 'with_trafficsource' && hasTrafficSource);
}

/** Logged-out search is visible when logged in, or the setting is not 'none' (or its traffic-source variant applies). */
export function loggedOutSearchVisible(
  s: Pick<SiteConfig, 'logged_out_search' | 'logged_out_search_trafficsource'>,
  loggedIn: boolean,
  hasTrafficSource: boolean,
): boolean {
  if (loggedIn) return true;
  if (s.logged_out_search !== 'none') return true;
  return hasTrafficSource && s.logged_out_search_trafficsource !== 'none';
}

/** Landing-page slug per niche (spec §2): 'auto' becomes the locale, en becomes eng. */
export function landingSlug(niche: number, locale: string, slug = 'auto'): string {
  const loc = locale === 'en' ? 'eng' : locale;
  const prefix = ['', '', 'she-', 'bdsm-', 'bbw-', 'gilf-', 'milf-', 'gay-'][niche] ?? '';
  return slug.replace(/auto/g, `${prefix}${loc}`);
}

/** Tracking parameters of spec §3 with their aliases (§9); braces are stripped. */
export const TRACKING_ALIASES: Record<string, 'network' | 'ref' | 'sub1' | 'sub2' | 'sub3'> = {
  network: 'network',
  ref: 'ref',
  sub: 'sub1',
  sub1: 'sub1',
  aff_sub: 'sub1',
  sub2: 'sub2',
  aff_sub2: 'sub2',
  sub3: 'sub3',
  aff_sub3: 'sub3',
};
export type Tracking = Partial<Record<'network' | 'ref' | 'sub1' | 'sub2' | 'sub3', string>>;

export function parseTracking(query: Record<string, unknown>): Tracking {
  const out: Tracking = {};
  for (const [key, target] of Object.entries(TRACKING_ALIASES)) {
    const raw = query[key];
    if (typeof raw !== 'string' || out[target]) continue;
    const value = raw.replace(/[{}]/g, '').trim().slice(0, 200);
    if (value) out[target] = value;
  }
  return out;
}

/** Members on the public home page: five in the hero collage, eight in the grid. */
export const FEATURED_LIMIT = 13;
