import { endpoints } from '@amora/contracts/endpoints';
import { call } from '../../api/client.ts';

/**
 * Likes calls (spec §7 /api/likes.php, /api/auto-like.php). Plain functions with types only, so
 * the navigation (badge) can use them without pulling zod into the entry bundle.
 */
export const likesRoot = ['likes'] as const;
/** Per member, so a login (another member in the same tab) loads their own likes (contracts: the server fills it too). */
export { likesKey } from '@amora/contracts/rules';

const { likes } = endpoints;

export const fetchLikes = (signal?: AbortSignal) =>
  call(likes.list, { headers: { 'x-request-type': 'client' }, signal });

export const likeMember = (id: string) => call(likes.like, { params: { id } });

/** Opening the profile of someone who liked me clears that like's "new" flag (spec §4). */
export const markLikeSeen = (id: string) => call(likes.seen, { params: { id } });

export const unlikeMember = (id: string) => call(likes.unlike, { params: { id } });

/** The one member shown in the match modal: from a like result or an auto-like. */
export type { MatchPartner } from '@amora/contracts';

export const fetchAutoLike = () => call(likes.autoLike, { headers: { 'x-request-type': 'client' } });
