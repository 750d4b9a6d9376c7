import type { Queryable } from '../../platform/db.ts';

export interface MemberCardRow {
  id: string;
  name: string;
  birth_date: string | Date;
  city: string | null;
  country: string;
  main_key: string | null;
}

/**
 * Recently active members with an active main photo, for the public home page. Only visible
 * accounts: active, not invisible, profile not disabled.
 */
export async function recentMembersWithPhoto(
  q: Queryable,
  siteId: number,
  limit: number,
): Promise<MemberCardRow[]> {
  return q.query<MemberCardRow>(
    `SELECT p.user_id AS id, p.name, p.birth_date, p.city, p.country, ph.storage_key AS main_key
       FROM profiles p
       JOIN users u ON u.id = p.user_id
       JOIN photos ph ON ph.user_id = p.user_id AND ph.is_main AND ph.status = 'active'
      WHERE p.site_id = $1 AND u.status = 'active' AND NOT u.invisible AND p.status = 'active'
      ORDER BY u.last_active_at DESC, p.user_id
      LIMIT $2`,
    [siteId, limit],
  );
}

export async function countActiveMembers(q: Queryable, siteId: number): Promise<number> {
  const rows = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE site_id = $1 AND status = 'active' AND NOT invisible`,
    [siteId],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Members who fit a new member's choice (gender sought, who seeks them, age band), with an active
 * main photo, most recently active first.
 */
export async function matchingMembers(
  q: Queryable,
  siteId: number,
  f: { genders: string[]; seekingOneOf: string[]; minAge: number; maxAge: number; limit: number },
): Promise<MemberCardRow[]> {
  return q.query<MemberCardRow>(
    `SELECT p.user_id AS id, p.name, p.birth_date, p.city, p.country, ph.storage_key AS main_key
       FROM profiles p
       JOIN users u ON u.id = p.user_id
       JOIN photos ph ON ph.user_id = p.user_id AND ph.is_main AND ph.status = 'active'
      WHERE p.site_id = $1 AND u.status = 'active' AND NOT u.invisible AND p.status = 'active'
        AND p.gender = ANY($2::text[]) AND p.seeking = ANY($3::text[])
        AND p.birth_date > (current_date - make_interval(years => $5 + 1))::date
        AND p.birth_date <= (current_date - make_interval(years => $4))::date
      ORDER BY u.last_active_at DESC, p.user_id
      LIMIT $6`,
    [siteId, f.genders, f.seekingOneOf, f.minAge, f.maxAge, f.limit],
  );
}
