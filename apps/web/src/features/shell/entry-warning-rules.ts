import type { Settings } from '@amora/contracts';

/** Whether the site-entry warning shows (spec §4), given what the browser knows. */
export function shouldShowEntryWarning(opts: {
  settings: Pick<Settings, 'enable_site_entry_popup' | 'entry_popup_countries' | 'geoip_country'>;
  loggedIn: boolean;
  standalone: boolean;
  dismissedAt: number | null;
}): boolean {
  const { settings } = opts;
  if (settings.enable_site_entry_popup === 'no') return false;
  if (opts.loggedIn || opts.standalone || opts.dismissedAt) return false;
  const allowed = settings.entry_popup_countries;
  if (allowed && allowed.length > 0 && !allowed.includes(settings.geoip_country)) return false;
  return true;
}
