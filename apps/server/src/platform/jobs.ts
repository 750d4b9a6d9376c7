import { EventEmitter } from 'node:events';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, detached, type Queryable } from './db.ts';
import { type JobQueue, jobQueue, NO_PAYLOAD } from './job-queue.ts';
import { type Defined, type JobHandler, type JobOptions, type JobRow, JobRuns } from './job-run.ts';
import { fireSchedules, type Schedule, syncSchedules } from './job-schedules.ts';

export {
  type EnqueueOptions,
  enqueueJob,
  enqueueJobs,
  type JobQueue,
  jobQueue,
  PermanentJobError,
  type QueuedJob,
  queuedJob,
} from './job-queue.ts';
export type { JobContext, JobHandler, JobOptions, RunOutcome } from './job-run.ts';
export { nextRun } from './job-schedules.ts';

/**
 * Background jobs on the database (issues 15, 24, 27): one mechanism for everything that runs later
 * or on a schedule. A job is a row of `jobs`, inserted in the transaction of the change that causes
 * it (so a rolled-back change runs nothing), claimed by a worker with FOR UPDATE SKIP LOCKED (so
 * any number of instances can work the same table), retried with exponential backoff, and kept as
 * 'dead' with its last error after its last attempt.
 *
 * A claim is a short lease (`leaseS`, 30 s by default) that the worker renews every third of it
 * while the handler runs: a worker that dies leaves its jobs to be claimed again within a lease,
 * and a worker that cannot renew (database gone, process stalled) aborts its handler before the
 * lease lapses. Jobs run as slots free, at most `concurrency` at once on a worker and at most each
 * name's own `concurrency` of one name, so a queue whose jobs hang (a mail server that never
 * answers) holds its own slots and never the other queues. A run that times out is aborted
 * (`ctx.signal`) and its retry waits until it has ended. Each queue's payload has a schema and a
 * version (platform/job-queue.ts), checked before the handler runs.
 *
 * Schedules (cron expressions in a time zone) live in `job_schedules`; whichever worker claims a
 * due schedule enqueues its job and advances it. The same SQL runs on the embedded engine and on a
 * PostgreSQL server.
 */

export interface WorkerOptions {
  /** How long a claim holds without renewal, in seconds (30 by default; renewed every third). */
  leaseS?: number;
  /** Runs at once on this worker, all names together (20 by default). */
  concurrency?: number;
  /** How long stop() lets running jobs finish before it aborts them, in seconds (5 by default). */
  stopGraceS?: number;
}

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

/**
 * Claims due jobs: $1 names, $2 the payload version each reads, $3 each name's free slots, $4 the
 * lease in seconds, $5 the worker's free slots, $6 ids of its own runs still in progress.
 * Due jobs and lapsed leases are read apart, each in its index's order and only as far as the
 * name's free slots (index jobs_due_by_name_id: name, run_at, id). Read together (an OR), the planner
 * fetched every due job of every name and sorted them, once per name: with a backlog of 18,000
 * a claim took 74 ms and the worker ran 100 jobs a second, slowest when furthest behind
 * (docs/benchmarks.md, stop 46).
 */
export const CLAIM_JOBS_SQL = `WITH w AS (SELECT * FROM unnest($1::text[], $2::int[], $3::int[]) AS w(name, version, n)),
        due AS (
          SELECT w.n, c.* FROM w CROSS JOIN LATERAL (
            SELECT id, name, run_at FROM jobs
             WHERE name = w.name AND state = 'queued' AND run_at <= now()
               AND version <= w.version AND id <> ALL($6::bigint[])
             ORDER BY run_at, id LIMIT w.n FOR UPDATE SKIP LOCKED) c),
        lapsed AS (
          SELECT w.n, c.* FROM w CROSS JOIN LATERAL (
            SELECT id, name, run_at FROM jobs
             WHERE name = w.name AND state = 'active' AND locked_until < now()
               AND version <= w.version AND id <> ALL($6::bigint[])
             ORDER BY run_at, id LIMIT w.n FOR UPDATE SKIP LOCKED) c),
        pick AS (
          SELECT id FROM (
            SELECT id, run_at, n, row_number() OVER (PARTITION BY name ORDER BY run_at, id) AS k
              FROM (SELECT * FROM due UNION ALL SELECT * FROM lapsed) x) y
           WHERE k <= n ORDER BY run_at, id LIMIT $5)
   UPDATE jobs j SET state = 'active', attempts = j.attempts + 1,
          locked_until = now() + make_interval(secs => $4)
     FROM pick WHERE j.id = pick.id
   RETURNING j.id::int AS id, j.name, j.payload, j.version, j.attempts, j.max_attempts, j.request_id`;

/** The worker: runs due jobs of the names defined here, fires schedules, and polls while started. */
export class Jobs {
  /** 'claimed' (RunOutcome without outcome), 'renewed' (ids), 'finished' (RunOutcome). */
  readonly events = new EventEmitter();
  private handlers = new Map<string, Defined>();
  private schedules = new Map<string, Schedule>();
  private busy = new Map<string, number>();
  private runsStarted = 0;
  private claiming: Promise<void> | undefined;
  private claimAgain = false;
  private claimQueued = false;
  private passing: Promise<void> | undefined;
  private passAgain = false;
  private idleWaiters: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private soon: NodeJS.Timeout | undefined;
  private draining = 0;
  private started = false;
  private stopped = false;
  private schedulesSynced: Promise<void> | undefined;
  private readonly leaseS: number;
  private readonly concurrency: number;
  private readonly stopGraceMs: number;
  private readonly running: JobRuns;

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    /** False on a web-only instance: jobs are left to the worker role. */
    private work = true,
    opts: WorkerOptions = {},
  ) {
    this.leaseS = opts.leaseS ?? 30;
    this.concurrency = opts.concurrency ?? 20;
    this.stopGraceMs = (opts.stopGraceS ?? 5) * 1000;
    this.events.setMaxListeners(0);
    this.running = new JobRuns(db, log, this.leaseS, this.stopGraceMs, this.events);
  }

  /** Defines the handler of a queue (its payload checked against the queue's schema), or of a job without payload. */
  define<P>(queue: JobQueue<P>, handler: JobHandler<P>, opts?: JobOptions): void;
  define(name: string, handler: JobHandler<Record<string, never>>, opts?: JobOptions): void;
  define(queue: JobQueue<unknown> | string, handler: JobHandler<never>, opts: JobOptions = {}): void {
    const q = typeof queue === 'string' ? jobQueue(queue, NO_PAYLOAD) : queue;
    if (this.handlers.has(q.name)) throw new Error(`job ${q.name} is defined twice`);
    this.handlers.set(q.name, {
      queue: q,
      handler: handler as JobHandler<unknown>,
      opts: {
        maxAttempts: opts.maxAttempts ?? 100,
        backoffS: opts.backoffS ?? 15,
        timeoutS: opts.timeoutS ?? 300,
        concurrency: opts.concurrency ?? 8,
      },
    });
  }

  /** The names of the jobs defined here. */
  names(): string[] {
    return [...this.handlers.keys()];
  }

  /** The queue (name, payload schema, version) of a job defined here. */
  queue(name: string): JobQueue<unknown> | undefined {
    return this.handlers.get(name)?.queue;
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

  /** Starts polling (the worker role): due jobs are also claimed right after every kick. */
  start(pollMs = 2000): void {
    if (!this.work || this.started) return;
    this.started = true;
    for (const name of this.schedules.keys()) {
      if (!this.handlers.has(name)) throw new Error(`schedule ${name} names no defined job`);
    }
    const tick = () => {
      if (this.stopped) return;
      // The next poll follows the claims, not the runs: a slow job never delays it.
      void this.pass().finally(() => {
        if (!this.stopped) {
          this.timer = setTimeout(tick, pollMs);
          this.timer.unref();
        }
      });
    };
    tick();
  }

  /**
   * Fires due schedules and claims what is due now; resolves once this worker is idle (nothing
   * running, nothing more due). Overlapping calls coalesce.
   */
  kick(): Promise<void> {
    if (!this.work || this.stopped) return Promise.resolve();
    void this.pass();
    return this.idle();
  }

  /**
   * A kick `delayMs` later (what a request that queued jobs calls): the requests of a burst share
   * one pass, so their jobs are claimed, and marked done, in batches instead of one by one (a chat
   * send queues a notification event: at 1,000 sends a second, claiming each alone cost more
   * commits than the sends themselves). `idle()` waits for it.
   */
  kickSoon(delayMs = 20): void {
    if (!this.work || this.stopped || this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      void this.pass();
    }, delayMs);
  }

  /** Resolves once nothing runs or is being claimed here (tests, shutdown). */
  idle(): Promise<void> {
    if (this.quiet()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * For tests and the development tools (POST /dev/jobs/run-due): makes every queued job (of
   * those names) due now and runs them, their retries included, until they are done or dead; jobs
   * due meanwhile run too. Jobs these runs enqueue with a delay stay queued. Returns how many runs
   * happened.
   */
  async drain(opts: { names?: string[] } = {}): Promise<number> {
    this.draining++;
    try {
      await this.idle();
      const ids = (
        await this.db.query<{ id: number }>(
          `SELECT id FROM jobs WHERE state = 'queued' AND ($1::text[] IS NULL OR name = ANY($1::text[]))`,
          [opts.names ?? null],
        )
      ).map((r) => r.id);
      const before = this.runsStarted;
      for (let round = 0; round < 100; round++) {
        const waiting = await this.db.query(
          `UPDATE jobs SET run_at = now() WHERE id = ANY($1::bigint[]) AND state = 'queued' RETURNING id`,
          [ids],
        );
        void this.claimSoon();
        await this.idle();
        if (waiting.length === 0) break;
      }
      return this.runsStarted - before;
    } finally {
      this.draining--;
    }
  }

  /**
   * Stops claiming, lets running jobs finish for `stopGraceS`, then aborts the rest (handed back
   * without counting the attempt, so another worker takes them at once) and waits for them as long
   * again; a handler still running then keeps nothing: its lease lapses.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.soon) clearTimeout(this.soon);
    this.soon = undefined;
    this.settle();
    const ended = () => this.idle().then(() => true);
    if (!(await within(ended(), this.stopGraceMs))) {
      for (const run of this.running.runs.values()) {
        run.stopping = true;
        run.controller.abort(new Error('the worker is stopping'));
      }
      if (!(await within(ended(), this.stopGraceMs))) {
        this.log.error(
          { jobs: [...this.running.runs.keys()] },
          'jobs still running after stop: their leases lapse',
        );
      }
    }
    this.running.stopHeartbeat();
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

  private quiet(): boolean {
    return this.running.runs.size === 0 && !this.claiming && !this.passing && !this.claimQueued && !this.soon;
  }

  private settle(): void {
    if (!this.quiet()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  /** Fires due schedules, then claims; overlapping calls coalesce into one more pass. */
  private pass(): Promise<void> {
    if (this.passing) {
      this.passAgain = true;
      return this.passing;
    }
    // The worker's own work, never part of a caller's transaction (a kick from inside one).
    this.passing = detached(async () => {
      do {
        this.passAgain = false;
        try {
          if (this.schedules.size) {
            this.schedulesSynced ??= syncSchedules(this.db, this.schedules);
            await this.schedulesSynced;
            await fireSchedules(
              this.db,
              [...this.schedules.keys()],
              (n) => this.handlers.get(n)?.queue.version ?? 1,
            );
          }
        } catch (err) {
          this.log.error({ err }, 'job schedules failed');
        }
        await this.claimSoon();
      } while (this.passAgain && !this.stopped);
    }).finally(() => {
      this.passing = undefined;
      this.settle();
    });
    return this.passing;
  }

  /** Claims due jobs while slots are free; one claimer at a time, later requests coalesce. */
  private claimSoon(): Promise<void> {
    if (this.claiming) {
      this.claimAgain = true;
      return this.claiming;
    }
    this.claiming = detached(async () => {
      do {
        this.claimAgain = false;
        try {
          while (await this.claimSome()) {}
        } catch (err) {
          this.log.error({ err }, 'claiming jobs failed');
        }
      } while (this.claimAgain && !this.stopped);
    }).finally(() => {
      this.claiming = undefined;
      this.settle();
    });
    return this.claiming;
  }

  /** Claims as many due jobs as there are free slots, and starts them; false when nothing more can start. */
  private async claimSome(): Promise<boolean> {
    if (this.stopped || !(this.work || this.draining)) return false;
    const free = this.concurrency - this.running.runs.size;
    if (free <= 0) return false;
    const names: string[] = [];
    const versions: number[] = [];
    const limits: number[] = [];
    for (const [name, def] of this.handlers) {
      const n = Math.min(def.opts.concurrency - (this.busy.get(name) ?? 0), free);
      if (n <= 0) continue;
      names.push(name);
      versions.push(def.queue.version);
      limits.push(n);
    }
    if (names.length === 0) return false;
    const sentAt = Date.now();
    // Per name at most its free slots, all together at most the worker's. A worker claims only
    // payload versions it reads; a lease that lapsed is claimed again, but never one of its own
    // runs still in progress (its renewal merely late).
    const jobs = await this.db.query<JobRow>(
      CLAIM_JOBS_SQL,
      [names, versions, limits, this.leaseS, free, [...this.running.runs.keys()]],
      // Run after every burst of requests that queued jobs: parsed and planned once per connection.
      { prepare: 'jobs_claim' },
    );
    for (const job of jobs) this.launch(job, sentAt + this.leaseS * 1000);
    return jobs.length > 0;
  }

  private launch(job: JobRow, leaseEnd: number): void {
    const run = this.running.add(job, leaseEnd);
    this.busy.set(job.name, (this.busy.get(job.name) ?? 0) + 1);
    this.runsStarted++;
    this.events.emit('claimed', { id: job.id, name: job.name, attempt: job.attempts });
    void this.running
      .run(run, this.handlers.get(job.name)!)
      .catch((err) => this.log.error({ err, jobId: job.id }, 'recording a job run failed'))
      .then((outcome) => outcome && this.events.emit('finished', outcome))
      .finally(() => {
        this.running.remove(job.id);
        this.busy.set(job.name, (this.busy.get(job.name) ?? 1) - 1);
        // A slot is free: take the next due job (maybe one this run enqueued), once every run that
        // ended in this turn has freed its slot (one claim for all of them).
        if (!this.claimQueued) {
          this.claimQueued = true;
          setImmediate(() => {
            this.claimQueued = false;
            void this.claimSoon();
          });
        }
      });
  }
}

/** Whether `p` settles within `ms` (the timer is cleared either way). */
async function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([p.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Forgets finished jobs: done after 7 days, dead after 30 (scheduled as 'jobs.prune'). */
export async function pruneJobs(q: Queryable): Promise<void> {
  await q.query(
    `DELETE FROM jobs WHERE (state = 'done' AND finished_at < now() - interval '7 days')
                         OR (state = 'dead' AND finished_at < now() - interval '30 days')`,
  );
}
