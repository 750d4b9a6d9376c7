import { describe, expect, it } from 'vitest';
import { redirectFor } from './redirects.ts';

describe('client-side auth redirects (spec §2)', () => {
  it('sends members away from the guest pages, to the page a login was asked for', () => {
    expect(redirectFor('/', '', true)).toBe('/members');
    expect(redirectFor('/signup', '', true)).toBe('/members');
    expect(redirectFor('/login', '', true)).toBe('/members');
    // The end of a visitor's signup: a member's matches are the search (spec §2, issue 11 item 15).
    expect(redirectFor('/complete-signup', '', true)).toBe('/members');
    expect(redirectFor('/signup-matches', '', true)).toBe('/members');
    expect(redirectFor('/complete-signup', '', false)).toBeNull();
    expect(redirectFor('/signup-matches', '', false)).toBeNull();
    expect(redirectFor('/login', '?redirect=%2Fnotifications', true)).toBe('/notifications');
    expect(redirectFor('/login', '?redirect=https://evil.example', true)).toBe('/members');
    expect(redirectFor('/login', '?redirect=//evil.example', true)).toBe('/members');
  });

  it('sends visitors on members-only pages to login, remembering where they were going', () => {
    expect(redirectFor('/notifications', '?x=1', false)).toBe('/login?redirect=%2Fnotifications%3Fx%3D1');
    expect(redirectFor('/login', '', false)).toBeNull();
    expect(redirectFor('/members', '', false)).toBeNull();
    expect(redirectFor('/account-deleted', '', true)).toBeNull();
  });

  it("sends visitors who open a chat with a member to login, not those viewing the member's page", () => {
    expect(redirectFor('/members/abc/chat', '', false)).toBe('/login?redirect=%2Fmembers%2Fabc%2Fchat');
    expect(redirectFor('/members/abc', '', false)).toBeNull();
    expect(redirectFor('/members/abc/chat', '', true)).toBeNull();
  });
});
