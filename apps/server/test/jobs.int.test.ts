import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/platform/db.ts';
import { enqueueJob, Jobs } from '../src/platform/jobs.ts';
import { migrate } from '../src/platform/migrate.ts';
import { freshDb } from './helpers.ts';

// The job mechanism on its own, on a real database (PGlite, or the PostgreSQL server in CI).
const silent = pino({ level: 'silent' });

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDb());
  await migrate(db);
});
afterAll(async () => drop());

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
    jobs.define<{ n: number }>('t.commit', async (p) => void seen.push(p.n));
    await db.tx(async (q) => enqueueJob(q, 't.commit', { n: 1 }));
    await db
      .tx(async (q) => {
        await enqueueJob(q, 't.commit', { n: 2 });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await jobs.kick();
    expect(seen).toEqual([1]);
    expect((await jobRow('t.commit'))?.state).toBe('done');
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
    jobs.define<{ n: number }>('t.batch', async (p) => void seen.push(p.n));
    expect(await enqueueJob(db, 't.batch', { n: 1 }, { singletonKey: 'member-1', delayS: 600 })).toBe(true);
    expect(await enqueueJob(db, 't.batch', { n: 2 }, { singletonKey: 'member-1', delayS: 600 })).toBe(false);
    expect(await enqueueJob(db, 't.batch', { n: 3 }, { singletonKey: 'member-2', delayS: 600 })).toBe(true);
    await jobs.kick();
    expect(seen).toEqual([]); // delayed
    await jobs.drain();
    expect(seen.sort()).toEqual([1, 3]);
    // Once it ran, the key is free again.
    expect(await enqueueJob(db, 't.batch', { n: 4 }, { singletonKey: 'member-1' })).toBe(true);
  });

  it('runs each job once when two workers share the table', async () => {
    const a = new Jobs(db, silent);
    const b = new Jobs(db, silent);
    const runs = new Map<number, number>();
    const handler = async (p: { n: number }) => void runs.set(p.n, (runs.get(p.n) ?? 0) + 1);
    a.define('t.shared', handler);
    b.define('t.shared', handler);
    await db.tx(async (q) => {
      for (let n = 0; n < 40; n++) await enqueueJob(q, 't.shared', { n });
    });
    await Promise.all([a.kick(), b.kick(), a.drain(), b.drain()]);
    expect(runs.size).toBe(40);
    expect([...runs.values()].every((c) => c === 1)).toBe(true);
  });

  it('fails a run that exceeds its timeout and retries it', async () => {
    const jobs = new Jobs(db, silent);
    let first = true;
    jobs.define(
      't.slow',
      async () => {
        if (first) {
          first = false;
          await new Promise(() => {}); // never settles
        }
      },
      { timeoutS: 0.05, backoffS: 1 },
    );
    await enqueueJob(db, 't.slow');
    await jobs.kick();
    expect(await jobRow('t.slow')).toMatchObject({ state: 'queued', last_error: 'timed out after 0.05 s' });
    await jobs.drain({ names: ['t.slow'] });
    expect((await jobRow('t.slow'))?.state).toBe('done');
  });

  it('fires a due schedule once, whichever worker claims it, and moves it to its next time', async () => {
    const seen: string[] = [];
    const make = () => {
      const jobs = new Jobs(db, silent);
      jobs.define<{ who: string }>('t.cron', async (p) => void seen.push(p.who));
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
});
