import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { rowOf, rowsOf, run, sql, sqlText } from '../../platform/sql.ts';

export const photoRow = z.object({
  id: z.string(),
  user_id: z.string(),
  storage_key: z.string(),
  status: z.enum(['pending', 'active', 'rejected']),
  is_main: z.boolean(),
  position: z.number(),
  /** Held back: beyond the free limit after the member's premium ended (shown to nobody else). */
  over_limit: z.boolean(),
});
export type PhotoRow = z.output<typeof photoRow>;

const columns = sqlText('id, user_id, storage_key, status, is_main, position, over_limit');

export const photosOf = (q: Queryable, userId: string, onlyActive = false): Promise<PhotoRow[]> =>
  rowsOf(
    q,
    photoRow,
    sql`SELECT ${columns} FROM photos
      WHERE user_id = ${userId} ${sqlText(onlyActive ? "AND status = 'active' AND NOT over_limit" : '')}
      ORDER BY is_main DESC, position, created_at`,
  );

export async function photoOf(
  q: Queryable,
  userId: string,
  photoId: string,
  forUpdate = false,
): Promise<PhotoRow | null> {
  const row = await rowOf(
    q,
    photoRow,
    sql`SELECT ${columns} FROM photos WHERE id = ${photoId} AND user_id = ${userId}
     ${sqlText(forUpdate ? 'FOR UPDATE' : '')}`,
  );
  return row ?? null;
}

/** The member's photo count and whether they pay (the upload limit: free 3, premium 25). */
export const photoAllowance = (q: Queryable, userId: string) =>
  rowOf(
    q,
    z.object({ photo_count: z.number(), paid_user: z.boolean() }),
    sql`SELECT photo_count, paid_user FROM users WHERE id = ${userId}`,
  );

/** Holds the member's row: one upload of a member at a time past this point. */
export const lockMember = (q: Queryable, userId: string) =>
  run(q, sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);

/** A new photo, main when the member has none, last in their order. */
export async function insertPhoto(
  q: Queryable,
  p: {
    userId: string;
    siteId: number;
    key: string;
    status: 'pending' | 'active';
    width: number;
    height: number;
  },
): Promise<PhotoRow> {
  const row = await rowOf(
    q,
    photoRow,
    sql`INSERT INTO photos (user_id, site_id, storage_key, status, is_main, position, width, height)
        VALUES (${p.userId}, ${p.siteId}, ${p.key}, ${p.status},
                NOT EXISTS (SELECT 1 FROM photos WHERE user_id = ${p.userId} AND is_main),
                coalesce((SELECT max(position) + 1 FROM photos WHERE user_id = ${p.userId}), 0),
                ${p.width}, ${p.height})
        RETURNING ${columns}`,
  );
  return row!;
}

export const deletePhotoRow = (q: Queryable, photoId: string) =>
  run(q, sql`DELETE FROM photos WHERE id = ${photoId}`);

/** The next photo (shown ones first, active first) becomes the main one. */
export const promoteNextMain = (q: Queryable, userId: string) =>
  run(
    q,
    sql`UPDATE photos SET is_main = true WHERE id = (
          SELECT id FROM photos WHERE user_id = ${userId}
           ORDER BY over_limit, (status = 'active') DESC, position LIMIT 1)`,
  );

/**
 * Makes a photo the main one. A photo held back (premium ended) that becomes main trades places
 * with the old main photo: the free limit still holds, and no hidden photo shows as anyone's main.
 */
export async function makeMain(q: Queryable, userId: string, photoId: string, heldBack: boolean) {
  const old = await rowsOf(
    q,
    z.object({ id: z.string() }),
    sql`UPDATE photos SET is_main = false, over_limit = over_limit OR ${heldBack}
         WHERE user_id = ${userId} AND is_main AND id <> ${photoId} RETURNING id`,
  );
  await run(
    q,
    sql`UPDATE photos SET is_main = true, over_limit = over_limit AND ${old.length === 0} WHERE id = ${photoId}`,
  );
}

/** Puts the member's photos in the order of `ids`. */
export const setOrder = (q: Queryable, userId: string, ids: string[]) =>
  run(
    q,
    sql`UPDATE photos p SET position = o.pos
          FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS o(id, pos)
         WHERE p.id = o.id AND p.user_id = ${userId}`,
  );
