import type { Queryable } from '../../platform/db.ts';
import { reachedOutSql, shownSql } from './visibility.ts';

/** What a member card is made of (members.presenter presentCard). */
export interface CardRow {
  id: string;
  name: string;
  birth_date: string | Date;
  city: string | null;
  region: string | null;
  country: string;
  last_active_at: Date | string;
  fictional: boolean;
  main_key: string | null;
}

/** The columns of a card, from profile `p`, user `u` and main photo `ph`. */
export const CARD_COLUMNS = `p.user_id AS id, p.name, p.birth_date::text AS birth_date, p.city, p.region, p.country,
       p.last_active_at, u.fictional, ph.storage_key AS main_key`;

/** Cards of visible members (searchable: active, not invisible, profile active) with an active main photo. */
const CARDS_FROM = `SELECT ${CARD_COLUMNS}
       FROM profiles p JOIN users u ON u.id = p.user_id
       JOIN photos ph ON ph.user_id = p.user_id AND ph.is_main AND ph.status = 'active'
      WHERE p.searchable`;

/**
 * Card rows of the given members shown to the viewer (visibility.ts), in no particular order;
 * invisible ones when they reached out to the viewer (liked them, talk with them), or all of them
 * when `includeInvisible` (the caller knows they talk).
 */
export async function cardRows(
  q: Queryable,
  siteId: number,
  viewerId: string,
  ids: string[],
  includeInvisible: boolean,
): Promise<CardRow[]> {
  return q.query<CardRow>(
    `SELECT ${CARD_COLUMNS}
       FROM profiles p JOIN users u ON u.id = p.user_id
       LEFT JOIN photos ph ON ph.user_id = p.user_id AND ph.is_main AND ph.status = 'active'
      WHERE p.user_id = ANY($1::uuid[]) AND p.site_id = $2
        AND ${shownSql('p', 'u', '$3', `($4 OR ${reachedOutSql('p.user_id', '$3')})`)}`,
    [ids, siteId, viewerId, includeInvisible],
  );
}

/**
 * Members the public home page may show (members.service featuredMembers says why each rule):
 * visible (searchable: confirmed, active, not invisible), a main photo that passed the site's
 * photo policy (status 'active'), a member for at least `minDays` days, city and about-me filled
 * in; most recently active first.
 */
export async function featuredRows(
  q: Queryable,
  siteId: number,
  f: { minDays: number; limit: number; only?: MemberKind | undefined },
): Promise<CardRow[]> {
  const o = f.only ?? {};
  return q.query<CardRow>(
    `${CARDS_FROM} AND p.site_id = $1
        AND u.signup_date <= now() - make_interval(days => $2)
        AND btrim(coalesce(p.city, '')) <> '' AND btrim(p.about) <> ''
        AND ($4::text IS NULL OR p.gender = $4)
        AND ($5::text[] IS NULL OR p.seeking = ANY($5::text[]))
        AND ($6::text[] IS NULL OR p.body_type = ANY($6::text[]))
        AND ($7::int IS NULL OR p.birth_date <= (current_date - make_interval(years => $7))::date)
        AND ($8::int IS NULL OR p.birth_date > (current_date - make_interval(years => $8 + 1))::date)
      ORDER BY p.last_active_at DESC, p.user_id LIMIT $3`,
    [
      siteId,
      f.minDays,
      f.limit,
      o.gender ?? null,
      o.seeking ?? null,
      o.bodyTypes ?? null,
      o.minAge ?? null,
      o.maxAge ?? null,
    ],
  );
}

/** Which members a niche lander shows (members.service NICHE_MEMBERS): each part optional. */
export interface MemberKind {
  gender?: 'male' | 'female';
  seeking?: string[];
  bodyTypes?: string[];
  minAge?: number;
  maxAge?: number;
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
): Promise<CardRow[]> {
  return q.query<CardRow>(
    `${CARDS_FROM} AND p.site_id = $1
        AND p.gender = ANY($2::text[]) AND p.seeking = ANY($3::text[])
        AND p.birth_date > (current_date - make_interval(years => $5 + 1))::date
        AND p.birth_date <= (current_date - make_interval(years => $4))::date
      ORDER BY p.last_active_at DESC, p.user_id
      LIMIT $6`,
    [siteId, f.genders, f.seekingOneOf, f.minAge, f.maxAge, f.limit],
  );
}

/** Whether the viewer likes member `id`, and whether that like is a match (the member page). */
export async function likeState(
  q: Queryable,
  viewerId: string,
  id: string,
): Promise<{ liked: boolean; match: boolean }> {
  const rows = await q.query<{ liker_id: string }>(
    'SELECT liker_id FROM likes WHERE (liker_id = $1 AND liked_id = $2) OR (liker_id = $2 AND liked_id = $1)',
    [viewerId, id],
  );
  const liked = rows.some((r) => r.liker_id === viewerId);
  return { liked, match: liked && rows.some((r) => r.liker_id === id) };
}
