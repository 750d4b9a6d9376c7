import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../src/platform/db.ts';
import {
  CLAIM_JOBS_SQL,
  enqueueJob,
  enqueueJobs,
  type JobContext,
  Jobs,
  jobQueue,
  queuedJob,
  type RunOutcome,
} from '../src/platform/jobs.ts';
import { migrate } from '../src/platform/migrate.ts';
import { freshDb } from './helpers.ts';
import { finished } from './job-events.ts';

// The job mechanism on its own, on a real database (PGlite, or the PostgreSQL server in CI).
const silent = pino({ level: 'silent' });

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDb());
  await migrate(db);
});
afterAll(async () => drop());

const n = z.object({ n: z.number().int() });

/** A node of PostgreSQL's EXPLAIN (ANALYZE, FORMAT JSON). */
interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** Resolves with the first `count` 'finished' outcomes of jobs named `name`. */
const finishedN = (jobs: Jobs, name: string, count: number) =>
  new Promise<RunOutcome[]>((resolve) => {
    const seen: RunOutcome[] = [];
    const on = (o: RunOutcome) => {
      if (o.name !== name || seen.push(o) < count) return;
      jobs.events.off('finished', on);
      resolve(seen);
    };
    jobs.events.on('finished', on);
  });

/** A promise with its resolve function outside (a gate a test opens). */
function gate<T = void>() {
  let open!: (v: T) => void;
  const p = new Promise<T>((r) => {
    open = r;
  });
  return { p, open };
}

const jobRow = async (name: string) =>
  (
    await db.query<{ state: string; attempts: number; last_error: string | null; secs: number }>(
      `SELECT state, attempts, last_error, extract(epoch FROM run_at - now())::float AS secs
         FROM jobs WHERE name = $1 ORDER BY id DESC LIMIT 1`,
      [name],
    )
  )[0];

describe('background jobs', () => {
  it('runs a job only when the transaction that queued it commits', async () => {
    const jobs = new Jobs(db, silent);
    const seen: unknown[] = [];
    const commit = jobQueue('t.commit', n);
    jobs.define(commit, async (p) => void seen.push(p.n));
    await db.tx(async (q) => enqueueJob(q, commit, { n: 1 }));
    await db
      .tx(async (q) => {
        await enqueueJob(q, commit, { n: 2 });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await jobs.kick();
    expect(seen).toEqual([1]);
    expect((await jobRow('t.commit'))?.state).toBe('done');
  });

  it('runs what a burst of requests queued in one pass after kickSoon, and idle() waits for it', async () => {
    let claims = 0;
    // The same database, counting the worker's claim statements.
    const counting: Db = Object.assign(Object.create(db), {
      query: (sql: string, params?: unknown[], opts?: object) => {
        if (sql.includes("SET state = 'active'")) claims++;
        return db.query(sql, params, opts);
      },
    });
    const jobs = new Jobs(counting, silent);
    const seen: number[] = [];
    const burst = jobQueue('t.burst', n);
    jobs.define(burst, async (p) => void seen.push(p.n));
    for (let i = 1; i <= 6; i++) await enqueueJob(db, burst, { n: i });
    for (let i = 1; i <= 6; i++) jobs.kickSoon(); // as each request's answer does
    // Nothing has run yet; idle() waits for the kick to come and what it claims to end.
    expect(seen).toEqual([]);
    await jobs.idle();
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6]);
    // One claim took all six (and at most two more found nothing left), not one claim per request.
    expect(claims).toBeLessThanOrEqual(3);
  });

  it('retries a failing job with growing backoff and keeps it as dead after its last attempt', async () => {
    const jobs = new Jobs(db, silent);
    let runs = 0;
    jobs.define(
      't.fail',
      async () => {
        runs++;
        throw new Error(`smtp down (${runs})`);
      },
      { backoffS: 10 },
    );
    await enqueueJob(db, 't.fail', {}, { maxAttempts: 3 });
    await jobs.kick();
    let row = await jobRow('t.fail');
    expect(row).toMatchObject({ state: 'queued', attempts: 1, last_error: 'smtp down (1)' });
    expect(row!.secs).toBeGreaterThan(8); // first retry after 10 s
    await jobs.kick();
    expect(runs).toBe(1); // not due yet: nothing runs early
    await jobs.drain({ names: ['t.fail'] });
    row = await jobRow('t.fail');
    expect(runs).toBe(3);
    expect(row).toMatchObject({ state: 'dead', attempts: 3, last_error: 'smtp down (3)' });
    expect((await jobs.stats()).find((s) => s.name === 't.fail')).toEqual({
      name: 't.fail',
      state: 'dead',
      count: 1,
    });
  });

  it('keeps one waiting job per singleton key (batching)', async () => {
    const jobs = new Jobs(db, silent);
    const seen: number[] = [];
    const batch = jobQueue('t.batch', n);
    jobs.define(batch, async (p) => void seen.push(p.n));
    expect(await enqueueJob(db, batch, { n: 1 }, { singletonKey: 'member-1', delayS: 600 })).toBe(true);
    expect(await enqueueJob(db, batch, { n: 2 }, { singletonKey: 'member-1', delayS: 600 })).toBe(false);
    expect(await enqueueJob(db, batch, { n: 3 }, { singletonKey: 'member-2', delayS: 600 })).toBe(true);
    await jobs.kick();
    expect(seen).toEqual([]); // delayed
    await jobs.drain();
    expect(seen.sort()).toEqual([1, 3]);
    // Once it ran, the key is free again.
    expect(await enqueueJob(db, batch, { n: 4 }, { singletonKey: 'member-1' })).toBe(true);
  });

  it('queues several jobs in one statement, each as enqueueJob would (a queued singleton stays)', async () => {
    const jobs = new Jobs(db, silent);
    const seen: string[] = [];
    const a = jobQueue('t.many-a', n);
    const b = jobQueue('t.many-b', n);
    jobs.define(a, async (p) => void seen.push(`a${p.n}`));
    jobs.define(b, async (p) => void seen.push(`b${p.n}`));
    expect(await enqueueJob(db, a, { n: 1 }, { singletonKey: 'k', delayS: 600 })).toBe(true);
    await enqueueJobs(db, [
      queuedJob(a, { n: 2 }, { singletonKey: 'k', delayS: 600 }), // a1 is queued under k: dropped
      queuedJob(b, { n: 3 }, { singletonKey: 'k', delayS: 600 }), // another name: queued
      queuedJob(b, { n: 4 }, { runAt: new Date(Date.now() + 600_000) }),
    ]);
    const rows = await db.query<{ name: string; payload: { n: number }; due_in: number }>(
      `SELECT name, payload, extract(epoch FROM run_at - now())::int AS due_in FROM jobs
        WHERE name LIKE 't.many-%' ORDER BY id`,
    );
    expect(rows.map((r) => [r.name, r.payload.n])).toEqual([
      ['t.many-a', 1],
      ['t.many-b', 3],
      ['t.many-b', 4],
    ]);
    for (const r of rows) expect(r.due_in).toBeGreaterThan(590);
    await jobs.drain();
    expect(seen.sort()).toEqual(['a1', 'b3', 'b4']);
  });

  it('runs each job once when two workers share the table', async () => {
    const a = new Jobs(db, silent);
    const b = new Jobs(db, silent);
    const runs = new Map<number, number>();
    const handler = async (p: { n: number }) => void runs.set(p.n, (runs.get(p.n) ?? 0) + 1);
    const shared = jobQueue('t.shared', n);
    a.define(shared, handler);
    b.define(shared, handler);
    await db.tx(async (q) => {
      for (let i = 0; i < 40; i++) await enqueueJob(q, shared, { n: i });
    });
    await Promise.all([a.kick(), b.kick(), a.drain(), b.drain()]);
    expect(runs.size).toBe(40);
    expect([...runs.values()].every((c) => c === 1)).toBe(true);
  });

  it('aborts a run that exceeds its timeout and starts the retry only after the aborted run has ended', async () => {
    const a = new Jobs(db, silent);
    const b = new Jobs(db, silent);
    const events: string[] = [];
    const aborted = gate();
    const letEnd = gate();
    let runs = 0;
    const handler = async (_p: Record<string, never>, ctx: JobContext) => {
      const run = ++runs;
      events.push(`start ${run}`);
      if (run === 1) {
        await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
        events.push(`aborted 1: ${String((ctx.signal.reason as Error).message)}`);
        aborted.open();
        await letEnd.p; // still cleaning up: no other run may start meanwhile
        events.push('end 1');
        throw ctx.signal.reason;
      }
      events.push(`end ${run}`);
    };
    a.define('t.slow', handler, { timeoutS: 0.05, backoffS: 1 });
    b.define('t.slow', handler, { timeoutS: 0.05, backoffS: 1 });
    await enqueueJob(db, 't.slow');
    const first = finished(a, 't.slow');
    void a.kick();
    await aborted.p;
    // The aborted run has not ended: the job stays leased to it, no worker starts it again.
    expect(await jobRow('t.slow')).toMatchObject({ state: 'active', attempts: 1 });
    await b.kick();
    await b.drain({ names: ['t.slow'] });
    expect(runs).toBe(1);
    letEnd.open();
    expect(await first).toMatchObject({ outcome: 'retry', error: 'timed out after 0.05 s' });
    expect(await jobRow('t.slow')).toMatchObject({ state: 'queued', last_error: 'timed out after 0.05 s' });
    await b.drain({ names: ['t.slow'] });
    expect(events).toEqual(['start 1', 'aborted 1: timed out after 0.05 s', 'end 1', 'start 2', 'end 2']);
    expect((await jobRow('t.slow'))?.state).toBe('done');
  });

  it('checks each payload against its queue: one that does not match goes dead at once, with the reason', async () => {
    const jobs = new Jobs(db, silent);
    let runs = 0;
    const mail = jobQueue('t.schema', z.object({ id: z.number().int() }));
    jobs.define(mail, async () => void runs++, { backoffS: 1 });
    // Written by hand (or by an older release): the queue's type would not let this through.
    await db.query(`INSERT INTO jobs (name, payload) VALUES ('t.schema', '{"id": "12"}')`);
    await jobs.drain({ names: ['t.schema'] });
    expect(runs).toBe(0);
    expect(await jobRow('t.schema')).toMatchObject({
      state: 'dead',
      attempts: 1,
      last_error: 'payload does not match t.schema v1: id: Invalid input: expected number, received string',
    });
    // A job named by a string takes no payload at all.
    jobs.define('t.bare', async () => void runs++);
    await db.query(`INSERT INTO jobs (name, payload) VALUES ('t.bare', '{"stray": 1}')`);
    await jobs.drain({ names: ['t.bare'] });
    expect(runs).toBe(0);
    expect((await jobRow('t.bare'))?.last_error).toMatch(/^payload does not match t\.bare v1: .*stray/);
  });

  it('claims only payload versions it reads, upgrades older ones, and lets one it cannot read go dead', async () => {
    const v1 = new Jobs(db, silent);
    const v2 = new Jobs(db, silent);
    const seen: string[] = [];
    const q1 = jobQueue('t.versioned', z.object({ user: z.string() }));
    const q2 = jobQueue('t.versioned', z.object({ userId: z.string() }), {
      version: 2,
      upgrade: (p, from) => (from === 1 ? { userId: (p as { user: string }).user } : p),
    });
    v1.define(q1, async (p) => void seen.push(`v1 ${p.user}`));
    v2.define(q2, async (p) => void seen.push(`v2 ${p.userId}`));
    await enqueueJob(db, q2, { userId: 'new' });
    await v1.drain({ names: ['t.versioned'] }); // a version-1 worker leaves a version-2 job alone
    expect(seen).toEqual([]);
    await enqueueJob(db, q1, { user: 'old' });
    await v2.drain({ names: ['t.versioned'] });
    expect(seen.sort()).toEqual(['v2 new', 'v2 old']);
    const strict = new Jobs(db, silent);
    strict.define(jobQueue('t.unread', z.object({ userId: z.string() }), { version: 2 }), async () => {});
    await db.query(`INSERT INTO jobs (name, payload, version) VALUES ('t.unread', '{"user": "x"}', 1)`);
    await strict.drain({ names: ['t.unread'] });
    expect(await jobRow('t.unread')).toMatchObject({
      state: 'dead',
      last_error: 'payload version 1 of t.unread is no longer read (this worker reads version 2)',
    });
  });

  it('renews the lease while a job runs: another worker never takes a job whose worker is alive', async () => {
    const a = new Jobs(db, silent, true, { leaseS: 0.3 });
    const b = new Jobs(db, silent, true, { leaseS: 0.3 });
    let runs = 0;
    const renewed = gate();
    const handler = async () => {
      runs++;
      // Run for several leases: until A has renewed it six times (2 leases) and B has polled after each.
      let beats = 0;
      await new Promise<void>((resolve) => {
        const on = () => {
          void b.kick().then(() => {
            if (++beats === 6) {
              a.events.off('renewed', on);
              resolve();
            }
          });
        };
        a.events.on('renewed', on);
      });
      renewed.open();
    };
    a.define('t.long', handler);
    b.define('t.long', handler);
    await enqueueJob(db, 't.long');
    const done = finished(a, 't.long');
    void a.kick();
    await renewed.p;
    expect(await done).toMatchObject({ outcome: 'done', attempt: 1 });
    expect(runs).toBe(1);
  });

  it("one name's hung jobs hold only that name's slots: other names and free slots keep running", async () => {
    const jobs = new Jobs(db, silent, true, { concurrency: 4 });
    const hung = gate();
    const started: number[] = [];
    const hangs = jobQueue('t.hangs', n);
    jobs.define(
      hangs,
      async (p) => {
        started.push(p.n);
        await hung.p;
      },
      { concurrency: 2 },
    );
    const quick: number[] = [];
    jobs.define(jobQueue('t.quick', n), async (p) => void quick.push(p.n));
    for (let i = 1; i <= 3; i++) await enqueueJob(db, hangs, { n: i });
    let claimed = 0;
    const twoStarted = new Promise<void>((resolve) => {
      const on = (c: { name: string }) => {
        if (c.name === 't.hangs' && ++claimed === 2) {
          jobs.events.off('claimed', on);
          resolve();
        }
      };
      jobs.events.on('claimed', on);
    });
    void jobs.kick();
    await twoStarted;
    const quickDone = finishedN(jobs, 't.quick', 5);
    for (let i = 1; i <= 5; i++) await enqueueJob(db, jobQueue('t.quick', n), { n: i });
    void jobs.kick();
    await quickDone;
    // All five quick jobs ran through the two slots the hung ones leave; the third hung job waits.
    expect(quick.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(started).toHaveLength(2);
    expect((await jobs.stats()).filter((s) => s.name === 't.hangs')).toEqual([
      { name: 't.hangs', state: 'active', count: 2 },
      { name: 't.hangs', state: 'queued', count: 1 },
    ]);
    hung.open();
    await jobs.idle();
    expect(started.sort()).toEqual([1, 2, 3]);
  });

  it('fires a due schedule once, whichever worker claims it, and moves it to its next time', async () => {
    const seen: string[] = [];
    const make = () => {
      const jobs = new Jobs(db, silent);
      jobs.define(jobQueue('t.cron', z.object({ who: z.string() })), async (p) => void seen.push(p.who));
      jobs.schedule('t.cron', '0 7 * * 1', { tz: 'Europe/Amsterdam', payload: { who: 'weekly' } });
      return jobs;
    };
    const a = make();
    const b = make();
    await a.kick(); // writes the schedule; Monday 07:00 Amsterdam is not now
    const [s] = await db.query<{ next: string }>(
      `SELECT to_char(next_run_at AT TIME ZONE 'Europe/Amsterdam', 'ID HH24:MI') AS next FROM job_schedules WHERE name = 't.cron'`,
    );
    expect(s?.next).toBe('1 07:00');
    await db.query(
      `UPDATE job_schedules SET next_run_at = now() - interval '1 minute' WHERE name = 't.cron'`,
    );
    await Promise.all([a.kick(), b.kick()]);
    await Promise.all([a.idle(), b.idle()]);
    await a.kick();
    expect(seen).toEqual(['weekly']);
    const [after] = await db.query<{ ahead: boolean }>(
      `SELECT next_run_at > now() AS ahead FROM job_schedules WHERE name = 't.cron'`,
    );
    expect(after?.ahead).toBe(true);
  });

  it('refuses a schedule with a bad expression or without its job', async () => {
    const jobs = new Jobs(db, silent);
    expect(() => jobs.schedule('t.bad', 'every tuesday')).toThrow();
    jobs.schedule('t.orphan', '* * * * *');
    expect(() => jobs.start()).toThrow(/names no defined job/);
  });

  it('a web-only instance enqueues but never runs jobs', async () => {
    const web = new Jobs(db, silent, false);
    let ran = false;
    web.define('t.web', async () => {
      ran = true;
    });
    await enqueueJob(db, 't.web');
    await web.kick();
    expect(ran).toBe(false);
    const worker = new Jobs(db, silent);
    worker.define('t.web', async () => {
      ran = true;
    });
    await worker.kick();
    expect(ran).toBe(true);
  });

  it('a claim reads only the jobs it takes, however long the queue: a backlog never slows the worker down', async () => {
    // 3,000 due jobs of one name (the oldest first by id), one of its runs whose lease lapsed, and a
    // lapsed run of another name: a worker with 8 slots per name.
    await db.query(
      `INSERT INTO jobs (name, payload, run_at) SELECT 't.backlog', '{}'::jsonb, now() - interval '1 second' * (3001 - i)
         FROM generate_series(1, 3000) AS i`,
    );
    await db.query(
      `INSERT INTO jobs (name, payload, state, attempts, run_at, locked_until)
       VALUES ('t.backlog', '{}', 'active', 1, now() - interval '2 hours', now() - interval '1 second'),
              ('t.other', '{}', 'active', 1, now() - interval '1 hour', now() - interval '1 second')`,
    );
    const ids = async (sql: string) => (await db.query<{ id: number }>(sql)).map((j) => j.id);
    const lapsed = await ids(`SELECT id::int AS id FROM jobs WHERE name = 't.backlog' AND state = 'active'`);
    const oldestDue = await ids(
      `SELECT id::int AS id FROM jobs WHERE name = 't.backlog' AND state = 'queued' ORDER BY run_at, id LIMIT 7`,
    );
    const names = ['t.backlog', 't.other', 't.idle1', 't.idle2', 't.idle3'];
    const [row] = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${CLAIM_JOBS_SQL}`,
      [names, names.map(() => 1), names.map(() => 8), 300, 20, []],
    );
    // Every row any scan of the jobs table produced or filtered out, over all its loops.
    let read = 0;
    const walk = (node: PlanNode) => {
      if (node['Relation Name'] === 'jobs')
        read += (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'];
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(row!['QUERY PLAN'][0].Plan);
    const claimed = await db.query<{ id: number; name: string }>(
      `SELECT id::int AS id, name FROM jobs
        WHERE name IN ('t.backlog', 't.other') AND state = 'active' AND locked_until > now()
        ORDER BY run_at, id`,
    );
    // Each name within its slots, oldest first: the lapsed run and the 7 oldest due jobs of the
    // backlog, and the other name's lapsed run...
    expect(claimed.filter((j) => j.name === 't.backlog').map((j) => j.id)).toEqual([...lapsed, ...oldestDue]);
    expect(claimed.filter((j) => j.name === 't.other')).toHaveLength(1);
    // ...read as those 9 (and their rows updated), not the 3,000 once per name.
    expect(read).toBeLessThan(40);
    await db.query(`DELETE FROM jobs WHERE name IN ('t.backlog', 't.other')`);
  });
});
