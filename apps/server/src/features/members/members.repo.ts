import { searchCardSchema } from '@amora/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { countOf, pairWays, rowsOf, type Sql, sql, sqlText } from '../../platform/sql.ts';
import { reachedOutSql, shownSql } from './visibility.ts';

/**
 * What a member card is made of (members.presenter presentCard): the card's own fields (contracts
 * searchCardSchema) and what the presenter works the rest out from.
 */
const cardRow = searchCardSchema
  .pick({ id: true, name: true, city: true, region: true, country: true, fictional: true })
  .extend({
    birth_date: z.string(),
    last_active_at: z.date(),
    main_key: z.string().nullable(),
  });
export type CardRow = z.output<typeof cardRow>;

/** The columns of a card, from profile `p`, user `u` and main photo `ph`. */
const CARD_COLUMNS =
  sqlText(`p.user_id AS id, p.name, p.birth_date::text AS birth_date, p.city, p.region, p.country,
       p.last_active_at, u.fictional, ph.storage_key AS main_key`);

/**
 * Cards of visible members (searchable: active, not invisible, profile active) with an active main
 * photo, of the site, where `filter` holds, in `rest`'s order and page.
 */
const cardsWhere = (q: Queryable, siteId: number, filter: Sql, rest: Sql) =>
  rowsOf(
    q,
    cardRow,
    sql`SELECT ${CARD_COLUMNS}
          FROM profiles p JOIN users u ON u.id = p.user_id
          JOIN photos ph ON ph.user_id = p.user_id AND ph.is_main AND ph.status = 'active'
         WHERE p.searchable AND p.site_id = ${siteId} ${filter}
         ${rest}`,
  );

/**
 * Card rows of the given members shown to the viewer (visibility.ts), in no particular order;
 * invisible ones when they reached out to the viewer (liked them, talk with them), or all of them
 * when `includeInvisible` (the caller knows they talk).
 */
export function cardRows(
  q: Queryable,
  siteId: number,
  viewerId: string,
  ids: string[],
  includeInvisible: boolean,
): Promise<CardRow[]> {
  return rowsOf(
    q,
    cardRow,
    sql`SELECT ${CARD_COLUMNS}
          FROM profiles p JOIN users u ON u.id = p.user_id
          -- The viewer as a value joined once: the visibility rule names them more than once.
          CROSS JOIN (SELECT ${viewerId}::uuid AS id, ${includeInvisible}::boolean AS all_invisible) v
          LEFT JOIN photos ph ON ph.user_id = p.user_id AND ph.is_main AND ph.status = 'active'
         WHERE p.user_id = ANY(${ids}::uuid[]) AND p.site_id = ${siteId}
           AND ${sqlText(shownSql('p', 'u', 'v.id', `(v.all_invisible OR ${reachedOutSql('p.user_id', 'v.id')})`))}`,
  );
}

/**
 * Members the public home page may show (members.service featuredMembers says why each rule):
 * visible (searchable: confirmed, active, not invisible), a main photo that passed the site's
 * photo policy (status 'active'), a member for at least `minDays` days, city and about-me filled
 * in; most recently active first.
 */
export function featuredRows(
  q: Queryable,
  siteId: number,
  f: { minDays: number; limit: number; only?: MemberKind | undefined },
): Promise<CardRow[]> {
  const o = f.only ?? {};
  const [gender, seeking, bodyTypes] = [o.gender ?? null, o.seeking ?? null, o.bodyTypes ?? null];
  const [minAge, maxAge] = [o.minAge ?? null, o.maxAge ?? null];
  return cardsWhere(
    q,
    siteId,
    sql`AND u.signup_date <= now() - make_interval(days => ${f.minDays})
        AND btrim(coalesce(p.city, '')) <> '' AND btrim(p.about) <> ''
        AND (${gender}::text IS NULL OR p.gender = ${gender})
        AND (${seeking}::text[] IS NULL OR p.seeking = ANY(${seeking}::text[]))
        AND (${bodyTypes}::text[] IS NULL OR p.body_type = ANY(${bodyTypes}::text[]))
        AND (${minAge}::int IS NULL OR p.birth_date <= (current_date - make_interval(years => ${minAge}::int))::date)
        AND (${maxAge}::int IS NULL OR p.birth_date > (current_date - make_interval(years => ${maxAge}::int + 1))::date)`,
    sql`ORDER BY p.last_active_at DESC, p.user_id LIMIT ${f.limit}`,
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

export const countActiveMembers = (q: Queryable, siteId: number): Promise<number> =>
  countOf(q, sql`SELECT count(*)::int AS n FROM profiles WHERE site_id = ${siteId} AND searchable`);

/**
 * Members who fit a new member's choice (gender sought, who seeks them, age band), with an active
 * main photo, most recently active first.
 */
export function matchingMembers(
  q: Queryable,
  siteId: number,
  f: { genders: string[]; seekingOneOf: string[]; minAge: number; maxAge: number; limit: number },
): Promise<CardRow[]> {
  return cardsWhere(
    q,
    siteId,
    sql`AND p.gender = ANY(${f.genders}::text[]) AND p.seeking = ANY(${f.seekingOneOf}::text[])
        AND p.birth_date > (current_date - make_interval(years => ${f.maxAge} + 1))::date
        AND p.birth_date <= (current_date - make_interval(years => ${f.minAge}))::date`,
    sql`ORDER BY p.last_active_at DESC, p.user_id LIMIT ${f.limit}`,
  );
}

/** Whether the viewer likes member `id`, and whether that like is a match (the member page). */
export async function likeState(
  q: Queryable,
  viewerId: string,
  id: string,
): Promise<{ liked: boolean; match: boolean }> {
  const { ab, ba } = await pairWays(q, { table: 'likes', from: 'liker_id', to: 'liked_id' }, viewerId, id);
  return { liked: ab, match: ab && ba };
}
