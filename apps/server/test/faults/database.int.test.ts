/**
 * Issue 24 items 2, 7 and 8: the database restarting, its connections killed, a row lock held,
 * the server gone, and a full disk. Nothing may end the process (an unhandled 'error' event fails
 * this file), no request is answered 500 (503 with Retry-After, 507 for the disk), every
 * acknowledged message is stored once, and the app serves again without a restart by hand.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeMember, createTestApp, sendText, type TestApp, type Visitor } from '../helpers.ts';
import { jpegWithGps, uploadPhoto } from '../images.ts';
import { startSmtp } from '../smtp.ts';
import { type PgCluster, startPgCluster } from './procs.ts';

let cluster: PgCluster;
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const LOCK_MS = 400;

beforeAll(async () => {
  cluster = await startPgCluster();
  smtp = await startSmtp();
  t = await createTestApp({
    members: 6,
    smtpUrl: smtp.url,
    serverUrl: cluster.url,
    dbTimeouts: { lockMs: LOCK_MS, acquireMs: 2_000 },
  });
});
afterAll(async () => {
  await t?.close().catch(() => {});
  await smtp?.close();
  await cluster?.destroy();
});

interface Tally {
  statuses: Map<number, number>;
  /** 503 answers without a Retry-After header. */
  bare503: number;
  acknowledged: Set<string>;
  sent: Set<string>;
}

/**
 * Bounded load while `fault` runs: four loops (health, a member's search, chat sends with fresh
 * client ids, the chat list), each one request at a time, until the fault is over and every loop
 * has had one more answer.
 */
async function underLoad(a: { v: Visitor }, toId: string, fault: () => Promise<void>): Promise<Tally> {
  const tally: Tally = { statuses: new Map(), bare503: 0, acknowledged: new Set(), sent: new Set() };
  let over = false;
  const count = (res: { statusCode: number; headers: Record<string, unknown> }) => {
    tally.statuses.set(res.statusCode, (tally.statuses.get(res.statusCode) ?? 0) + 1);
    if (res.statusCode === 503 && !res.headers['retry-after']) tally.bare503++;
  };
  const loop = async (step: () => Promise<void>) => {
    do await step();
    while (!over);
    await step();
  };
  const loops = [
    loop(async () => count(await t.app.inject({ method: 'GET', url: '/api/health' }))),
    loop(async () => count(await a.v.get('/api/search'))),
    loop(async () => count(await a.v.get('/api/chats.php'))),
    loop(async () => {
      const id = crypto.randomUUID();
      tally.sent.add(id);
      const res = await sendText(a.v, toId, `under load ${id.slice(0, 8)}`, id);
      count(res);
      if (res.statusCode < 300) tally.acknowledged.add(id);
    }),
  ];
  try {
    await fault();
  } finally {
    over = true;
  }
  await Promise.all(loops);
  return tally;
}

async function storedOnce(ids: Set<string>): Promise<Map<string, number>> {
  const rows = await t.db.query<{ client_id: string; n: number }>(
    'SELECT client_id::text AS client_id, count(*)::int AS n FROM messages WHERE client_id = ANY($1::text[]) GROUP BY client_id',
    [[...ids]],
  );
  return new Map(rows.map((r) => [r.client_id, r.n]));
}

describe('the database fails under load', () => {
  it('a PostgreSQL restart and killed backends fail requests with 503, never the process, and lose no acknowledged message', async () => {
    const a = await activeMember(t, smtp, { gender: 'male', seeking: 'female' });
    const b = await activeMember(t, smtp);
    // A first purchase is not needed: the first messages are free, and a send without credits is a 402, not a fault.
    const faults = [() => cluster.restart(), async () => void (await cluster.terminateBackends())];
    for (const fault of faults) {
      const tally = await underLoad(a, b.id, fault);
      expect(tally.statuses.get(500) ?? 0, JSON.stringify([...tally.statuses])).toBe(0);
      expect(tally.bare503).toBe(0);
      // The client's retry with the same client id books an unacknowledged send at most once.
      for (const id of tally.sent) {
        if (tally.acknowledged.has(id)) continue;
        await sendText(a.v, b.id, 'retried', id);
      }
      const stored = await storedOnce(tally.sent);
      for (const id of tally.acknowledged) expect(stored.get(id), `acknowledged ${id}`).toBe(1);
      for (const n of stored.values()) expect(n).toBe(1);
      // Served again without a restart by hand.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await a.v.get('/api/chats.php')).statusCode).toBe(200);
    }
  });

  it('a row lock held for long fails its waiters with 503 after the lock timeout; health keeps answering', async () => {
    const a = await activeMember(t, smtp, { gender: 'male', seeking: 'female' });
    const b = await activeMember(t, smtp);
    const url = new URL(cluster.url);
    const dbName = (await t.db.query<{ d: string }>('SELECT current_database() AS d'))[0]!.d;
    url.pathname = `/${dbName}`;
    const holder = new pg.Client({ connectionString: url.href });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [a.id]);
      // More waiting sends than the pool has connections: none may starve the health check.
      const sends = await Promise.all(
        Array.from({ length: 12 }, (_, i) => sendText(a.v, b.id, `blocked ${i}`)),
      );
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      for (const res of sends) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBeDefined();
        expect(res.json().error.code).toBe('service_unavailable');
      }
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    expect((await sendText(a.v, b.id, 'after the lock')).statusCode).toBeLessThan(300);
  });

  it('with the database gone, requests answer 503 with Retry-After in the visitor language; it comes back by itself', async () => {
    await cluster.stop();
    try {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('5');
      const de = await t.app.inject({
        method: 'GET',
        url: '/api/search',
        headers: { cookie: 'i18n_locale=de' },
      });
      expect(de.statusCode).toBe(503);
      expect(de.json().error.message).toMatch(/nicht erreichbar/);
    } finally {
      await cluster.start();
    }
    // The pool's connections from before the stop are stale: the first request drops them, unseen.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/search' })).statusCode).toBe(200);
  });
});

/** A photo of random pixels: its variants stay large after re-encoding. */
function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('the disk fills up', () => {
  it('an upload answers 507 with a translated message and leaves no file behind', async () => {
    const a = await activeMember(t, smtp);
    const media = path.join(t.config.dataDir, 'media');
    fs.mkdirSync(media, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160k', 'tmpfs', media]);
    try {
      // Room for one variant or two, not for the four an upload writes: noise does not compress.
      const photo = await noisyJpeg(1200, 900);
      const res = await uploadPhoto(a.v, photo);
      expect(res.statusCode).toBe(507);
      expect(res.json().error.code).toBe('storage_full');
      expect(res.json().error.message).toMatch(/storage/i);
      const left = fs.readdirSync(media, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
      expect(left.map((e) => e.name)).toEqual([]);
      expect((await a.v.get('/api/profile')).json().photos ?? []).toEqual([]);
    } finally {
      execFileSync('umount', [media]);
    }
    expect((await uploadPhoto(a.v, await jpegWithGps())).statusCode).toBe(201);
  });
});
