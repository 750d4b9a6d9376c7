import { describe, expect, it } from 'vitest';
import { shouldShowEntryWarning } from './entry-warning-rules.ts';

const base = {
  settings: { enable_site_entry_popup: 'yes', entry_popup_countries: undefined, geoip_country: 'NL' },
  loggedIn: false,
  standalone: false,
  dismissedAt: null,
};

describe('site-entry warning rules (spec §4)', () => {
  it('shows to a new visitor', () => {
    expect(shouldShowEntryWarning(base)).toBe(true);
  });
  it('does not show once dismissed, when logged in, in the installed app, or when disabled', () => {
    expect(shouldShowEntryWarning({ ...base, dismissedAt: 1 })).toBe(false);
    expect(shouldShowEntryWarning({ ...base, loggedIn: true })).toBe(false);
    expect(shouldShowEntryWarning({ ...base, standalone: true })).toBe(false);
    // A mail's errand page (issue 26 item 12): the unsubscribe link works without the gate.
    for (const path of [
      '/unsubscribe',
      '/notice/abc',
      '/activate/done',
      '/reset-password',
      '/mail-change/do',
    ])
      expect(shouldShowEntryWarning({ ...base, path }), path).toBe(false);
    for (const path of ['/', '/search', '/unsubscribed-members', '/landers/video'])
      expect(shouldShowEntryWarning({ ...base, path }), path).toBe(true);
    expect(
      shouldShowEntryWarning({ ...base, settings: { ...base.settings, enable_site_entry_popup: 'no' } }),
    ).toBe(false);
  });
  it('honours the optional list of countries', () => {
    const s = { ...base.settings, entry_popup_countries: ['NL', 'BE'] };
    expect(shouldShowEntryWarning({ ...base, settings: s })).toBe(true);
    expect(shouldShowEntryWarning({ ...base, settings: { ...s, geoip_country: 'US' } })).toBe(false);
  });
});
