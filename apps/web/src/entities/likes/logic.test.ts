import type { LikesResponse } from '@amora/contracts';
import { describe, expect, it } from 'vitest';
import { searchCard as card } from '../../test/helpers.ts';
import { badgeText } from '../../ui/Badge.tsx';
import { countNewLikes, newLikesOf, shouldAutoLike, splitLikes } from './logic.ts';
import { likeTypeFromPath } from './types.ts';

const likes = (over: Partial<LikesResponse> = {}): LikesResponse => ({
  profiles: [card('a'), card('b')],
  liked_by: [
    { id: 'b', like_new: true },
    { id: 'c', like_new: true },
    { id: 'd', like_new: false },
  ],
  liked_by_profiles: [card('b'), card('c'), card('d')],
  matches: ['b'],
  total_new_likes: 2,
  ...over,
});

describe('new likes (spec §2 badge)', () => {
  it('counts the received likes still marked new', () => {
    expect(countNewLikes([])).toBe(0);
    expect(countNewLikes(likes().liked_by)).toBe(2);
  });
  it('takes the server total for the badge, 0 without likes', () => {
    expect(newLikesOf(undefined)).toBe(0);
    expect(newLikesOf(likes({ total_new_likes: 120 }))).toBe(120);
  });
  it('caps the badge text at 99+', () => {
    expect(badgeText(newLikesOf(likes({ total_new_likes: 99 })))).toBe('99');
    expect(badgeText(newLikesOf(likes({ total_new_likes: 100 })))).toBe('99+');
  });
});

describe('like states (spec §3: sent, received, match)', () => {
  it('puts each member in one state, keeping the server order and the new flag', () => {
    const s = splitLikes(likes());
    expect(s.matches.map((c) => [c.id, c.isNew])).toEqual([['b', true]]);
    expect(s.received.map((c) => [c.id, c.isNew])).toEqual([
      ['c', true],
      ['d', false],
    ]);
    expect(s.sent.map((c) => c.id)).toEqual(['a']);
  });
  it('handles no likes at all', () => {
    const s = splitLikes(likes({ profiles: [], liked_by: [], liked_by_profiles: [], matches: [] }));
    expect(s).toEqual({ matches: [], received: [], sent: [] });
  });
});

describe('likes routes (spec §2 /likes, /likes/{type})', () => {
  it('knows the overview and the three types', () => {
    expect(likeTypeFromPath('/likes')).toBe('all');
    expect(likeTypeFromPath('/likes/')).toBe('all');
    expect(likeTypeFromPath('/likes/sent')).toBe('sent');
    expect(likeTypeFromPath('/likes/received')).toBe('received');
    expect(likeTypeFromPath('/likes/matches')).toBe('matches');
  });
  it('answers null (404) for anything else', () => {
    expect(likeTypeFromPath('/likes/foo')).toBeNull();
    expect(likeTypeFromPath('/likes/m/1')).toBeNull();
    expect(likeTypeFromPath('/members')).toBeNull();
  });
});

describe('auto-like (spec §4)', () => {
  it('asks once per session, only without matches', () => {
    expect(shouldAutoLike(undefined, false)).toBe(false);
    expect(shouldAutoLike(likes({ matches: [] }), false)).toBe(true);
    expect(shouldAutoLike(likes({ matches: [] }), true)).toBe(false);
    expect(shouldAutoLike(likes(), false)).toBe(false);
    // A newcomer who has liked nobody yet is never greeted by an auto-like.
    expect(shouldAutoLike(likes({ matches: [], profiles: [] }), false)).toBe(false);
  });
});
