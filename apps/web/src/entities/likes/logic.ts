import type { LikesResponse, SearchCard } from '@amora/contracts';

/**
 * Pure likes logic (no value imports from the contracts, so the navigation chunk may use it).
 * Spec §3 "Like states: sent, received, match".
 */

/** Spec §4/§9: after an auto-like shows in the match modal, likes reload 500 ms later. */
export const AUTO_LIKE_RELOAD_MS = 500;
/** sessionStorage flag: the auto-like was asked for once in this session. */
export const AUTO_LIKE_FLAG = 'amora.autoLike';

/** Received likes still marked new (spec §3 like_new). */
export function countNewLikes(likedBy: readonly { like_new: boolean }[]): number {
  return likedBy.reduce((n, l) => n + (l.like_new ? 1 : 0), 0);
}

/** The badge count: the server's total, else counted from the entries. */
export function newLikesOf(likes: LikesResponse | undefined | null): number {
  if (!likes) return 0;
  return Number.isFinite(likes.total_new_likes) ? likes.total_new_likes : countNewLikes(likes.liked_by);
}

export type LikeCard = SearchCard & { isNew: boolean };

export interface LikeSections {
  matches: LikeCard[];
  received: LikeCard[];
  sent: LikeCard[];
}

/**
 * Splits the likes into the three states, each member in exactly one: a match (both ways), a
 * like received (with its "new" flag), a like sent. Orders stay the server's (newest first).
 */
export function splitLikes(likes: LikesResponse): LikeSections {
  const matchIds = new Set(likes.matches);
  const isNew = new Map(likes.liked_by.map((l) => [l.id, l.like_new]));
  const seen = new Set<string>();
  const matches: LikeCard[] = [];
  for (const card of [...likes.liked_by_profiles, ...likes.profiles]) {
    if (!matchIds.has(card.id) || seen.has(card.id)) continue;
    seen.add(card.id);
    matches.push({ ...card, isNew: isNew.get(card.id) ?? false });
  }
  return {
    matches,
    received: likes.liked_by_profiles
      .filter((c) => !matchIds.has(c.id))
      .map((c) => ({ ...c, isNew: isNew.get(c.id) ?? false })),
    sent: likes.profiles.filter((c) => !matchIds.has(c.id)).map((c) => ({ ...c, isNew: false })),
  };
}

/**
 * Whether the auto-like should be asked for: once per session, a member with no matches yet who
 * has liked someone themselves (the server keeps the same rule), so it is never the first thing a
 * newcomer sees on their first search.
 */
export function shouldAutoLike(likes: LikesResponse | undefined, alreadyAsked: boolean): boolean {
  return !!likes && !alreadyAsked && likes.matches.length === 0 && likes.profiles.length > 0;
}
