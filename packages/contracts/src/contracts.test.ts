import { describe, expect, it } from 'vitest';
import { landingSlug, legalTermsDate, loggedOutSearchVisible, parseTracking, signupsOpen } from './index.ts';

describe('landingSlug (spec §2)', () => {
  it('replaces auto by the niche prefix and locale, en becoming eng', () => {
    expect(landingSlug(1, 'en')).toBe('eng');
    expect(landingSlug(1, 'nl')).toBe('nl');
    expect(landingSlug(2, 'de')).toBe('she-de');
    expect(landingSlug(7, 'en', 'summer-auto')).toBe('summer-gay-eng');
    expect(landingSlug(4, 'pl', 'fixed')).toBe('fixed');
  });
});

describe('legalTermsDate (spec §9)', () => {
  it('is 2023-12-01 12:00 UTC or the company added date if later', () => {
    expect(legalTermsDate('2020-01-01T00:00:00Z').toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(legalTermsDate('2024-03-15T09:00:00Z').toISOString()).toBe('2024-03-15T09:00:00.000Z');
  });
});

describe('signups and logged-out search (spec §4)', () => {
  it('opens signups for all, or with a known traffic source', () => {
    expect(signupsOpen('all', false)).toBe(true);
    expect(signupsOpen('with_trafficsource', false)).toBe(false);
    expect(signupsOpen('with_trafficsource', true)).toBe(true);
    expect(signupsOpen('invite', true)).toBe(false);
  });
  it('shows logged-out search unless none (or the traffic-source variant applies)', () => {
    const none = { logged_out_search: 'none', logged_out_search_trafficsource: 'all' };
    expect(loggedOutSearchVisible(none, true, false)).toBe(true);
    expect(loggedOutSearchVisible(none, false, false)).toBe(false);
    expect(loggedOutSearchVisible(none, false, true)).toBe(true);
    expect(loggedOutSearchVisible({ ...none, logged_out_search_trafficsource: 'none' }, false, true)).toBe(
      false,
    );
  });
});

describe('parseTracking (spec §3, §9)', () => {
  it('maps aliases, strips braces and ignores empty values', () => {
    expect(parseTracking({ network: '{adnet}', aff_sub: '{123}', sub2: 'b', sub3: '', ref: 'x' })).toEqual({
      network: 'adnet',
      sub1: '123',
      sub2: 'b',
      ref: 'x',
    });
    expect(parseTracking({ sub: 'a', sub1: 'b' }).sub1).toBe('a');
  });
});
