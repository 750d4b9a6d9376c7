import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from './db.ts';

/**
 * Background jobs on the database (issue 15): one mechanism for everything that runs later or on
 * a schedule. A job is a row of `jobs`, inserted in the transaction of the change that causes it
 * (so a rolled-back change runs nothing), claimed by a worker with FOR UPDATE SKIP LOCKED (so any
 * number of instances can work the same table), retried with exponential backoff, and kept as
 * 'dead' with its last error after its last attempt. Schedules (cron expressions in a time zone)
 * live in `job_schedules`; whichever worker claims a due schedule enqueues its job and advances it.
 * The same SQL runs on the embedded engine and on a PostgreSQL server.
 */

export interface EnqueueOptions {
  /** Run no earlier than this many seconds from now. */
  delayS?: number;
  runAt?: Date;
  /** At most one *queued* job per name and key: a second enqueue is ignored (returns false). */
  singletonKey?: string;
  maxAttempts?: number;
}

/** Queues a job in the caller's transaction (or on the database). Call `Jobs.kick()` after the commit. */
export async function enqueueJob(
  q: Queryable,
  name: string,
  payload: Record<string, unknown> = {},
  opts: EnqueueOptions = {},
): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO jobs (name, payload, singleton_key, run_at, max_attempts)
     VALUES ($1, $2, $3, COALESCE($4::timestamptz, now() + make_interval(secs => $5)), $6)
     ON CONFLICT (name, singleton_key) WHERE state = 'queued' AND singleton_key IS NOT NULL DO NOTHING
     RETURNING id`,
    [
      name,
      JSON.stringify(payload),
      opts.singletonKey ?? null,
      opts.runAt ? opts.runAt.toISOString() : null,
      opts.delayS ?? 0,
      opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    ],
  );
  return rows.length > 0;
}

export interface JobContext {
  id: number;
  /** 1 on the first run. */
  attempt: number;
  /** No retry follows if this run fails. */
  lastAttempt: boolean;
  log: FastifyBaseLogger;
}

export interface JobOptions {
  /** Default for jobs enqueued without their own maxAttempts is 8; this caps any job of the name. */
  maxAttempts?: number;
  /** Base of the backoff: a failed run is retried after min(3600, backoffS * 2^(attempt-1)) s. */
  backoffS?: number;
  /** A run taking longer fails (and is retried). */
  timeoutS?: number;
}

export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<unknown>;

interface Defined {
  handler: JobHandler<never>;
  opts: Required<JobOptions>;
}

interface JobRow {
  id: number;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

interface ScheduleRow {
  name: string;
  cron: string;
  tz: string;
  payload: Record<string, unknown>;
  next_run_at: Date;
}

const DEFAULT_MAX_ATTEMPTS = 8;
/** A claimed job whose worker went away is claimed again after this long. */
const LOCK_S = 15 * 60;
const BATCH = 8;

export interface DeadJob {
  id: number;
  name: string;
  attempts: number;
  error: string | null;
  finished_at: Date | null;
}

export interface JobStats {
  name: string;
  state: string;
  count: number;
}

/** The worker: runs due jobs of the names defined here, fires schedules, and polls while started. */
export class Jobs {
  private handlers = new Map<string, Defined>();
  private schedules = new Map<string, { cron: string; tz: string; payload: Record<string, unknown> }>();
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopped = false;
  private schedulesSynced: Promise<void> | undefined;

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    /** False on a web-only instance: jobs are left to the worker role. */
    private work = true,
  ) {}

  define<P>(name: string, handler: JobHandler<P>, opts: JobOptions = {}): void {
    if (this.handlers.has(name)) throw new Error(`job ${name} is defined twice`);
    this.handlers.set(name, {
      handler: handler as JobHandler<never>,
      opts: {
        maxAttempts: opts.maxAttempts ?? 100,
        backoffS: opts.backoffS ?? 15,
        timeoutS: opts.timeoutS ?? 300,
      },
    });
  }

  /** The names of the jobs defined here. */
  names(): string[] {
    return [...this.handlers.keys()];
  }

  /** Whether a job of this name is defined here. */
  defines(name: string): boolean {
    return this.handlers.has(name);
  }

  /** Runs job `name` on a cron schedule (croner syntax, in time zone tz, UTC by default). */
  schedule(name: string, cron: string, opts: { tz?: string; payload?: Record<string, unknown> } = {}): void {
    new Cron(cron, { timezone: opts.tz ?? 'UTC', paused: true }); // throws on a bad expression, at start
    this.schedules.set(name, { cron, tz: opts.tz ?? 'UTC', payload: opts.payload ?? {} });
  }

  /** Starts polling (the worker role): due jobs are also run right after every kick. */
  start(pollMs = 2000): void {
    if (!this.work || this.started) return;
    this.started = true;
    for (const name of this.schedules.keys()) {
      if (!this.handlers.has(name)) throw new Error(`schedule ${name} names no defined job`);
    }
    const tick = () => {
      if (this.stopped) return;
      void this.kick().finally(() => {
        if (!this.stopped) {
          this.timer = setTimeout(tick, pollMs);
          this.timer.unref();
        }
      });
    };
    tick();
  }

  /** Runs what is due now; overlapping calls coalesce into one more pass. */
  kick(): Promise<void> {
    if (!this.work || this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.pass().catch((err) => this.log.error({ err }, 'job pass failed'));
      } while (this.again);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Waits until no pass is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * For tests and the development tools (POST /dev/jobs/run-due): makes every queued job (of
   * those names) due now and runs them, their retries included, until they are done or dead; jobs
   * due meanwhile run too. Jobs these runs enqueue with a delay stay queued. Returns how many runs
   * happened.
   */
  async drain(opts: { names?: string[] } = {}): Promise<number> {
    await this.idle();
    const ids = (
      await this.db.query<{ id: number }>(
        `SELECT id FROM jobs WHERE state = 'queued' AND ($1::text[] IS NULL OR name = ANY($1::text[]))`,
        [opts.names ?? null],
      )
    ).map((r) => r.id);
    let runs = 0;
    for (let round = 0; round < 100; round++) {
      const waiting = await this.db.query(
        `UPDATE jobs SET run_at = now() WHERE id = ANY($1::bigint[]) AND state = 'queued' RETURNING id`,
        [ids],
      );
      let n = 0;
      do {
        n = await this.runDue();
        runs += n;
      } while (n > 0);
      if (waiting.length === 0) break;
    }
    return runs;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.idle();
  }

  /** Counts by name and state (dead jobs stay until pruned after 30 days). */
  stats(): Promise<JobStats[]> {
    return this.db.query<JobStats>(
      'SELECT name, state, count(*)::int AS count FROM jobs GROUP BY name, state ORDER BY name, state',
    );
  }

  /** The latest dead jobs with their last error (the console's dashboard, newest first). */
  deadJobs(limit = 50): Promise<DeadJob[]> {
    return this.db.query<DeadJob>(
      `SELECT id::int AS id, name, attempts, last_error AS error, finished_at FROM jobs WHERE state = 'dead'
        ORDER BY finished_at DESC, id DESC LIMIT $1`,
      [limit],
    );
  }

  private async pass(): Promise<void> {
    if (this.schedules.size) await this.fireSchedules();
    while ((await this.runDue()) > 0) {
      if (this.stopped) return;
    }
  }

  /** Claims and runs one batch of due jobs; returns how many ran. */
  private async runDue(): Promise<number> {
    const names = [...this.handlers.keys()];
    if (names.length === 0) return 0;
    const jobs = await this.db.query<JobRow>(
      `UPDATE jobs j SET state = 'active', attempts = j.attempts + 1,
              locked_until = now() + make_interval(secs => $2)
        WHERE j.id IN (SELECT id FROM jobs
                        WHERE name = ANY($1::text[])
                          AND ((state = 'queued' AND run_at <= now()) OR (state = 'active' AND locked_until < now()))
                        ORDER BY run_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING j.id, j.name, j.payload, j.attempts, j.max_attempts`,
      [names, LOCK_S, BATCH],
    );
    const outcomes = await Promise.all(jobs.map((job) => this.run(job)));
    // The batch's successes are marked done in one statement.
    const done = jobs.filter((_, i) => outcomes[i]).map((j) => j.id);
    if (done.length) {
      await this.db.query(
        `UPDATE jobs SET state = 'done', finished_at = now(), locked_until = NULL, last_error = NULL
          WHERE id = ANY($1::bigint[])`,
        [done],
      );
    }
    return jobs.length;
  }

  /** Runs one claimed job; true when it succeeded (the caller marks it done), false otherwise. */
  private async run(job: JobRow): Promise<boolean> {
    const def = this.handlers.get(job.name)!;
    const max = Math.min(job.max_attempts, def.opts.maxAttempts);
    const log = this.log.child({ job: job.name, jobId: job.id, attempt: job.attempts });
    if (job.attempts > max) {
      // Claimed again after its worker went away on the last attempt.
      await this.finish(job.id, 'dead', 'worker lost during the last attempt');
      return false;
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        def.handler(job.payload as never, {
          id: job.id,
          attempt: job.attempts,
          lastAttempt: job.attempts >= max,
          log,
        }),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`timed out after ${def.opts.timeoutS} s`)),
            def.opts.timeoutS * 1000,
          );
          timer.unref();
        }),
      ]);
      return true;
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      if (job.attempts >= max) {
        log.error({ err }, 'job failed for the last time: dead');
        await this.finish(job.id, 'dead', error);
      } else {
        const backoffS = Math.min(3600, def.opts.backoffS * 2 ** (job.attempts - 1));
        log.warn({ err, retryInS: backoffS }, 'job failed: will retry');
        await this.db.query(
          `UPDATE jobs SET state = 'queued', locked_until = NULL, last_error = $2,
                  run_at = now() + make_interval(secs => $3)
            WHERE id = $1`,
          [job.id, error.slice(0, 1000), backoffS],
        );
      }
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  private async finish(id: number, state: 'dead', error: string | null): Promise<void> {
    await this.db.query(
      `UPDATE jobs SET state = $2, finished_at = now(), locked_until = NULL, last_error = $3 WHERE id = $1`,
      [id, state, error?.slice(0, 1000) ?? null],
    );
  }

  /** Enqueues the job of every due schedule and moves the schedule to its next time. */
  private async fireSchedules(): Promise<void> {
    this.schedulesSynced ??= this.syncSchedules();
    await this.schedulesSynced;
    await this.db.tx(async (q) => {
      const due = await q.query<ScheduleRow>(
        `SELECT name, cron, tz, payload, next_run_at FROM job_schedules
          WHERE next_run_at <= now() AND name = ANY($1::text[]) FOR UPDATE SKIP LOCKED`,
        [[...this.schedules.keys()]],
      );
      for (const s of due) {
        const next = nextRun(s.cron, s.tz, new Date());
        await q.query('UPDATE job_schedules SET next_run_at = $2, last_run_at = now() WHERE name = $1', [
          s.name,
          next.toISOString(),
        ]);
        // One waiting run at most: a schedule never piles up behind a slow or failing job.
        await enqueueJob(q, s.name, s.payload, { singletonKey: 'schedule' });
      }
    });
  }

  /** Writes this process's schedules; a changed expression takes effect from now. */
  private async syncSchedules(): Promise<void> {
    for (const [name, s] of this.schedules) {
      await this.db.query(
        `INSERT INTO job_schedules (name, cron, tz, payload, next_run_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (name) DO UPDATE SET cron = EXCLUDED.cron, tz = EXCLUDED.tz, payload = EXCLUDED.payload,
           next_run_at = CASE WHEN job_schedules.cron = EXCLUDED.cron AND job_schedules.tz = EXCLUDED.tz
                              THEN job_schedules.next_run_at ELSE EXCLUDED.next_run_at END`,
        [name, s.cron, s.tz, JSON.stringify(s.payload), nextRun(s.cron, s.tz, new Date()).toISOString()],
      );
    }
  }
}

/** The first time after `from` that a cron expression names, in its time zone. */
export function nextRun(cron: string, tz: string, from: Date): Date {
  const next = new Cron(cron, { timezone: tz, paused: true }).nextRun(from);
  if (!next) throw new Error(`schedule ${cron} has no next run`);
  return next;
}

/** Forgets finished jobs: done after 7 days, dead after 30 (scheduled as 'jobs.prune'). */
export async function pruneJobs(q: Queryable): Promise<void> {
  await q.query(
    `DELETE FROM jobs WHERE (state = 'done' AND finished_at < now() - interval '7 days')
                         OR (state = 'dead' AND finished_at < now() - interval '30 days')`,
  );
}
