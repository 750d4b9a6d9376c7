/**
 * Loads 1,000,000 generated profiles into PostgreSQL, then measures in one run, at the same
 * concurrency:
 *   - the search API over HTTP (page 1 with its count, and a deep page 1,000 pages in),
 *   - the very same SQL statements sent straight to the database (the baseline),
 *   - bench/bare-server.ts: node:http calling the same searchMembers, no framework or middleware
 *     (the floor under any Node API in front of that database on this machine).
 * Reports p95s and the ratios API/raw (goal <= 1.5) and deep/page 1 (goal <= 1.2).
 */

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SearchQuery } from '@amora/contracts';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { searchMembers } from '../apps/server/src/features/members/search.ts';
import { REGION_DATA } from '../apps/server/src/features/profiles/regions.ts';
import { openDb, type Queryable } from '../apps/server/src/platform/db.ts';
import { useMediaKey } from '../apps/server/src/platform/media.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { SiteDirectory } from '../apps/server/src/platform/sites.ts';
import { smallDemoSites } from '../apps/server/src/seed/demo-sites.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';
import { ConnectionPool } from './http-client.ts';
import { type Cpu, cpuMeter, dropDatabase, startBareServer, startBuiltServer } from './server.ts';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PROFILES = Number(process.env.PROFILES ?? 1_000_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const REQUESTS = Number(process.env.REQUESTS ?? 1000);
const ROUNDS = Math.min(10, REQUESTS);
const WARMUP = Number(process.env.WARMUP ?? 1000);
const DEEP_PAGES = Number(process.env.DEEP_PAGES ?? 1000);
const LIMIT = 24;
const PORT = 3191;
const BARE_PORT = 3192;

const dbName = 'amora_bench_search';
const admin = new pg.Client({ connectionString: SERVER });
await admin.connect();
const url = new URL(SERVER);
url.pathname = `/${dbName}`;
const reuse =
  process.env.REUSE === '1' &&
  (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount;
if (!reuse) {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
}
await admin.end();

// Loading and analysing a million rows takes minutes on a busy machine: no statement timeout here
// (the app's 30 s would cancel the load).
const db = await openDb({ databaseUrl: url.href, dataDir: os.tmpdir(), timeouts: { statementMs: 0 } });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-bench-search-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: String(PORT) });
if (!reuse) {
  await migrate(db);
  await seedDemo(db, config, undefined, smallDemoSites(10));
  const [site] = await db.query<{ id: number }>(`SELECT id FROM sites WHERE domain = 'localhost'`);
  const regions = REGION_DATA.US!.regions.map((r) => r.name);
  const t0 = performance.now();
  // Bulk load with triggers off; the copied search columns are filled in directly.
  await db.tx(async (q) => {
    await q.query('SET LOCAL session_replication_role = replica');
    await q.query(
      `INSERT INTO users (id, site_id, email, status, language, last_active_at, signup_date)
       SELECT md5('bench' || i)::uuid, $1, 'bench' || i || '@bench.test', 'active', 'en',
              now() - random() * interval '120 days', now() - interval '130 days'
         FROM generate_series(1, $2) AS i`,
      [site!.id, PROFILES],
    );
    await q.query(
      `INSERT INTO profiles (user_id, site_id, name, gender, seeking, sexuality, birth_date, country, region, city,
          last_active_at, searchable)
       SELECT u.id, $1, 'b' || replace(u.id::text, '-', ''),
              CASE WHEN hashtext(u.id::text) & 1 = 0 THEN 'male' ELSE 'female' END,
              CASE WHEN hashtext(u.id::text) & 1 = 0 THEN 'female' ELSE 'male' END, 'hetero',
              date '2007-01-01' - (random() * 52 * 365)::int, 'US', ($2::text[])[1 + floor(random() * $3)::int], 'Springfield',
              u.last_active_at, true
         FROM users u
        WHERE u.email LIKE 'bench%@bench.test'`,
      [site!.id, regions, regions.length],
    );
  });
  await db.exec('ANALYZE');
  console.log(
    `loaded ${PROFILES.toLocaleString('en')} profiles in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
}

await migrate(db);
// Cards carry signed photo addresses: the in-process recording signs with a key of its own (a
// reused database is not seeded again, which would set one).
useMediaKey(crypto.randomBytes(32));
await db.exec('VACUUM ANALYZE profiles');
const server = await startBuiltServer({ port: PORT, databaseUrl: url.href, dataDir });
const bare = await startBareServer({ port: BARE_PORT, databaseUrl: url.href, dataDir });
const sites = new SiteDirectory(db);
const site = await sites.forHost('localhost');
// Two workloads: a broad search (women 25-45 anywhere) and a regional one (women 25-45 in one state).
const WORKLOADS: { name: string; filters: SearchQuery }[] = [
  { name: 'broad', filters: { gender: 'female', min_age: 25, max_age: 45, limit: LIMIT } },
  {
    name: 'regional',
    filters: { gender: 'female', min_age: 25, max_age: 45, countryregion: 'Ohio', limit: LIMIT },
  },
];

// The statements the API runs, recorded once, to replay them straight against the database.
function recorder(): Queryable & { calls: { sql: string; params: unknown[] }[] } {
  const calls: { sql: string; params: unknown[] }[] = [];
  return {
    calls,
    query: async <T>(sql: string, params: unknown[] = []) => {
      calls.push({ sql, params });
      return db.query<T>(sql, params);
    },
  };
}
async function cursorAfter(filters: SearchQuery, pages: number): Promise<string> {
  // As deep as `pages` pages of 24, or as deep as the results go (keeping a full page after it).
  let cursor: string | undefined;
  let second: string | undefined;
  let seen = 0;
  while (seen < pages * LIMIT) {
    const r = await searchMembers(db, site, { ...filters, limit: 48, cursor }, null);
    second ??= r.next_cursor ?? undefined;
    if (!r.next_cursor || r.members.length < 48) break;
    const probe = await searchMembers(db, site, { ...filters, limit: 48, cursor: r.next_cursor }, null);
    if (probe.members.length < LIMIT) break;
    seen += r.members.length;
    cursor = r.next_cursor;
  }
  // A small quick run may not hold a full page after the first one: page 2 is as deep as it goes.
  const deepest = cursor ?? second;
  if (!deepest) throw new Error('too few results for a deep page');
  return deepest;
}

// The same pool size as the app's own (platform/db.ts), so both sides queue alike.
const pool = new pg.Pool({ connectionString: url.href, max: 10 });
async function measure(fn: () => Promise<void>, count: number, times: number[] = []): Promise<number[]> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < count) {
        const t0 = performance.now();
        await fn();
        times.push(performance.now() - t0);
      }
    }),
  );
  return times;
}
const meter = cpuMeter(server.pid!, dbName);
const bareMeter = cpuMeter(bare.pid!, dbName);
const p95 = (xs: number[]) => xs[Math.floor(xs.length * 0.95)]!;
const p50 = (xs: number[]) => xs[Math.floor(xs.length * 0.5)]!;

const http = new ConnectionPool(PORT);
let clients = 0;
async function api(filters: SearchQuery, cursor?: string): Promise<void> {
  const query = new URLSearchParams(
    Object.entries({ ...filters, ...(cursor ? { cursor } : {}) }).map(([k, v]) => [k, String(v)]),
  );
  // Many visitors behind the local proxy (the per-IP rate limit stays on, as in production).
  const ip = `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients++ & 255}`;
  const { status } = await http.request('GET', `/api/search?${query}`, {
    host: 'localhost',
    'x-forwarded-for': ip,
  });
  if (status !== 200) throw new Error(`search answered ${status}`);
}
const bareHttp = new ConnectionPool(BARE_PORT);
/** The same search through the bare server: the query as JSON, nothing parsed or checked. */
async function bareSearch(filters: SearchQuery, cursor?: string): Promise<void> {
  const q = encodeURIComponent(JSON.stringify({ ...filters, ...(cursor ? { cursor } : {}) }));
  const { status } = await bareHttp.request('GET', `/search?q=${q}`, { host: 'localhost' });
  if (status !== 200) throw new Error(`bare search answered ${status}`);
}
const raw = (calls: { sql: string; params: unknown[] }[]) => async () => {
  await Promise.all(calls.map((c) => pool.query(c.sql, c.params)));
};

console.log(
  `search on ${PROFILES.toLocaleString('en')} profiles, ${CONCURRENCY} concurrent, ${REQUESTS} requests each`,
);
type Scenario = 'rawPage1' | 'barePage1' | 'apiPage1' | 'rawDeep' | 'bareDeep' | 'apiDeep';
const plans: { name: string; filters: SearchQuery; scenarios: Record<Scenario, () => Promise<void>> }[] = [];
for (const w of WORKLOADS) {
  const page1 = recorder();
  await searchMembers(page1, site, w.filters, null);
  const deepCursor = await cursorAfter(w.filters, DEEP_PAGES);
  const deep = recorder();
  await searchMembers(deep, site, { ...w.filters, cursor: deepCursor }, null);
  plans.push({
    ...w,
    scenarios: {
      rawPage1: raw(page1.calls),
      barePage1: () => bareSearch(w.filters),
      apiPage1: () => api(w.filters),
      rawDeep: raw(deep.calls),
      bareDeep: () => bareSearch(w.filters, deepCursor),
      apiDeep: () => api(w.filters, deepCursor),
    },
  });
}
// Warm-up, not counted: every scenario of every workload, so that the server's JIT has compiled
// its hot paths (a production server has long been warm) and PostgreSQL's caches are filled.
for (const plan of plans) for (const fn of Object.values(plan.scenarios)) await measure(fn, WARMUP);

for (const { name, filters, scenarios } of plans) {
  const results: Record<Scenario, number[]> = {
    rawPage1: [],
    barePage1: [],
    apiPage1: [],
    rawDeep: [],
    bareDeep: [],
    apiDeep: [],
  };
  const zero = () => ({ bench: 0, server: 0, pg: 0, other: 0, wall: 0 });
  const cpu: Record<Scenario, Cpu & { wall: number }> = {
    rawPage1: zero(),
    barePage1: zero(),
    apiPage1: zero(),
    rawDeep: zero(),
    bareDeep: zero(),
    apiDeep: zero(),
  };
  // Rounds alternate the scenarios so that no one of them gets the machine's quiet (or busy) minute.
  for (let r = 0; r < ROUNDS; r++) {
    for (const [k, fn] of Object.entries(scenarios) as [Scenario, () => Promise<void>][]) {
      // The bare scenarios' server is the bare one.
      const m = k.startsWith('bare') ? bareMeter : meter;
      const c0 = m.now();
      const t0 = performance.now();
      await measure(fn, REQUESTS / ROUNDS, results[k]);
      const c1 = m.now();
      const acc = cpu[k];
      const used = m.between(c0, c1);
      for (const part of ['bench', 'server', 'pg', 'other'] as const) acc[part] += used[part];
      acc.wall += performance.now() - t0;
    }
  }
  for (const v of Object.values(results)) v.sort((a, b) => a - b);
  console.log(`${name} (${JSON.stringify(filters)}), deep page: up to ${DEEP_PAGES} pages in:`);
  for (const [k, v] of Object.entries(results) as [Scenario, number[]][]) {
    const c = cpu[k];
    const per = (ms: number) => (ms / v.length).toFixed(2);
    console.log(
      `  ${k.padEnd(9)} p50 ${p50(v).toFixed(2).padStart(6)} ms   p95 ${p95(v).toFixed(2).padStart(6)} ms   ` +
        `${((v.length / c.wall) * 1000).toFixed(0).padStart(5)} req/s   CPU ms per request: load generator ` +
        `${per(c.bench)}, server ${per(c.server)}, PostgreSQL ${per(c.pg)}, rest of the machine ${per(c.other)}`,
    );
  }
  console.log(
    `  API / raw SQL p95, page 1:      ${(p95(results.apiPage1) / p95(results.rawPage1)).toFixed(2)}  (goal <= 1.2, issue 29)`,
  );
  console.log(
    `  API / raw SQL p95, deep page:   ${(p95(results.apiDeep) / p95(results.rawDeep)).toFixed(2)}  (goal <= 1.5)`,
  );
  console.log(
    `  bare / raw SQL p95, page 1, deep: ${(p95(results.barePage1) / p95(results.rawPage1)).toFixed(2)}, ${(p95(results.bareDeep) / p95(results.rawDeep)).toFixed(2)} (the floor of any Node server here); ` +
      `API / bare: ${(p95(results.apiPage1) / p95(results.barePage1)).toFixed(2)}, ${(p95(results.apiDeep) / p95(results.bareDeep)).toFixed(2)} (what the app's stack costs)`,
  );
  console.log(
    `  API deep page / page 1 p95:     ${(p95(results.apiDeep) / p95(results.apiPage1)).toFixed(2)}  (goal <= 1.2)`,
  );
}
await pool.end();
bare.kill('SIGTERM');
server.kill('SIGTERM');
await new Promise((r) => server.on('exit', r));
await db.close();
// The million profiles stay only when asked to (REUSE=1, for the next run).
if (process.env.REUSE !== '1') await dropDatabase(dbName);
fs.rmSync(dataDir, { recursive: true, force: true });
