import { ageOn, MAX_AGE, MIN_AGE, type SearchCard, type SwipeState } from '@amora/contracts';
import type { Db } from '../../platform/db.ts';
import { violates } from '../../platform/db-errors.ts';
import { AppError, found } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Site } from '../../platform/sites.ts';
import { like } from '../likes/likes.service.ts';
import { searchMembers } from '../members/search.ts';
import { profileById } from '../profiles/profiles.service.ts';
import {
  giveSwipeBack,
  hasPassed,
  insertPass,
  likedOrPassed,
  swipesUsed,
  takeSwipe,
} from './discover.repo.ts';

export const SWIPE_LIKES_PER_DAY = 4;

/** Today's date in the site's time zone (the swipe allowance resets at local midnight). */
export function siteDay(site: Site, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: site.config.time_zone }).format(now);
}

const isLimit = (err: unknown) => violates(err, 'swipe_days_likes_check');

/** The swipe game's stack and the likes left today (GET /api/swipe). */
export async function swipeStack(db: Db, site: Site, viewerId: string): Promise<SwipeState> {
  return {
    likes_left: await swipeLikesLeft(db, site, viewerId),
    cards: await suggestions(db, site, viewerId, SWIPE_STACK),
  };
}

/** The match finder's suggestions (GET /api/match-finder). */
export async function matchFinder(db: Db, site: Site, viewerId: string): Promise<{ members: SearchCard[] }> {
  return { members: await suggestions(db, site, viewerId, MATCH_FINDER_SIZE) };
}

/** Cards of a swipe stack, and suggestions the match finder shows. */
const SWIPE_STACK = 10;
const MATCH_FINDER_SIZE = 24;

/**
 * Members who fit the viewer's own profile (the sex they seek, about their age, their country),
 * not yet liked or passed: the cards of the swipe game and the match finder.
 */
export async function suggestions(db: Db, site: Site, viewerId: string, limit = 10): Promise<SearchCard[]> {
  const me = found(await profileById(db, viewerId));
  const age = ageOn(me.birth_date);
  const seen = await likedOrPassed(db, viewerId);
  const genders = me.seeking === 'both' ? [undefined] : [me.seeking];
  const out: SearchCard[] = [];
  for (const gender of genders) {
    let cursor: string | undefined;
    for (let page = 0; page < 5 && out.length < limit; page++) {
      const r = await searchMembers(
        db,
        site,
        {
          gender,
          country: me.country,
          min_age: Math.max(MIN_AGE, age - 10),
          max_age: Math.min(MAX_AGE, age + 10),
          limit: 48,
          cursor,
        },
        viewerId,
      );
      out.push(...r.members.filter((m) => !seen.has(m.id)));
      if (!r.next_cursor) break;
      cursor = r.next_cursor;
    }
  }
  return out.slice(0, limit);
}

/**
 * A like from the swipe game: at most 4 a day (site time). The day's count is taken first (its CHECK
 * refuses a fifth), then the like; a like that fails gives its count back.
 */
export async function swipeLike(db: Db, site: Site, viewerId: string, id: string) {
  const day = siteDay(site);
  try {
    await db.tx((q) => takeSwipe(q, viewerId, day));
  } catch (err) {
    if (isLimit(err)) throw new AppError('swipe_limit', 429, { limit: SWIPE_LIKES_PER_DAY });
    throw err;
  }
  try {
    return await like(db, site, viewerId, id);
  } catch (err) {
    // The like did not happen: give the swipe back.
    await giveSwipeBack(db, viewerId, day);
    throw err;
  }
}

/** Passes a member of the viewer's own site for good; anyone else (another site, no one) is not found. */
export async function swipePass(db: Db, site: Site, viewerId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw new AppError('not_found', 404);
  if (await insertPass(db, viewerId, id, site.id)) return;
  if (!(await hasPassed(db, viewerId, id))) throw new AppError('not_found', 404);
}

export async function swipeLikesLeft(db: Db, site: Site, viewerId: string): Promise<number> {
  return SWIPE_LIKES_PER_DAY - (await swipesUsed(db, viewerId, siteDay(site)));
}
