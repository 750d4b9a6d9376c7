import { profileUpdateSchema } from '@amora/contracts';
import type { Queryable } from '../../platform/db.ts';
import { run, sql } from '../../platform/sql.ts';

export interface ProfileRow {
  user_id: string;
  site_id: number;
  name: string;
  gender: 'male' | 'female';
  seeking: 'male' | 'female' | 'both';
  sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi';
  birth_date: string;
  country: string;
  region: string | null;
  city: string | null;
  about: string;
  interests: string[];
  hair_color: string | null;
  eye_color: string | null;
  body_type: string | null;
  relationship_status: string | null;
  tattoos: boolean | null;
  signup_reason: string | null;
  status: string;
  /** A fictional profile of a site that switched them off (migration 027): shown nowhere. */
  fictional_hidden: boolean;
  last_active_at: Date;
  // from users
  invisible: boolean;
  paid_user: boolean;
  fictional: boolean;
  user_status: string;
}

const SELECT = `SELECT p.user_id, p.site_id, p.name, p.gender, p.seeking, p.sexuality, p.birth_date::text AS birth_date,
    p.country, p.region, p.city, p.about, p.interests, p.hair_color, p.eye_color, p.body_type, p.relationship_status,
    p.tattoos, p.signup_reason, p.status, p.fictional_hidden, p.last_active_at, u.invisible, u.paid_user, u.fictional, u.status AS user_status
  FROM profiles p JOIN users u ON u.id = p.user_id`;

export async function profileById(q: Queryable, userId: string): Promise<ProfileRow | null> {
  const rows = await q.query<ProfileRow>(`${SELECT} WHERE p.user_id = $1`, [userId]);
  return rows[0] ?? null;
}

/** Columns a member may set on their own profile: exactly the fields of the shared update schema. */
const EDITABLE = Object.keys(profileUpdateSchema.shape);

export async function updateProfile(
  q: Queryable,
  userId: string,
  changes: Record<string, unknown>,
): Promise<void> {
  const cols = EDITABLE.filter((c) => c in changes);
  if (cols.length === 0) return;
  // Column names come from the fixed list above, values are parameters.
  await q.query(
    `UPDATE profiles SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE user_id = $1`,
    [userId, ...cols.map((c) => changes[c])],
  );
  if (cols.includes('seeking')) {
    // A second statement, so sexuality follows the new `seeking`.
    await q.query(
      `UPDATE profiles SET sexuality = CASE WHEN seeking = 'both' THEN 'bi' WHEN seeking <> gender THEN 'hetero'
         WHEN gender = 'male' THEN 'gay' ELSE 'lesbian' END WHERE user_id = $1`,
      [userId],
    );
  }
}

/** Is either member blocking the other? */
export async function blockBetween(
  q: Queryable,
  a: string,
  b: string,
): Promise<{ aBlocksB: boolean; bBlocksA: boolean }> {
  const rows = await q.query<{ blocker_id: string }>(
    'SELECT blocker_id FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)',
    [a, b],
  );
  return { aBlocksB: rows.some((r) => r.blocker_id === a), bBlocksA: rows.some((r) => r.blocker_id === b) };
}

/** Hides the member from lists and searches (or shows them again). */
export const setInvisible = (q: Queryable, userId: string, invisible: boolean) =>
  run(q, sql`UPDATE users SET invisible = ${invisible} WHERE id = ${userId}`);
