import { ownProfileSchema, profileUpdateSchema } from '@amora/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { pairWays, rowOf, run, sql, sqlText } from '../../platform/sql.ts';

/**
 * A profile: the own profile's fields (contracts ownProfileSchema, without what the server adds to
 * it) as the row holds them, and the row's and the user's columns the server decides by.
 */
const profileRow = ownProfileSchema
  .omit({ id: true, age: true, photos: true, photo_limit: true, completeness: true, missing: true })
  .extend({
    user_id: z.string(),
    site_id: z.number(),
    status: z.string(),
    /** A fictional profile of a site that switched them off (migration 027): shown nowhere. */
    fictional_hidden: z.boolean(),
    last_active_at: z.date(),
    // from users
    paid_user: z.boolean(),
    fictional: z.boolean(),
    user_status: z.string(),
  });
export type ProfileRow = z.output<typeof profileRow>;

export async function profileById(q: Queryable, userId: string): Promise<ProfileRow | null> {
  const row = await rowOf(
    q,
    profileRow,
    sql`SELECT p.user_id, p.site_id, p.name, p.gender, p.seeking, p.sexuality, p.birth_date::text AS birth_date,
               p.country, p.region, p.city, p.about, p.interests, p.hair_color, p.eye_color, p.body_type,
               p.relationship_status, p.tattoos, p.signup_reason, p.status, p.fictional_hidden, p.last_active_at,
               u.invisible, u.paid_user, u.fictional, u.status AS user_status
          FROM profiles p JOIN users u ON u.id = p.user_id
         WHERE p.user_id = ${userId}`,
  );
  return row ?? null;
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
  const set = cols.map((c) => sql`${sqlText(c)} = ${changes[c]}`).reduce((list, one) => sql`${list}, ${one}`);
  await run(q, sql`UPDATE profiles SET ${set} WHERE user_id = ${userId}`);
  if (cols.includes('seeking')) {
    // A second statement, so sexuality follows the new `seeking`.
    await run(
      q,
      sql`UPDATE profiles SET sexuality = CASE WHEN seeking = 'both' THEN 'bi' WHEN seeking <> gender THEN 'hetero'
            WHEN gender = 'male' THEN 'gay' ELSE 'lesbian' END WHERE user_id = ${userId}`,
    );
  }
}

/** Is either member blocking the other? */
export async function blockBetween(
  q: Queryable,
  a: string,
  b: string,
): Promise<{ aBlocksB: boolean; bBlocksA: boolean }> {
  const { ab, ba } = await pairWays(q, { table: 'blocks', from: 'blocker_id', to: 'blocked_id' }, a, b);
  return { aBlocksB: ab, bBlocksA: ba };
}

/** Hides the member from lists and searches (or shows them again). */
export const setInvisible = (q: Queryable, userId: string, invisible: boolean) =>
  run(q, sql`UPDATE users SET invisible = ${invisible} WHERE id = ${userId}`);
