import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { rowOf, rowsOf, run, sql } from '../../platform/sql.ts';

/**
 * Moderation's SQL on photos: the review queue, and the photo's status that a review or a
 * decision changes (rejected, restored; the main photo moved on), which nothing else changes.
 */

const queuePhotoRow = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  storage_key: z.string(),
  status: z.enum(['pending', 'active']),
  created_at: z.date(),
});
export type QueuePhotoRow = z.output<typeof queuePhotoRow>;

const countRow = z.object({ n: z.number() });

/** The photo queue: a site's photos not yet reviewed (pending or published); demo members left out. */
const photoQueue = (siteId: number) =>
  sql`FROM photos ph JOIN users u ON u.id = ph.user_id JOIN profiles p ON p.user_id = ph.user_id
      WHERE ph.site_id = ${siteId} AND ph.reviewed_at IS NULL AND ph.status <> 'rejected' AND NOT u.is_demo
        AND u.status NOT IN ('deleted', 'banned')`;

/** A page of the photo queue, oldest first. */
export function photoQueueRows(
  q: Queryable,
  siteId: number,
  limit: number,
  offset = 0,
): Promise<QueuePhotoRow[]> {
  return rowsOf(
    q,
    queuePhotoRow,
    sql`SELECT ph.id, ph.user_id, p.name, ph.storage_key, ph.status, ph.created_at ${photoQueue(siteId)}
         ORDER BY ph.created_at, ph.id LIMIT ${limit} OFFSET ${offset}`,
  );
}

/** How many photos the queue holds. */
export const photoQueueCount = async (q: Queryable, siteId: number) =>
  (await rowOf(q, countRow, sql`SELECT count(*)::int AS n ${photoQueue(siteId)}`))?.n ?? 0;

const photoFacts = z.object({
  id: z.string(),
  user_id: z.string(),
  site_id: z.number(),
  storage_key: z.string(),
  status: z.enum(['pending', 'active', 'rejected']),
  is_main: z.boolean(),
  reviewed_at: z.date().nullable(),
  created_at: z.date(),
});
export type PhotoFacts = z.output<typeof photoFacts>;

export const photoForUpdate = (q: Queryable, siteId: number, photoId: string) =>
  rowOf(
    q,
    photoFacts,
    sql`SELECT id, user_id, site_id, storage_key, status, is_main, reviewed_at, created_at
          FROM photos WHERE id = ${photoId} AND site_id = ${siteId} FOR UPDATE`,
  );

export const approvePhotoRow = (q: Queryable, photoId: string): Promise<void> =>
  run(q, sql`UPDATE photos SET status = 'active', reviewed_at = now() WHERE id = ${photoId}`);

/**
 * Takes a photo off every surface: rejected (every list reads only 'active' photos) and no longer
 * the main one; the member's next photo (published first, then by position) becomes main.
 */
export async function rejectPhotoRow(q: Queryable, photo: PhotoFacts): Promise<void> {
  await run(
    q,
    sql`UPDATE photos SET status = 'rejected', is_main = false, reviewed_at = now() WHERE id = ${photo.id}`,
  );
  if (photo.is_main) await promoteMain(q, photo.user_id);
}

/** Gives a member without a main photo their first remaining one (published first). */
const promoteMain = (q: Queryable, userId: string): Promise<void> =>
  run(
    q,
    sql`UPDATE photos SET is_main = true WHERE id = (
          SELECT id FROM photos WHERE user_id = ${userId} AND status <> 'rejected'
           ORDER BY over_limit, (status = 'active') DESC, position LIMIT 1)
          AND NOT EXISTS (SELECT 1 FROM photos WHERE user_id = ${userId} AND is_main)`,
  );

/** Reverses a rejection: the photo is published again; main again when the member has none. */
export async function restorePhotoRow(q: Queryable, photoId: string): Promise<void> {
  const row = await rowOf(
    q,
    z.object({ user_id: z.string() }),
    sql`UPDATE photos SET status = 'active' WHERE id = ${photoId} AND status = 'rejected' RETURNING user_id`,
  );
  if (!row) return;
  // A member left without a published main photo gets this one as main again.
  const main = await rowsOf(
    q,
    z.object({}),
    sql`SELECT 1 FROM photos WHERE user_id = ${row.user_id} AND is_main AND status = 'active'`,
  );
  if (main.length) return;
  await run(q, sql`UPDATE photos SET is_main = false WHERE user_id = ${row.user_id} AND is_main`);
  await run(q, sql`UPDATE photos SET is_main = true WHERE id = ${photoId}`);
}

/** A member's photos, main first (a report's detail). */
export const memberPhotos = (q: Queryable, userId: string) =>
  rowsOf(
    q,
    z.object({ id: z.string(), storage_key: z.string(), status: z.string(), is_main: z.boolean() }),
    sql`SELECT id, storage_key, status, is_main FROM photos WHERE user_id = ${userId}
         ORDER BY is_main DESC, position, created_at`,
  );

/** A photo's stored file (a notice's thumbnail), whatever its status. */
export const photoStorageKey = async (q: Queryable, photoId: string) =>
  (
    await rowOf(
      q,
      z.object({ storage_key: z.string() }),
      sql`SELECT storage_key FROM photos WHERE id = ${photoId}`,
    )
  )?.storage_key;
