import { ageOn, MAX_AGE, MIN_AGE, type SearchCard } from '@amora/contracts';
import type { Db } from '../../platform/db.ts';
import { violates } from '../../platform/db-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Site } from '../../platform/sites.ts';
import { like } from '../likes/likes.service.ts';
import { searchMembers } from '../members/search.ts';
import { profileById } from '../profiles/profiles.service.ts';

export const SWIPE_LIKES_PER_DAY = 4;

/** Today's date in the site's time zone (the swipe allowance resets at local midnight). */
export function siteDay(site: Site, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: site.config.time_zone }).format(now);
}

const isLimit = (err: unknown) => violates(err, 'swipe_days_likes_check');

/**
 * Members who fit the viewer's own profile (the sex they seek, about their age, their country),
 * not yet liked or passed: the cards of the swipe game and the match finder.
 */
export async function suggestions(db: Db, site: Site, viewerId: string, limit = 10): Promise<SearchCard[]> {
  const me = await profileById(db, viewerId);
  if (!me) throw new AppError('not_found', 404);
  const age = ageOn(me.birth_date);
  const seen = new Set(
    (
      await db.query<{ id: string }>(
        `SELECT liked_id AS id FROM likes WHERE liker_id = $1 UNION SELECT passed_id FROM swipe_passes WHERE user_id = $1`,
        [viewerId],
      )
    ).map((r) => r.id),
  );
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
    await db.tx(async (q) => {
      await q.query(
        `INSERT INTO swipe_days (user_id, day, likes) VALUES ($1, $2, 1)
         ON CONFLICT (user_id, day) DO UPDATE SET likes = swipe_days.likes + 1`,
        [viewerId, day],
      );
    });
  } catch (err) {
    if (isLimit(err)) throw new AppError('swipe_limit', 429, { limit: SWIPE_LIKES_PER_DAY });
    throw err;
  }
  try {
    return await like(db, site, viewerId, id);
  } catch (err) {
    // The like did not happen: give the swipe back.
    await db.query('UPDATE swipe_days SET likes = likes - 1 WHERE user_id = $1 AND day = $2', [
      viewerId,
      day,
    ]);
    throw err;
  }
}

/** Passes a member of the viewer's own site for good; anyone else (another site, no one) is not found. */
export async function swipePass(db: Db, site: Site, viewerId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw new AppError('not_found', 404);
  const rows = await db.query(
    `INSERT INTO swipe_passes (user_id, passed_id)
       SELECT $1, user_id FROM profiles WHERE user_id = $2 AND site_id = $3 AND user_id <> $1
     ON CONFLICT DO NOTHING RETURNING passed_id`,
    [viewerId, id, site.id],
  );
  if (rows.length === 0) {
    const [known] = await db.query('SELECT 1 FROM swipe_passes WHERE user_id = $1 AND passed_id = $2', [
      viewerId,
      id,
    ]);
    if (!known) throw new AppError('not_found', 404);
  }
}

export async function swipeLikesLeft(db: Db, site: Site, viewerId: string): Promise<number> {
  const [row] = await db.query<{ likes: number }>(
    'SELECT likes FROM swipe_days WHERE user_id = $1 AND day = $2',
    [viewerId, siteDay(site)],
  );
  return SWIPE_LIKES_PER_DAY - (row?.likes ?? 0);
}
