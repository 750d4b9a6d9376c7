import { endpoints } from '@amora/contracts/endpoints';
import { call } from '../../api/client.ts';

/** Swipe game and match finder calls (apps/server/src/features/discover/discover.routes.ts). */
export type { SwipeState } from '@amora/contracts';

const { discover } = endpoints;

/** Per member, so another login in the same tab starts from its own stack (the server fills them when it renders the pages). */
export { matchFinderKey, matchFinderRoot, swipeKey } from '@amora/contracts/rules';

export const fetchSwipe = (signal?: AbortSignal) => call(discover.swipe, { signal });

/** Refused with `swipe_limit` (429) once the day's swipe likes are used. */
export const swipeLike = (id: string) => call(discover.swipeLike, { params: { id } });

export const swipePass = (id: string) => call(discover.swipePass, { params: { id } });

export const fetchMatchFinder = (signal?: AbortSignal) => call(discover.matchFinder, { signal });
