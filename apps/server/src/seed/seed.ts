import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../platform/db.ts';
import { hashPassword } from '../platform/passwords.ts';
import { type DemoMember, generateDemoMembers } from './demo-data.ts';
import { DEMO_PASSWORD, DEMO_SITES, type DemoSite } from './demo-sites.ts';

/** The fixed clock of the demo data: the same database whatever day it is seeded. */
const DEMO_EPOCH = new Date('2026-11-01T12:00:00Z');

/** E-mail of the n-th (1-based) demo login of a site, documented in the README. */
export function demoLogin(site: Pick<DemoSite, 'key'>, n: number): string {
  return `demo${n}@${site.key}.test`;
}

/**
 * Seeds the demo sites and their members into an empty database. Idempotent: existing sites are
 * left as operators changed them, and a site that already has demo members gets none added.
 */
export async function seedDemo(
  db: Db,
  _config: Config,
  log?: FastifyBaseLogger,
  sites: DemoSite[] = DEMO_SITES,
): Promise<{ sites: number; members: number }> {
  let members = 0;
  for (const site of sites) {
    await db.query(
      `INSERT INTO sites (domain, aliases, is_default, config)
       SELECT $1, $2, $3, $4 WHERE NOT EXISTS (SELECT 1 FROM sites WHERE domain = $1)
         AND NOT ($3 AND EXISTS (SELECT 1 FROM sites WHERE is_default))`,
      [site.domain, site.aliases, site.isDefault, JSON.stringify(site.config)],
    );
    const [row] = await db.query<{ id: number }>('SELECT id FROM sites WHERE domain = $1', [site.domain]);
    if (!row) continue;
    const [existing] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE site_id = $1 AND is_demo',
      [row.id],
    );
    if ((existing?.n ?? 0) > 0) continue;
    const t0 = performance.now();
    const generated = generateDemoMembers({
      siteKey: site.key,
      language: site.config.domain_language.slice(0, 2) as 'en',
      countries: site.config.countries,
      niche: site.config.niche as 1,
      count: site.memberCount,
      now: DEMO_EPOCH,
    });
    const hashes = await Promise.all([1, 2, 3].map(() => hashPassword(DEMO_PASSWORD)));
    await db.tx((q) => insertMembers(q, row.id, site, generated, hashes));
    members += generated.length;
    log?.info(
      { site: site.domain, members: generated.length, ms: Math.round(performance.now() - t0) },
      'seeded site',
    );
  }
  return { sites: sites.length, members };
}

async function insertMembers(
  q: Queryable,
  siteId: number,
  site: DemoSite,
  list: DemoMember[],
  hashes: string[],
) {
  const lang = site.config.domain_language.slice(0, 2);
  const day = 86_400_000;
  const users = list.map((m, i) => ({
    id: m.id,
    email: i < hashes.length ? demoLogin(site, i + 1) : m.email,
    hash: hashes[i] ?? null,
    signup: new Date(DEMO_EPOCH.getTime() - m.signupDaysAgo * day).toISOString(),
    active: new Date(DEMO_EPOCH.getTime() - m.lastActiveMinutesAgo * 60_000).toISOString(),
  }));
  await q.query(
    `INSERT INTO users (id, site_id, email, password_hash, status, language, is_demo, signup_date, last_active_at,
        paid_user, fictional)
     SELECT u.id, $1, u.email, u.hash, 'active', $2, true, u.signup, u.active, u.paid, u.fictional
       FROM unnest($3::uuid[], $4::text[], $5::text[], $6::timestamptz[], $7::timestamptz[], $8::boolean[],
                   $9::boolean[])
         AS u(id, email, hash, signup, active, paid, fictional)`,
    [
      siteId,
      lang,
      users.map((u) => u.id),
      users.map((u) => u.email),
      users.map((u) => u.hash),
      users.map((u) => u.signup),
      users.map((u) => u.active),
      // Members with more photos than a free account allows are premium (they bought credits once).
      list.map((m) => m.portraits.length > 3),
      // One demo member in twenty is a fictional chat partner (spec §1), marked as such everywhere.
      list.map((_m, i) => i >= hashes.length && i % 20 === 7),
    ],
  );
  const col = <K extends keyof DemoMember>(k: K) => list.map((m) => m[k]);
  await q.query(
    `INSERT INTO profiles (user_id, site_id, name, gender, seeking, sexuality, birth_date, country, region, city,
        about, interests, hair_color, eye_color, body_type, relationship_status, tattoos, signup_reason)
     SELECT p.id, $1, p.name, p.gender, p.seeking, p.sexuality, p.birth, p.country, p.region, p.city, p.about,
            ARRAY(SELECT jsonb_array_elements_text(p.interests)), p.hair, p.eye, p.body, p.rel, p.tattoos, p.reason
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::date[], $8::text[], $9::text[],
                   $10::text[], $11::text[], $12::jsonb[], $13::text[], $14::text[], $15::text[], $16::text[],
                   $17::boolean[], $18::text[])
         AS p(id, name, gender, seeking, sexuality, birth, country, region, city, about, interests, hair, eye, body,
              rel, tattoos, reason)`,
    [
      siteId,
      col('id'),
      col('name'),
      col('gender'),
      col('seeking'),
      col('sexuality'),
      col('birthDate'),
      col('country'),
      col('region'),
      col('city'),
      col('about'),
      list.map((m) => JSON.stringify(m.interests)),
      col('hairColor'),
      col('eyeColor'),
      col('bodyType'),
      col('relationshipStatus'),
      col('tattoos'),
      col('signupReason'),
    ],
  );
  const photos = list.flatMap((m) =>
    m.portraits.map((spec, n) => ({ user: m.id, key: `demo/${m.id}-${n}`, main: n === 0, pos: n, spec })),
  );
  await q.query(
    `INSERT INTO photos (user_id, site_id, storage_key, status, is_main, position, width, height)
     SELECT ph.u, $1, ph.k, 'active', ph.m, ph.p, 960, 1200
       FROM unnest($2::uuid[], $3::text[], $4::boolean[], $5::int[]) AS ph(u, k, m, p)`,
    [
      siteId,
      photos.map((p) => p.user),
      photos.map((p) => p.key),
      photos.map((p) => p.main),
      photos.map((p) => p.pos),
    ],
  );
  await q.query(
    `INSERT INTO demo_portraits (storage_key, spec)
     SELECT d.k, d.s FROM unnest($1::text[], $2::jsonb[]) AS d(k, s) ON CONFLICT DO NOTHING`,
    [photos.map((p) => p.key), photos.map((p) => JSON.stringify(p.spec))],
  );
}
