import type { LikeResult, LikesResponse } from '@amora/contracts';
import { api } from '../../api/client.ts';

/**
 * Likes calls (spec §7 /api/likes.php, /api/auto-like.php). Plain functions with types only, so
 * the navigation (badge) can use them without pulling zod into the entry bundle.
 */
export const likesRoot = ['likes'] as const;
/** Per member, so a login (another member in the same tab) loads their own likes. */
export const likesKey = (userId: string) => ['likes', userId] as const;

export const fetchLikes = (signal?: AbortSignal) =>
  api<LikesResponse>('/api/likes.php', { headers: { 'x-request-type': 'client' }, signal });

export const likeMember = (id: string) =>
  api<LikeResult>(`/api/likes/${encodeURIComponent(id)}`, { method: 'POST' });

/** Opening the profile of someone who liked me clears that like's "new" flag (spec §4). */
export const markLikeSeen = (id: string) =>
  api<void>(`/api/likes/${encodeURIComponent(id)}/seen`, { method: 'POST' });

export const unlikeMember = (id: string) =>
  api<LikeResult>(`/api/likes/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** The one member shown in the match modal: from a like result or an auto-like. */
export interface MatchPartner {
  id: string;
  name: string;
  main_image: string | null;
}

export const fetchAutoLike = () =>
  api<{ profile: MatchPartner | null }>('/api/auto-like.php', { headers: { 'x-request-type': 'client' } });
