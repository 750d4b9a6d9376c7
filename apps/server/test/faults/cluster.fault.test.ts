/**
 * Issue 24's fault run, in the repo: PostgreSQL, Redis, an SMTP sink, two web instances and a
 * worker, each a process of its own on this test's own ports. Members chat through both web
 * instances (bounded load: one request at a time per member) while faults are injected one after
 * another; after each, the invariants are checked:
 *   - no request answered 500 (an outage is 503 with Retry-After), no instance exited on its own;
 *   - every acknowledged message stored once (a client retries what was not acknowledged, with the
 *     same client id, as the web app does);
 *   - every balance equals the sum of its ledger and is never negative;
 *   - no mail twice at the sink (each outbox row has its own signed return path);
 *   - no job held past its lease;
 *   - the service answers again without a restart by hand.
 * Figures per fault go to the console (docs/reliability.md has the table). `npm run test:faults`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { book } from '../../src/features/credits/ledger.ts';
import { type Db, openDb } from '../../src/platform/db.ts';
import { migrate } from '../../src/platform/migrate.ts';
import { smallDemoSites } from '../../src/seed/demo-sites.ts';
import { seedDemo } from '../../src/seed/seed.ts';
import { startSmtp } from '../smtp.ts';
import { HttpMember } from './http-member.ts';
import { type Instance, startInstance } from './instances.ts';
import { type PgCluster, type RedisServer, startPgCluster, startRedisServer } from './procs.ts';

let pgc: PgCluster;
let redis: RedisServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let db: Db;
let dataDir: string;
let web: Instance[] = [];
let worker: Instance;
const PAIRS = 4;
const senders: HttpMember[] = [];
const recipients: HttpMember[] = [];

beforeAll(async () => {
  pgc = await startPgCluster();
  redis = await startRedisServer();
  smtp = await startSmtp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-cluster-'));
  db = await openDb({ databaseUrl: pgc.url, dataDir });
  await migrate(db);
  await seedDemo(db, loadConfig({ DATA_DIR: dataDir }), undefined, smallDemoSites(4));
  const env = {
    DATABASE_URL: pgc.url,
    REDIS_URL: redis.url,
    SMTP_URL: smtp.url,
    DATA_DIR: dataDir,
    SEED_DEMO: 'off',
    PAYMENT_PROVIDER: 'sandbox',
    PUBLIC_URL: 'http://localhost:3000',
    TRUST_PROXY: 'loopback',
  };
  web = await Promise.all([startInstance('web', env), startInstance('web', env)]);
  worker = await startInstance('worker', env);
  for (let i = 0; i < PAIRS; i++) {
    senders.push(await new HttpMember(web[i % 2]!.base).signUp(smtp, { gender: 'male', seeking: 'female' }));
    recipients.push(await new HttpMember(web[(i + 1) % 2]!.base).signUp(smtp));
  }
  // Credits to spend, booked through the ledger as a purchase would be.
  const [site] = await db.query<{ id: number }>('SELECT id FROM sites WHERE is_default');
  for (const s of senders) {
    await db.tx((q) =>
      book(q, { userId: s.id, siteId: site!.id, delta: 500, reason: 'correction', ref: `faults:${s.id}` }),
    );
  }
}, 300_000);

afterAll(async () => {
  for (const i of [...web, worker]) await i?.kill('SIGKILL');
  await db?.close().catch(() => {});
  await smtp?.close();
  await redis?.destroy();
  await pgc?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Round {
  statuses: Map<number, number>;
  bare503: number;
  refused: number;
  sent: Map<string, { from: HttpMember; to: string; acknowledged: boolean }>;
}

/** Each member sends at most one message per this (the send limit is 60 a minute). */
const PACE_MS = 1200;

/** The load: each sender, one request at a time, alternating the two instances, until `over`. */
async function chatLoad(isOver: () => boolean): Promise<Round> {
  const round: Round = { statuses: new Map(), bare503: 0, refused: 0, sent: new Map() };
  await Promise.all(
    senders.map(async (s, i) => {
      let n = 0;
      do {
        const id = crypto.randomUUID();
        round.sent.set(id, { from: s, to: recipients[i]!.id, acknowledged: false });
        const via = web[n++ % 2]!;
        const m = new HttpMember(via.base);
        m.ip = s.ip;
        for (const [k, v] of s.cookies) m.cookies.set(k, v);
        const started = Date.now();
        try {
          const res = await m.request('POST', `/api/members/${recipients[i]!.id}/messages`, {
            client_id: id,
            kind: 'text',
            body: `load ${id.slice(0, 8)}`,
          });
          round.statuses.set(res.status, (round.statuses.get(res.status) ?? 0) + 1);
          if (res.status === 503 && !res.headers.get('retry-after')) round.bare503++;
          if (res.status < 300) round.sent.get(id)!.acknowledged = true;
          await res.arrayBuffer();
        } catch {
          round.refused++; // the instance is down: the connection is refused, as a browser sees it
        }
        await new Promise((r) => setTimeout(r, Math.max(0, PACE_MS - (Date.now() - started))));
      } while (!isOver());
    }),
  );
  return round;
}

/** What a client does afterwards: sends what was not acknowledged again, same client id. */
async function retryUnacknowledged(round: Round): Promise<void> {
  for (const [id, s] of round.sent) {
    if (s.acknowledged) continue;
    const started = Date.now();
    const res = await s.from.request('POST', `/api/members/${s.to}/messages`, {
      client_id: id,
      kind: 'text',
      body: 'retry',
    });
    if (res.status < 300) s.acknowledged = true;
    await new Promise((r) => setTimeout(r, Math.max(0, PACE_MS - (Date.now() - started))));
  }
}

async function invariants(round: Round, label: string) {
  expect(round.statuses.get(500) ?? 0, `${label}: 500 answers`).toBe(0);
  expect(round.bare503, `${label}: 503 without Retry-After`).toBe(0);
  expect(round.statuses.get(429) ?? 0, `${label}: the load stays under the limits`).toBe(0);
  for (const i of [...web, worker]) expect(i.unexpectedExits, `${label}: exits`).toEqual([]);
  const ids = [...round.sent.keys()];
  const stored = new Map(
    (
      await db.query<{ client_id: string; n: number }>(
        'SELECT client_id, count(*)::int AS n FROM messages WHERE client_id = ANY($1::text[]) GROUP BY client_id',
        [ids],
      )
    ).map((r) => [r.client_id, r.n]),
  );
  for (const [id, s] of round.sent) {
    if (s.acknowledged) expect(stored.get(id), `${label}: acknowledged ${id} stored once`).toBe(1);
    expect(stored.get(id) ?? 0, `${label}: ${id} at most once`).toBeLessThanOrEqual(1);
  }
  const balances = await db.query<{ id: string; credits: number; ledger: number }>(
    `SELECT u.id, u.credits, COALESCE(sum(l.delta), 0)::int AS ledger
       FROM users u LEFT JOIN credit_ledger l ON l.user_id = u.id GROUP BY u.id, u.credits
     HAVING u.credits <> COALESCE(sum(l.delta), 0) OR u.credits < 0`,
  );
  expect(balances, `${label}: balance = ledger, never negative`).toEqual([]);
  const returnPaths = smtp.mails.map((m) => m.from);
  expect(returnPaths.length - new Set(returnPaths).size, `${label}: duplicate mails`).toBe(0);
  const overdue = await db.query(
    `SELECT id, name FROM jobs WHERE state = 'active' AND locked_until < now() - interval '2 minutes'`,
  );
  expect(overdue, `${label}: jobs held past their lease`).toEqual([]);
  const summary = {
    fault: label,
    requests: [...round.statuses.values()].reduce((a, b) => a + b, 0),
    statuses: Object.fromEntries(round.statuses),
    refused: round.refused,
    sent: round.sent.size,
    acknowledged: [...round.sent.values()].filter((s) => s.acknowledged).length,
  };
  console.log(JSON.stringify(summary));
}

/** Runs `fault` under load, lets the load see the recovery for a moment, then checks everything. */
async function underLoad(label: string, fault: () => Promise<void>) {
  let over = false;
  let recoveredAt = 0;
  const load = chatLoad(() => over);
  try {
    await fault();
  } finally {
    recoveredAt = Date.now();
    // Some more load on the recovered system, then stop.
    await new Promise((r) => setTimeout(r, 1500));
    over = true;
  }
  const round = await load;
  await retryUnacknowledged(round);
  for (const w of web)
    expect((await fetch(`${w.base}/api/health`)).status, `${label}: health after`).toBe(200);
  expect(recoveredAt).toBeGreaterThan(0);
  await invariants(round, label);
}

describe('the fault run (issue 24)', () => {
  it('PostgreSQL restarted under load', () => underLoad('postgres restart -m fast', () => pgc.restart()));

  it('PostgreSQL backends terminated under load', () =>
    underLoad('pg_terminate_backend on every connection', async () => void (await pgc.terminateBackends())));

  it('a web instance killed with -9 and started again', () =>
    underLoad('web instance SIGKILL', async () => {
      await web[0]!.kill('SIGKILL');
      await web[0]!.start();
    }));

  it('a web instance stopped with SIGTERM drains and starts again', () =>
    underLoad('web instance SIGTERM', async () => {
      const { code, ms } = await web[1]!.kill('SIGTERM');
      expect(code).toBe(0);
      console.log(JSON.stringify({ sigterm_web_ms: ms }));
      await web[1]!.start();
    }));

  it('the worker killed with -9 and started again', () =>
    underLoad('worker SIGKILL', async () => {
      await worker.kill('SIGKILL');
      await worker.start();
    }));

  it('Redis killed and started again', () =>
    underLoad('redis SIGKILL, 3 s down', async () => {
      await redis.kill();
      await new Promise((r) => setTimeout(r, 3000));
      await redis.start();
    }));
});
