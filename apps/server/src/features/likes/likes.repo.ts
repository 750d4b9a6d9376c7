import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { rowOf, rowsOf, run, sql, sqlText } from '../../platform/sql.ts';
import { shownSql } from '../members/visibility.ts';

const idRow = z.object({ id: z.string() });

/** Whom the member liked, newest first (at most 500). */
export const likesGiven = (q: Queryable, viewerId: string) =>
  rowsOf(
    q,
    idRow,
    sql`SELECT liked_id AS id FROM likes WHERE liker_id = ${viewerId} ORDER BY created_at DESC LIMIT 500`,
  );

/** Who liked the member, newest first (at most 500), with the like's "seen" flag. */
export const likesReceived = (q: Queryable, viewerId: string) =>
  rowsOf(
    q,
    idRow.extend({ seen: z.boolean() }),
    sql`SELECT liker_id AS id, seen FROM likes WHERE liked_id = ${viewerId} ORDER BY created_at DESC LIMIT 500`,
  );

/** Adds a like; its time in microseconds (text) when it is new, undefined when it was there. */
export async function insertLike(q: Queryable, likerId: string, likedId: string, siteId: number) {
  const row = await rowOf(
    q,
    z.object({ at: z.string() }),
    sql`INSERT INTO likes (liker_id, liked_id, site_id) VALUES (${likerId}, ${likedId}, ${siteId}) ON CONFLICT DO NOTHING
       RETURNING (extract(epoch FROM created_at) * 1000000)::bigint::text AS at`,
  );
  return row?.at;
}

/** Whether `likerId` likes `likedId`. */
export async function likesMember(q: Queryable, likerId: string, likedId: string): Promise<boolean> {
  const rows = await rowsOf(
    q,
    z.object({}),
    sql`SELECT 1 FROM likes WHERE liker_id = ${likerId} AND liked_id = ${likedId}`,
  );
  return rows.length > 0;
}

/** Whether the member has liked anybody (the auto-like waits for a member's own first like). */
export async function hasLikedAnyone(q: Queryable, likerId: string): Promise<boolean> {
  const rows = await rowsOf(q, z.object({}), sql`SELECT 1 FROM likes WHERE liker_id = ${likerId} LIMIT 1`);
  return rows.length > 0;
}

export const deleteLike = (q: Queryable, likerId: string, likedId: string) =>
  run(q, sql`DELETE FROM likes WHERE liker_id = ${likerId} AND liked_id = ${likedId}`);

export const markSeen = (q: Queryable, likerId: string, likedId: string) =>
  run(
    q,
    sql`UPDATE likes SET seen = true WHERE liker_id = ${likerId} AND liked_id = ${likedId} AND NOT seen`,
  );

/** What the auto-like needs of the member: gender, whom they seek, birth date. */
export const seekerOf = (q: Queryable, userId: string) =>
  rowOf(
    q,
    z.object({ gender: z.string(), seeking: z.string(), birth_date: z.string() }),
    sql`SELECT gender, seeking, birth_date::text AS birth_date FROM profiles WHERE user_id = ${userId}`,
  );

/**
 * The most recently active fictional profile of the site that fits (genders, who seeks
 * `gender`, born in (after, onOrBefore]), shows to the viewer and has no like either way.
 */
export const autoLikePick = (
  q: Queryable,
  f: {
    siteId: number;
    genders: string[];
    gender: string;
    viewerId: string;
    after: string;
    onOrBefore: string;
  },
) =>
  rowOf(
    q,
    z.object({ id: z.string(), name: z.string(), main_key: z.string().nullable() }),
    sql`SELECT p.user_id AS id, p.name, ph.storage_key AS main_key
         FROM profiles p JOIN users u ON u.id = p.user_id
         CROSS JOIN (SELECT ${f.viewerId}::uuid AS id) v
         LEFT JOIN photos ph ON ph.user_id = p.user_id AND ph.is_main AND ph.status = 'active'
        WHERE p.site_id = ${f.siteId} AND u.fictional AND p.gender = ANY(${f.genders}::text[])
          AND p.seeking IN (${f.gender}, 'both') AND p.user_id <> v.id
          AND p.birth_date > ${f.after}::date AND p.birth_date <= ${f.onOrBefore}::date
          AND NOT EXISTS (SELECT 1 FROM likes l WHERE (l.liker_id = p.user_id AND l.liked_id = v.id)
                                                  OR (l.liker_id = v.id AND l.liked_id = p.user_id))
          AND ${sqlText(shownSql('p', 'u', 'v.id', 'false'))}
        ORDER BY p.last_active_at DESC LIMIT 1`,
  );
