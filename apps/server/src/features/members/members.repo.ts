import type { Queryable } from '../../platform/db.ts';

export interface MemberCardRow {
  id: string;
  name: string;
  birth_date: string | Date;
  city: string | null;
  country: string;
  main_key: string | null;
}

/** Cards of visible members (searchable: active, not invisible, profile active) with an active main photo. */
const CARDS_FROM = `SELECT p.user_id AS id, p.name, p.birth_date, p.city, p.country, ph.storage_key AS main_key
       FROM profiles p
       JOIN photos ph ON ph.user_id = p.user_id AND ph.is_main AND ph.status = 'active'
      WHERE p.searchable`;

/** Recently active members with a photo, for the public home page. */
export async function recentMembersWithPhoto(
  q: Queryable,
  siteId: number,
  limit: number,
): Promise<MemberCardRow[]> {
  return q.query<MemberCardRow>(
    `${CARDS_FROM} AND p.site_id = $1 ORDER BY p.last_active_at DESC, p.user_id LIMIT $2`,
    [siteId, limit],
  );
}

export async function countActiveMembers(q: Queryable, siteId: number): Promise<number> {
  const rows = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM profiles WHERE site_id = $1 AND searchable',
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
    `${CARDS_FROM} AND p.site_id = $1
        AND p.gender = ANY($2::text[]) AND p.seeking = ANY($3::text[])
        AND p.birth_date > (current_date - make_interval(years => $5 + 1))::date
        AND p.birth_date <= (current_date - make_interval(years => $4))::date
      ORDER BY p.last_active_at DESC, p.user_id
      LIMIT $6`,
    [siteId, f.genders, f.seekingOneOf, f.minAge, f.maxAge, f.limit],
  );
}
