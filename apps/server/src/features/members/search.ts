import type { SearchCard, SearchQuery, SearchResult } from '@amora/contracts';
import type { Queryable } from '../../platform/db.ts';
import type { Site } from '../../platform/sites.ts';
import { presentCard } from './members.presenter.ts';
import { notBlockedSql } from './visibility.ts';

/**
 * Matches are counted up to this many; past it the answer says "more" (`total_capped`). Counting
 * costs PostgreSQL a row per match: 1,000 keeps page 1 near a millisecond of database CPU at a
 * million profiles (10,000 cost 3-5 ms; docs/benchmarks.md).
 */
export const COUNT_CAP = 1_000;

interface Row {
  user_id: string;
  name: string;
  birth_date: string;
  city: string | null;
  region: string | null;
  country: string;
  last_active: string;
  last_active_at: Date;
  fictional: boolean;
  main_key: string | null;
}

/** Birth dates of people aged min..max today (inclusive), as SQL date bounds. */
export function birthBounds(
  minAge: number,
  maxAge: number,
  today = new Date(),
): { after: string; onOrBefore: string } {
  const y = today.getUTCFullYear();
  const md = today.toISOString().slice(4, 10);
  // Older than maxAge+1 is out: born after (today - (max+1) years). Younger than min is out: born on/before (today - min years).
  return { after: `${y - maxAge - 1}${md}`, onOrBefore: `${y - minAge}${md}` };
}

function encodeCursor(r: Row): string {
  return Buffer.from(`${r.last_active}|${r.user_id}`).toString('base64url');
}
function decodeCursor(c: string): { ts: string; id: string } | null {
  const [ts, id] = Buffer.from(c, 'base64url').toString('utf8').split('|');
  if (!ts || !id || !/^[0-9a-f-]{36}$/.test(id) || !/^\d{4}-\d\d-\d\d[ T][\d:.]+[+-]\d\d(:\d\d)?$/.test(ts))
    return null;
  return { ts, id };
}

/** The WHERE clause of a search, built from the filters present (no catch-all predicates: good plans). */
export function searchFilter(
  site: Site,
  f: { gender?: string; country?: string; region?: string; minAge: number; maxAge: number },
  viewerId: string | null,
  params: unknown[],
): string {
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = [`p.site_id = ${p(site.id)}`, 'p.searchable'];
  if (f.gender) where.push(`p.gender = ${p(f.gender)}`);
  if (f.country) where.push(`p.country = ${p(f.country)}`);
  if (f.region) where.push(`p.region = ${p(f.region)}`);
  const { after, onOrBefore } = birthBounds(f.minAge, f.maxAge);
  where.push(`p.birth_date > ${p(after)}::date`, `p.birth_date <= ${p(onOrBefore)}::date`);
  if (viewerId) {
    const v = p(viewerId);
    where.push(`p.user_id <> ${v}`);
    where.push(notBlockedSql(v, 'p.user_id'));
  }
  return where.join(' AND ');
}

async function page(
  q: Queryable,
  site: Site,
  f: Parameters<typeof searchFilter>[1],
  viewerId: string | null,
  cursor: { ts: string; id: string } | null,
  limit: number,
  excludeIds: string[] = [],
): Promise<Row[]> {
  const params: unknown[] = [];
  let where = searchFilter(site, f, viewerId, params);
  if (cursor) {
    params.push(cursor.ts, cursor.id);
    where += ` AND (p.last_active_at, p.user_id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
  }
  if (excludeIds.length) {
    params.push(excludeIds);
    where += ` AND p.user_id <> ALL($${params.length}::uuid[])`;
  }
  params.push(limit);
  return q.query<Row>(
    `WITH hits AS (
       SELECT p.user_id, p.name, p.birth_date::text AS birth_date, p.city, p.region, p.country,
              p.last_active_at, p.last_active_at::text AS last_active
         FROM profiles p WHERE ${where}
        ORDER BY p.last_active_at DESC, p.user_id DESC LIMIT $${params.length})
     SELECT h.*, u.fictional, ph.storage_key AS main_key
       FROM hits h JOIN users u ON u.id = h.user_id
       LEFT JOIN photos ph ON ph.user_id = h.user_id AND ph.is_main AND ph.status = 'active'
      ORDER BY h.last_active_at DESC, h.user_id DESC`,
    params,
  );
}

async function count(
  q: Queryable,
  site: Site,
  f: Parameters<typeof searchFilter>[1],
  viewerId: string | null,
) {
  const params: unknown[] = [];
  const where = searchFilter(site, f, viewerId, params);
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM profiles p WHERE ${where} LIMIT ${COUNT_CAP + 1}) x`,
    params,
  );
  return row?.n ?? 0;
}

function card(r: Row, cdn: string, now: Date): SearchCard {
  return presentCard({ ...r, id: r.user_id }, cdn, now);
}

/**
 * Search, most recently active first, one page at a time. Pages continue from a cursor (the last
 * row's activity time and id), so page 500 costs what page 1 costs. When few members match,
 * similar members (wider age band, any region) are offered too.
 */
export async function searchMembers(
  q: Queryable,
  site: Site,
  query: SearchQuery,
  viewerId: string | null,
): Promise<SearchResult> {
  const minAge = Math.min(query.min_age ?? 18, query.max_age ?? 99);
  const maxAge = Math.max(query.min_age ?? 18, query.max_age ?? 99);
  const f = { gender: query.gender, country: query.country, region: query.countryregion, minAge, maxAge };
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const [rows, total] = await Promise.all([
    page(q, site, f, viewerId, cursor, query.limit + 1),
    query.cursor ? Promise.resolve(-1) : count(q, site, f, viewerId),
  ]);
  const more = rows.length > query.limit;
  const members = rows.slice(0, query.limit);
  const cdn = site.config.cdn_prefix;
  let similar: Row[] = [];
  let similarTotal = 0;
  if (!query.cursor && total < 6) {
    const wider = {
      ...f,
      region: undefined,
      minAge: Math.max(18, minAge - 5),
      maxAge: Math.min(99, maxAge + 5),
    };
    similar = await page(
      q,
      site,
      wider,
      viewerId,
      null,
      12,
      members.map((m) => m.user_id),
    );
    similarTotal = Math.max(0, (await count(q, site, wider, viewerId)) - members.length);
  }
  const now = new Date(); // one clock reading for every card of the answer
  return {
    members: members.map((r) => card(r, cdn, now)),
    total: Math.min(Math.max(total, 0), COUNT_CAP),
    total_capped: total > COUNT_CAP,
    next_cursor: more ? encodeCursor(members[members.length - 1]!) : null,
    similar: similar.map((r) => card(r, cdn, now)),
    similar_total: Math.min(similarTotal, COUNT_CAP),
  };
}
