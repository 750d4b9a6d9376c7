import type { Settings } from '@amora/contracts';

/**
 * Pages a mail links to, which do one errand and show nothing of the site's members: unsubscribe,
 * a moderation notice, activation, a new password, an e-mail change. A reader who follows the link
 * does the errand without passing the adults-only gate first (issue 26 item 12).
 */
const ERRAND_PATHS = ['/unsubscribe', '/notice/', '/activate', '/reset-password', '/mail-change'];

export const isErrandPath = (path: string) =>
  ERRAND_PATHS.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));

/** Whether the site-entry warning shows (spec §4), given what the browser knows. */
export function shouldShowEntryWarning(opts: {
  settings: Pick<Settings, 'enable_site_entry_popup' | 'entry_popup_countries' | 'geoip_country'>;
  loggedIn: boolean;
  standalone: boolean;
  dismissedAt: number | null;
  /** The page's path: a mail's errand page never shows it. */
  path?: string;
}): boolean {
  const { settings } = opts;
  if (settings.enable_site_entry_popup === 'no') return false;
  if (opts.path && isErrandPath(opts.path)) return false;
  if (opts.loggedIn || opts.standalone || opts.dismissedAt) return false;
  const allowed = settings.entry_popup_countries;
  if (allowed && allowed.length > 0 && !allowed.includes(settings.geoip_country)) return false;
  return true;
}
