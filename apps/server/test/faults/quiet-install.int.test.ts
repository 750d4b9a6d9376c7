/**
 * Issue 24 item 1: the default install (embedded PGlite, one connection) froze for good when the
 * first notification mail ran after half a minute without requests: the mail job's transaction
 * reloaded the site directory on a second connection and waited for itself. These tests run the
 * jobs as a quiet install would, with every cache expired, and fail (or hang) if anything waits
 * for a second connection while holding the first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_JOB } from '../../src/features/notifications/events.ts';
import {
  BROADCAST_ONE_JOB,
  INACTIVE_ONE_JOB,
  LIKES_JOB,
  NEW_CONVERSATION_JOB,
  WEEKLY_ONE_JOB,
} from '../../src/features/notifications/mail-rhythm.ts';
import { HeldConnectionError } from '../../src/platform/db.ts';
import { enqueueJob } from '../../src/platform/jobs.ts';
import { MAIL_JOB } from '../../src/platform/mail/outbox.ts';
import { sendText, useTestApp } from '../helpers.ts';
import { type PushServiceStandIn, startPushService } from '../push-service.ts';

const t = useTestApp({ members: 6, env: { PUSH_SERVICES: 'http://127.0.0.1:*' } });
let ps: PushServiceStandIn;
beforeAll(async () => {
  ps = await startPushService();
});
afterAll(async () => {
  await ps?.close();
});

/** What a quiet half minute and two quiet minutes do: caches stale, the delayed jobs due. */
async function quietFor(names: string[]) {
  t.app.sites.expire();
  await t.db.query(`UPDATE jobs SET run_at = now() WHERE state = 'queued' AND name = ANY($1::text[])`, [
    names,
  ]);
}

describe('a quiet install (issue 24 item 1)', () => {
  it('a notification mail due after a quiet spell leaves, and the server keeps answering, every time', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await t.member({ gender: 'male', seeking: 'female' });
      const b = await t.member();
      expect((await sendText(a.v, b.id, `Hello, round ${round}`)).statusCode).toBeLessThan(300);
      await t.app.jobs.drain({ names: [EVENT_JOB] });
      await quietFor([NEW_CONVERSATION_JOB]);
      // The worker's pass and a health check at the same time, as the poller and a probe would.
      const [, health] = await Promise.all([
        t.app.jobs.drain({ names: [NEW_CONVERSATION_JOB, MAIL_JOB] }),
        t.app.inject({ method: 'GET', url: '/api/health' }),
      ]);
      expect(health.statusCode).toBe(200);
      const mail = await t.smtp.waitFor(b.body.email, (m) => m.text.includes(`${a.body.name}`));
      expect(mail.to).toEqual([b.body.email]);
    }
  });

  it('every job type runs with every cache expired, and none waits for a second connection', async () => {
    const a = await t.member({ gender: 'male', seeking: 'female' });
    const b = await t.member();
    const sub = ps.subscribe();
    expect((await b.v.post('/api/user.php?push=1', { subscription: sub })).statusCode).toBe(200);
    // A message and a like: the event, mail, push and delayed reminder jobs, as members cause them.
    expect((await sendText(a.v, b.id, 'Are you there?')).statusCode).toBeLessThan(300);
    expect((await a.v.post(`/api/likes/${b.id}`)).statusCode).toBeLessThan(300);
    await t.app.jobs.drain({ names: [EVENT_JOB] });
    // The jobs no member action queues here get the payload their schedule or caller would give.
    const siteId = await t.siteId();
    const payloads: Record<string, Record<string, unknown>> = {
      [EVENT_JOB]: { type: 'like', likerId: a.id, likedId: b.id, siteId, match: false },
      [MAIL_JOB]: { id: 0 }, // a mail erased with its member meanwhile: nothing to send
      // A subscription removed meanwhile: nothing to push.
      'push.send': {
        subscriptionId: '0',
        eventKey: 'quiet',
        type: 'like',
        url: '/',
        tag: 'quiet',
      },
      // An export request gone meanwhile (its account erased): nothing to build.
      'data-export.build': { exportId: '00000000-0000-4000-8000-000000000000' },
      [WEEKLY_ONE_JOB]: { userId: b.id },
      [INACTIVE_ONE_JOB]: { userId: b.id },
      // A mailing's copy (payload v2: the mailing by id) of a mailing gone meanwhile: nothing to send.
      [BROADCAST_ONE_JOB]: { userId: b.id, broadcastId: 0 },
    };
    const queued = new Set(
      (await t.db.query<{ name: string }>(`SELECT DISTINCT name FROM jobs WHERE state = 'queued'`)).map(
        (r) => r.name,
      ),
    );
    for (const name of t.app.jobs.names()) {
      if (!queued.has(name)) await enqueueJob(t.db, t.app.jobs.queue(name)!, payloads[name] ?? {});
    }
    const started = new Date();
    for (let round = 0; round < 3; round++) {
      await quietFor(t.app.jobs.names());
      await t.app.jobs.drain();
    }
    const ran = await t.db.query<{ name: string; state: string; last_error: string | null }>(
      `SELECT name, state, last_error FROM jobs WHERE created_at >= $1::timestamptz - interval '1 minute' OR state <> 'done'`,
      [started.toISOString()],
    );
    const names = new Set(ran.map((r) => r.name));
    for (const name of t.app.jobs.names()) expect(names, `job ${name} ran`).toContain(name);
    const held = ran.filter((r) => r.last_error?.includes(new HeldConnectionError('x').message.slice(1, 60)));
    expect(held).toEqual([]);
    // The ones this scenario gave real payloads to succeeded.
    for (const name of [
      EVENT_JOB,
      NEW_CONVERSATION_JOB,
      LIKES_JOB,
      MAIL_JOB,
      'push.send',
      ...Object.keys(payloads),
    ]) {
      const rows = ran.filter((r) => r.name === name);
      expect(rows.length, name).toBeGreaterThan(0);
      expect(
        rows.filter((r) => r.state !== 'done'),
        name,
      ).toEqual([]);
    }
    expect(ps.received.length).toBeGreaterThan(0);
  });

  it('a statement on the database inside a transaction fails at once on the embedded engine instead of freezing', async () => {
    if (t.db.kind !== 'pglite') return;
    await expect(t.db.tx(async () => t.db.query('SELECT 1'))).rejects.toBeInstanceOf(HeldConnectionError);
    await expect(t.db.tx(async () => t.db.tx(async (q) => q.query('SELECT 1')))).rejects.toBeInstanceOf(
      HeldConnectionError,
    );
    // Afterwards the one connection is free again.
    expect(await t.db.query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
  });
});
