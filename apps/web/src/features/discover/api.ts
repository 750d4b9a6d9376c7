import type { LikeResult, SearchCard } from '@amora/contracts';
import { api } from '../../api/client.ts';

/** Swipe game and match finder calls (apps/server/src/features/likes/likes.routes.ts swipeRoutes). */

export interface SwipeState {
  /** Swipe likes left today (spec §9: 4 a day, reset at the site's local midnight). */
  likes_left: number;
  /** Up to 10 members fitting the member's own profile, not liked or passed yet. */
  cards: SearchCard[];
}

/** Per member, so another login in the same tab starts from its own stack. */
export const swipeKey = (userId: string) => ['swipe', userId] as const;
export const matchFinderRoot = ['match-finder'] as const;
export const matchFinderKey = (userId: string) => [...matchFinderRoot, userId] as const;

export const fetchSwipe = (signal?: AbortSignal) => api<SwipeState>('/api/swipe', { signal });

/** Refused with `swipe_limit` (429) once the day's swipe likes are used. */
export const swipeLike = (id: string) =>
  api<LikeResult>(`/api/swipe/${encodeURIComponent(id)}/like`, { method: 'POST' });

export const swipePass = (id: string) =>
  api<void>(`/api/swipe/${encodeURIComponent(id)}/pass`, { method: 'POST' });

export const fetchMatchFinder = (signal?: AbortSignal) =>
  api<{ members: SearchCard[] }>('/api/match-finder', { signal });
