import { describe, expect, it } from 'vitest';
import {
  landingSlug,
  legalTermsDate,
  loggedOutSearchVisible,
  safeRedirect,
  signupRequestSchema,
  signupsOpen,
} from './index.ts';

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

describe('username equal to the e-mail address (spec §5)', () => {
  const account = {
    email: 'Anna.Schmidt@example.com',
    name: 'anna.schmidt@example.com',
    password: 'violet-harbour-1987',
    date_of_birth: '1990-05-17',
  };
  const nameErrors = (body: Record<string, unknown>) =>
    (signupRequestSchema.safeParse(body).error?.issues ?? [])
      .filter((i) => i.path[0] === 'name')
      .map((i) => i.message);

  it('says so even while other fields are still empty (the form checks as the member types)', () => {
    // Before: with "I am" and "looking for" not chosen yet the rule never ran, and the member
    // only read 'Use only letters, digits...' about a name that is their address.
    expect(nameErrors({ ...account })).toContain('username_equals_email');
    expect(nameErrors({ ...account, gender: 'female', seeking: 'male' })).toContain('username_equals_email');
  });

  it('stays quiet for another name or a missing address', () => {
    expect(nameErrors({ ...account, name: 'anna_s' })).toEqual([]);
    expect(nameErrors({ name: 'anna.schmidt@example.com' })).not.toContain('username_equals_email');
  });
});

describe('safeRedirect (no open redirects)', () => {
  it('keeps a path on this site', () => {
    for (const ok of ['/members', '/members/abc/chat?x=1#top', '/login?redirect=%2Fmembers', '/a/b%2F%2Fc'])
      expect(safeRedirect(ok)).toBe(ok);
  });

  it('refuses other sites, backslashes and control characters (issue 25 item 6: /login?redirect=/%09/…)', () => {
    const probes = [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/members\u0000',
      '/a\u007f',
      '/x\\..\\..\\evil',
      ' /members',
      'members',
      '',
      null,
      undefined,
    ];
    for (const bad of probes) expect(safeRedirect(bad), JSON.stringify(bad)).toBe('/members');
    // As the login page reads it from its query string.
    expect(safeRedirect(new URLSearchParams('redirect=/%09/evil.example').get('redirect'), '/x')).toBe('/x');
  });
});
