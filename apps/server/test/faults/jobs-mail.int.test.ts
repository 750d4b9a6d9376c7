/**
 * Issue 24 item 6: a worker crash delayed mail 15 minutes and sent it twice, and a hung SMTP server
 * stalled every queue. Here real workers (platform/jobs.ts) deliver real mail (platform/mail) to a
 * real SMTP server that refuses, hangs and vanishes (smtp-sink.ts), on a real database (PGlite, or
 * TEST_DATABASE_URL's server). Nothing waits for time: each step waits for an event (a job claimed
 * or finished, a connection, a message at the sink); timeouts and leases are short so those events
 * come soon.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../src/config.ts';
import { type Db, openDb } from '../../src/platform/db.ts';
import { enqueueJob, Jobs, jobQueue, type RunOutcome, type WorkerOptions } from '../../src/platform/jobs.ts';
import { enqueueMail, MAIL_JOB, Mailer } from '../../src/platform/mail/outbox.ts';
import { createTransport, type SmtpTimeouts } from '../../src/platform/mail/transport.ts';
import { migrate } from '../../src/platform/migrate.ts';
import { SiteDirectory } from '../../src/platform/sites.ts';
import { smallDemoSites } from '../../src/seed/demo-sites.ts';
import { seedDemo } from '../../src/seed/seed.ts';
import { createTestApp, freshDb, type TestApp } from '../helpers.ts';
import { finished } from '../job-events.ts';
import { type FaultySmtp, startFaultySmtp } from './smtp-sink.ts';

const silent = pino({ level: 'silent' });
let t: TestApp;
let sink: FaultySmtp;
let siteId: number;
let dataDir: string;
const workers: Jobs[] = [];

beforeAll(async () => {
  t = await createTestApp({ members: 2 });
  [{ id: siteId }] = (await t.db.query<{ id: number }>('SELECT id FROM sites ORDER BY id LIMIT 1')) as [
    { id: number },
  ];
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-jobs-mail-'));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await sink?.close();
  await t.db.query(`DELETE FROM jobs WHERE name = $1 OR name LIKE 't.%'`, [MAIL_JOB]);
});

/** A worker delivering mail to the sink, with short SMTP timeouts unless told otherwise. */
function worker(opts: { db?: Db; timeouts?: Partial<SmtpTimeouts> } & WorkerOptions = {}): {
  jobs: Jobs;
  mailer: Mailer;
} {
  const jobs = new Jobs(opts.db ?? t.db, silent, true, { stopGraceS: 0.1, ...opts });
  const transport = createTransport({
    smtpUrl: sink.url,
    dataDir,
    timeouts: { connectMs: 5000, greetingMs: 5000, socketMs: 5000, ...opts.timeouts },
  });
  const mailer = new Mailer(opts.db ?? t.db, t.app.sites, transport, jobs);
  workers.push(jobs);
  return { jobs, mailer };
}

/** A database connection that can be cut: afterwards nothing it is asked ever answers (a dead worker's view). */
function cuttable(db: Db): { db: Db; cut: () => void } {
  let cut = false;
  const never = () => new Promise<never>(() => {});
  return {
    db: {
      kind: db.kind,
      query: (sql, params, o) => (cut ? never() : db.query(sql, params, o)),
      tx: (fn) => (cut ? never() : db.tx(fn)),
      exec: (sql) => (cut ? never() : db.exec(sql)),
      close: () => db.close(),
    },
    cut: () => {
      cut = true;
    },
  };
}

/** Queues one mail to `to` (a plain notice) and returns its outbox id. */
async function mailTo(to: string): Promise<number> {
  await enqueueMail(t.db, { siteId, to, template: 'passwordChanged', locale: 'en', data: { name: 'Ann' } });
  const [row] = await t.db.query<{ id: number }>(
    'SELECT id::int AS id FROM outbox_emails WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
    [to],
  );
  return row!.id;
}

const outbox = async (id: number) =>
  (
    await t.db.query<{ status: string; attempts: number; last_error: string | null }>(
      'SELECT status, attempts, last_error FROM outbox_emails WHERE id = $1',
      [id],
    )
  )[0];

const mailJob = async (id: number) =>
  (
    await t.db.query<{ state: string; attempts: number; last_error: string | null }>(
      `SELECT state, attempts, last_error FROM jobs WHERE name = $1 AND payload->>'id' = $2`,
      [MAIL_JOB, String(id)],
    )
  )[0];

describe('jobs and mail survive a worker crash and a hung mail server (issue 24 item 6)', () => {
  it('a worker cut off mid-job stops it before its lease lapses, and another takes the job within the lease, not 15 minutes', async () => {
    sink = await startFaultySmtp();
    const leaseS = 2;
    const dead = cuttable(t.db);
    const a = new Jobs(dead.db, silent, true, { leaseS, stopGraceS: 0.1 });
    const b = new Jobs(t.db, silent, true, { leaseS, stopGraceS: 0.1 });
    workers.push(a, b);
    const push = jobQueue('t.push', z.object({ n: z.number() }));
    const seen: string[] = [];
    let aborted!: (reason: string) => void;
    const aAborted = new Promise<string>((r) => {
      aborted = r;
    });
    a.define(push, async (_p, ctx) => {
      seen.push(`A runs attempt ${ctx.attempt}`);
      dead.cut(); // the worker dies: from now on it renews nothing and records nothing
      await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
      seen.push('A stops');
      aborted((ctx.signal.reason as Error).message);
    });
    b.define(push, async (_p, ctx) => void seen.push(`B runs attempt ${ctx.attempt}`));
    await enqueueJob(t.db, push, { n: 1 });
    const rerun = finished(b, 't.push');
    void a.kick();
    // A's claim lasts the lease, not 15 minutes.
    const claimed = await new Promise<number>((resolve) => a.events.once('claimed', (c) => resolve(c.id)));
    const [lease] = await t.db.query<{ s: number }>(
      'SELECT extract(epoch FROM locked_until - now())::float AS s FROM jobs WHERE id = $1',
      [claimed],
    );
    expect(lease!.s).toBeLessThanOrEqual(leaseS);
    b.start(20);
    expect(await aAborted).toBe('lease expiring: could not renew it');
    expect(await rerun).toMatchObject({ id: claimed, outcome: 'done', attempt: 2 });
    // No job is run past its lease: the cut-off worker stopped before the other one started it.
    expect(seen).toEqual(['A runs attempt 1', 'A stops', 'B runs attempt 2']);
  });

  it('a mail whose worker died after the message reached the server is not sent again', async () => {
    sink = await startFaultySmtp();
    const to = 'cut-off@example.com';
    sink.onData(to, 'hang'); // the server has the whole message and has not answered yet
    const dead = cuttable(t.db);
    const a = worker({ db: dead.db, leaseS: 2, timeouts: { socketMs: 60_000 } });
    const b = worker({ leaseS: 2 });
    const id = await mailTo(to);
    const atSink = sink.next('message');
    void a.jobs.kick();
    await atSink;
    dead.cut(); // the worker dies with the mail handed over
    const verdict = finished(b.jobs, MAIL_JOB);
    b.jobs.start(20);
    expect(await verdict).toMatchObject({ outcome: 'dead', attempt: 2 });
    expect(sink.count(to)).toBe(1);
    expect(await outbox(id)).toMatchObject({ status: 'unknown' });
    const [deadJob] = await b.jobs.deadJobs(1);
    expect(deadJob).toMatchObject({ name: MAIL_JOB, attempts: 2 });
    expect(deadJob!.error).toMatch(
      new RegExp(
        `^mail ${id} may have left \\(an earlier run was cut off while sending it\\): not sent again$`,
      ),
    );
  });

  it('a server that never answers the message: the mail may have left, so it is not retried; one that never answers RCPT TO: retried, then delivered once', async () => {
    sink = await startFaultySmtp();
    const silentAfterData = 'silent-after-data@example.com';
    const silentAtRcpt = 'silent-at-rcpt@example.com';
    sink.onData(silentAfterData, 'hang');
    sink.onRcpt(silentAtRcpt, 'hang');
    const w = worker({ timeouts: { socketMs: 200 } });
    const afterData = await mailTo(silentAfterData);
    const atRcpt = await mailTo(silentAtRcpt);
    await w.jobs.kick();
    expect(await outbox(afterData)).toMatchObject({ status: 'unknown', attempts: 1 });
    expect((await outbox(afterData))?.last_error).toMatch(/may have left \(MailSendError: Timeout\)/);
    expect(await mailJob(afterData)).toMatchObject({ state: 'dead', attempts: 1 });
    // Nothing was handed over at RCPT TO: back to pending, its job waits for its retry.
    expect(await outbox(atRcpt)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await mailJob(atRcpt)).toMatchObject({ state: 'queued', attempts: 1 });
    await w.jobs.drain({ names: [MAIL_JOB] });
    expect(await outbox(atRcpt)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sink.count(silentAfterData)).toBe(1);
    expect(sink.count(silentAtRcpt)).toBe(1);
  });

  it('a hung mail server holds only the mail slots: another queue runs meanwhile, and a few hung mails never stop the others', async () => {
    sink = await startFaultySmtp();
    const w = worker({ timeouts: { socketMs: 60_000, greetingMs: 60_000 } });
    const notify = jobQueue('t.notify', z.object({ n: z.number() }));
    w.jobs.define(notify, async () => {});
    const order: string[] = [];
    w.jobs.events.on('finished', (o: RunOutcome) => order.push(`${o.name} ${o.outcome}`));
    // Three mails whose server never answers RCPT TO: three of the four mail slots.
    const hung = ['hung-1@example.com', 'hung-2@example.com', 'hung-3@example.com'];
    for (const to of hung) {
      sink.onRcpt(to, 'hang');
      await mailTo(to);
    }
    let hanging = 0;
    const allHanging = new Promise<void>((resolve) =>
      sink.events.on('rcpt', (e: { action: string }) => {
        if (e.action === 'hang' && ++hanging === 3) resolve();
      }),
    );
    void w.jobs.kick();
    await allHanging;
    // Meanwhile: notification jobs and more mail, all through while the three still hang.
    const ok = ['ok-1@example.com', 'ok-2@example.com', 'ok-3@example.com'];
    const done = { 't.notify': 0, [MAIL_JOB]: 0 } as Record<string, number>;
    const allDone = new Promise<void>((resolve) =>
      w.jobs.events.on('finished', (o: RunOutcome) => {
        if (o.name in done) done[o.name]!++;
        if (done['t.notify'] === 3 && done[MAIL_JOB] === 3) resolve();
      }),
    );
    for (let n = 0; n < 3; n++) await enqueueJob(t.db, notify, { n });
    for (const to of ok) await mailTo(to);
    void w.jobs.kick();
    await allDone;
    expect(order.filter((o) => o.startsWith('t.notify'))).toEqual([
      't.notify done',
      't.notify done',
      't.notify done',
    ]);
    expect(order.filter((o) => o === `${MAIL_JOB} done`)).toHaveLength(3);
    // The hung ones are still in their SMTP transaction: nothing of theirs has finished.
    expect(order).toHaveLength(6);
    const states = await t.db.query<{ state: string; n: number }>(
      `SELECT state, count(*)::int AS n FROM jobs WHERE name = $1 GROUP BY state ORDER BY state`,
      [MAIL_JOB],
    );
    expect(states).toEqual([
      { state: 'active', n: 3 },
      { state: 'done', n: 3 },
    ]);
    // Stopping the worker aborts them before anything was handed over: back to pending, the
    // attempt given back, due at once for another worker.
    await w.jobs.stop();
    const rows = await t.db.query<{ status: string; state: string; attempts: number }>(
      `SELECT o.status, j.state, j.attempts FROM outbox_emails o JOIN jobs j ON j.payload->>'id' = o.id::text
        WHERE o.to_address = ANY($1::text[])`,
      [hung],
    );
    expect(rows).toEqual(hung.map(() => ({ status: 'pending', state: 'queued', attempts: 0 })));
    const again = worker();
    await again.jobs.drain({ names: [MAIL_JOB] });
    for (const to of [...hung, ...ok]) expect(sink.count(to), to).toBe(1);
  });

  it('a server that never greets does not hold the other queues either', async () => {
    sink = await startFaultySmtp();
    sink.greeting = 'hang';
    const w = worker({ timeouts: { greetingMs: 60_000 } });
    const push = jobQueue('t.push-send', z.object({ n: z.number() }));
    w.jobs.define(push, async () => {});
    const connected = sink.next('connect');
    await mailTo('never-greeted@example.com');
    void w.jobs.kick();
    await connected;
    const pushed = finished(w.jobs, 't.push-send');
    await enqueueJob(t.db, push, { n: 1 });
    void w.jobs.kick();
    expect(await pushed).toMatchObject({ outcome: 'done', attempt: 1 });
    const [mail] = await t.db.query<{ state: string }>(`SELECT state FROM jobs WHERE name = $1`, [MAIL_JOB]);
    expect(mail).toEqual({ state: 'active' });
  });

  it('a permanent 550 is not retried; a 421 is retried and the mail delivered once', async () => {
    sink = await startFaultySmtp();
    const rejected = 'no-such-user@example.com';
    const later = 'busy@example.com';
    sink.onRcpt(rejected, 550);
    sink.onRcpt(later, 421);
    const w = worker();
    const rejectedId = await mailTo(rejected);
    const laterId = await mailTo(later);
    await w.jobs.kick();
    expect(await outbox(rejectedId)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await mailJob(rejectedId)).toMatchObject({ state: 'dead', attempts: 1 });
    expect((await mailJob(rejectedId))?.last_error).toMatch(/^mail \d+ refused: .*550/);
    expect(await outbox(laterId)).toMatchObject({ status: 'pending', attempts: 1 });
    const retry = await mailJob(laterId);
    expect(retry).toMatchObject({ state: 'queued', attempts: 1 });
    expect(retry?.last_error).toMatch(/421/);
    await w.jobs.drain({ names: [MAIL_JOB] });
    expect(await outbox(laterId)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await mailJob(rejectedId)).toMatchObject({ state: 'dead', attempts: 1 });
    expect(sink.count(later)).toBe(1);
    expect(sink.count(rejected)).toBe(0);
  });

  it('a server that vanishes: refused connections are retried and the mail goes once it is back; a cut after the message is not resent', async () => {
    sink = await startFaultySmtp();
    const w = worker();
    await sink.vanish();
    const waiting = await mailTo('while-gone@example.com');
    await w.jobs.kick();
    expect(await outbox(waiting)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await mailJob(waiting))?.last_error).toMatch(/ECONNREFUSED/);
    await sink.revive();
    // Cut mid-conversation: at RCPT TO (nothing handed over) and after the whole message.
    sink.onRcpt('cut-at-rcpt@example.com', 'vanish');
    sink.onData('cut-after-data@example.com', 'vanish');
    const atRcpt = await mailTo('cut-at-rcpt@example.com');
    const afterData = await mailTo('cut-after-data@example.com');
    await w.jobs.drain({ names: [MAIL_JOB] });
    expect(await outbox(waiting)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await outbox(atRcpt)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await outbox(afterData)).toMatchObject({ status: 'unknown', attempts: 1 });
    expect(sink.count('while-gone@example.com')).toBe(1);
    expect(sink.count('cut-at-rcpt@example.com')).toBe(1);
    expect(sink.count('cut-after-data@example.com')).toBe(1);
  });
});

describe('a worker process killed with SIGKILL (issue 24 item 6)', () => {
  it('its jobs run again within the lease, and the mail it had handed over is not sent again', {
    timeout: 120_000,
  }, async () => {
    sink = await startFaultySmtp();
    // Long enough for a renewal to come back on a loaded machine (a worker whose renewals come too
    // late stops its own runs), short enough to wait for here.
    const leaseS = 3;
    const to = 'killed-worker@example.com';
    sink.onData(to, 'hang'); // the server has the whole message when the worker dies
    // A database of the test's own: a PostgreSQL database both processes use, or an embedded one
    // in a folder the worker process has alone until it dies (as the embedded engine runs).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-killed-worker-'));
    const server = process.env.TEST_DATABASE_URL ? await freshDb() : undefined;
    let db = server?.db ?? (await openDb({ dataDir: dir }));
    try {
      await migrate(db);
      await seedDemo(db, loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), undefined, smallDemoSites(1));
      const [site] = await db.query<{ id: number }>('SELECT id FROM sites ORDER BY id LIMIT 1');
      await enqueueMail(db, {
        siteId: site!.id,
        to,
        template: 'passwordChanged',
        locale: 'en',
        data: { name: 'Bo' },
      });
      await enqueueJob(db, jobQueue('t.hang', z.object({ n: z.number() })), { n: 1 });
      if (!server) await db.close();

      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, 'mail-worker.ts')],
        {
          env: {
            ...process.env,
            ...(server ? { DATABASE_URL: server.url } : { DATABASE_URL: '' }),
            DATA_DIR: dir,
            SMTP_URL: sink.url,
            LEASE_S: String(leaseS),
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.once('exit', (_c, sig) => resolve(sig)),
      );
      const claimed = new Promise<void>((resolve) => {
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          if (out.includes(`claimed ${MAIL_JOB}`) && out.includes('claimed t.hang')) resolve();
        });
      });
      await claimed;
      await sink.next('message');
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');

      if (!server) db = await openDb({ dataDir: dir });
      const sites = new SiteDirectory(db);
      const b = new Jobs(db, silent, true, { leaseS, stopGraceS: 0.1 });
      workers.push(b);
      new Mailer(db, sites, createTransport({ smtpUrl: sink.url, dataDir: dir }), b);
      const reran: string[] = [];
      b.define(
        jobQueue('t.hang', z.object({ n: z.number() })),
        async (_p, ctx) => void reran.push(`t.hang ${ctx.attempt}`),
      );
      const outcomes = new Promise<RunOutcome[]>((resolve) => {
        const seen: RunOutcome[] = [];
        b.events.on('finished', (o: RunOutcome) => {
          if (seen.push(o) === 2) resolve(seen);
        });
      });
      // The dead worker's leases were the short ones: the jobs come back as soon as they lapse.
      const [lease] = await db.query<{ s: number }>(
        `SELECT max(extract(epoch FROM locked_until - created_at))::float AS s FROM jobs WHERE state = 'active'`,
      );
      expect(lease!.s).toBeLessThan(60);
      b.start(20);
      const byName = Object.fromEntries((await outcomes).map((o) => [o.name, o]));
      expect(byName['t.hang']).toMatchObject({ outcome: 'done', attempt: 2 });
      // Dead, not sent again. Its attempt is 2, or 3 when the killed worker's own run had already
      // given up its lapsed lease on a loaded machine (a renewal came too late) before the kill.
      expect(byName[MAIL_JOB], JSON.stringify(byName)).toMatchObject({ outcome: 'dead' });
      expect(byName[MAIL_JOB]!.attempt).toBeGreaterThanOrEqual(2);
      expect(byName[MAIL_JOB]!.error).toMatch(
        /may have left \(an earlier run was cut off while sending it\): not sent again/,
      );
      expect(reran).toEqual(['t.hang 2']);
      const [row] = await db.query<{ status: string }>(
        'SELECT status FROM outbox_emails WHERE to_address = $1',
        [to],
      );
      expect(row).toEqual({ status: 'unknown' });
      expect(sink.count(to)).toBe(1);
      await b.stop();
    } finally {
      if (server) await server.drop();
      else await db.close().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
