import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { rowOf, rowsOf, run, sql } from '../../platform/sql.ts';

const idRow = z.object({ id: z.string() });

/** Everyone the member has liked or passed (the swipe game shows them no more). */
export async function likedOrPassed(q: Queryable, viewerId: string): Promise<Set<string>> {
  const rows = await rowsOf(
    q,
    idRow,
    sql`SELECT liked_id AS id FROM likes WHERE liker_id = ${viewerId}
        UNION SELECT passed_id FROM swipe_passes WHERE user_id = ${viewerId}`,
  );
  return new Set(rows.map((r) => r.id));
}

/** Counts one swipe like on the day (the table's CHECK refuses one past the allowance). */
export const takeSwipe = (q: Queryable, viewerId: string, day: string) =>
  run(
    q,
    sql`INSERT INTO swipe_days (user_id, day, likes) VALUES (${viewerId}, ${day}, 1)
        ON CONFLICT (user_id, day) DO UPDATE SET likes = swipe_days.likes + 1`,
  );

/** Gives a swipe like of the day back. */
export const giveSwipeBack = (q: Queryable, viewerId: string, day: string) =>
  run(q, sql`UPDATE swipe_days SET likes = likes - 1 WHERE user_id = ${viewerId} AND day = ${day}`);

/** The swipe likes used on the day. */
export async function swipesUsed(q: Queryable, viewerId: string, day: string): Promise<number> {
  const row = await rowOf(
    q,
    z.object({ likes: z.number() }),
    sql`SELECT likes FROM swipe_days WHERE user_id = ${viewerId} AND day = ${day}`,
  );
  return row?.likes ?? 0;
}

/** Passes a member of the site for good; whether a pass was added (false: known, or no such member). */
export async function insertPass(q: Queryable, viewerId: string, id: string, siteId: number) {
  const rows = await rowsOf(
    q,
    z.object({ passed_id: z.string() }),
    sql`INSERT INTO swipe_passes (user_id, passed_id)
          SELECT ${viewerId}::uuid, user_id FROM profiles
           WHERE user_id = ${id} AND site_id = ${siteId} AND user_id <> ${viewerId}
        ON CONFLICT DO NOTHING RETURNING passed_id`,
  );
  return rows.length > 0;
}

/** Whether the member has passed `id` already. */
export async function hasPassed(q: Queryable, viewerId: string, id: string): Promise<boolean> {
  const rows = await rowsOf(
    q,
    z.object({}),
    sql`SELECT 1 FROM swipe_passes WHERE user_id = ${viewerId} AND passed_id = ${id}`,
  );
  return rows.length > 0;
}
