import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db.ts';
import { type JobQueue, PermanentJobError, readPayload } from './job-queue.ts';
import { withRequestId } from './request-scope.ts';

/**
 * One run of a claimed job (platform/jobs.ts): its payload read against its queue, its handler
 * under a timeout and an AbortSignal, its lease renewed by a heartbeat while it runs, and its
 * outcome written only while the job is still its own.
 */

export interface JobContext {
  id: number;
  /** 1 on the first run. */
  attempt: number;
  /** No retry follows if this run fails. */
  lastAttempt: boolean;
  log: FastifyBaseLogger;
  /**
   * Aborted when the run times out, loses its lease or the worker stops: stop, close connections
   * and return or throw. No other run of the job starts before this one has ended.
   */
  signal: AbortSignal;
}

export interface JobOptions {
  /** Default for jobs enqueued without their own maxAttempts is 8; this caps any job of the name. */
  maxAttempts?: number;
  /** Base of the backoff: a failed run is retried after min(3600, backoffS * 2^(attempt-1)) s. */
  backoffS?: number;
  /** A run taking longer is aborted, and retried once it has ended. */
  timeoutS?: number;
  /** Runs of this name at once on one worker (8 by default). */
  concurrency?: number;
}

export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<unknown>;

export interface Defined {
  queue: JobQueue<unknown>;
  handler: JobHandler<unknown>;
  opts: Required<JobOptions>;
}

export interface JobRow {
  id: number;
  name: string;
  payload: unknown;
  version: number;
  attempts: number;
  max_attempts: number;
  /** The request that enqueued it (platform/request-scope.ts), if one did. */
  request_id?: string | null;
}

/** A run in progress on this worker. */
export interface Run {
  job: JobRow;
  controller: AbortController;
  /** Until when (this process's clock) the lease is known to hold. */
  leaseEnd: number;
  /** The handler has settled. */
  ended: boolean;
  /** Aborted for its lease (lost or lapsing): another run may own the job now. */
  lost: boolean;
  /** Aborted because the worker stops: the job is handed back without counting the attempt. */
  stopping: boolean;
}

/** What became of a run (the 'finished' event, for logs and tests). */
export interface RunOutcome {
  id: number;
  name: string;
  attempt: number;
  outcome: 'done' | 'retry' | 'dead' | 'released' | 'lost';
  error?: string;
}
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/** The runs in progress on one worker and the heartbeat that renews their leases. */
export class JobRuns {
  readonly runs = new Map<number, Run>();
  private heartbeat: NodeJS.Timeout | undefined;
  private beating = false;
  /** Successful runs waiting to be marked done together (one statement for all that ended at once). */
  private doneBatch: { run: Run; settle: (ours: boolean | Error) => void }[] = [];

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    private leaseS: number,
    /** How long an aborted handler may take to end before it is called out in the log. */
    private graceMs: number,
    private events: EventEmitter,
  ) {}

  /** A claimed job starts running here, its lease known to hold until `leaseEnd`. */
  add(job: JobRow, leaseEnd: number): Run {
    const run: Run = {
      job,
      controller: new AbortController(),
      leaseEnd,
      ended: false,
      lost: false,
      stopping: false,
    };
    this.runs.set(job.id, run);
    this.startHeartbeat();
    return run;
  }

  remove(id: number): void {
    this.runs.delete(id);
    if (this.runs.size === 0) this.stopHeartbeat();
  }

  /** Runs one claimed job to its end and records what became of it. */
  async run(run: Run, def: Defined): Promise<RunOutcome> {
    const { job } = run;
    const max = Math.min(job.max_attempts, def.opts.maxAttempts);
    // Its log lines name the request that enqueued it (reqId, as that request's own lines do).
    const log = this.log.child({
      job: job.name,
      jobId: job.id,
      attempt: job.attempts,
      ...(job.request_id ? { reqId: job.request_id } : {}),
    });
    const result = (outcome: RunOutcome['outcome'], error?: string): RunOutcome => ({
      id: job.id,
      name: job.name,
      attempt: job.attempts,
      outcome,
      ...(error === undefined ? {} : { error }),
    });
    if (job.attempts > max) {
      // Claimed again after its worker went away on the last attempt.
      const error = 'worker lost during the last attempt';
      log.error(error);
      return (await this.record(run, 'dead', error)) ? result('dead', error) : result('lost');
    }
    const read = readPayload(def.queue, job.version, job.payload);
    if (!read.ok) {
      log.error({ error: read.error }, 'job payload refused: dead');
      return (await this.record(run, 'dead', read.error)) ? result('dead', read.error) : result('lost');
    }
    const signal = run.controller.signal;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      run.controller.abort(new Error(`timed out after ${def.opts.timeoutS} s`));
    }, def.opts.timeoutS * 1000);
    timer.unref();
    let ignoring: NodeJS.Timeout | undefined;
    signal.addEventListener(
      'abort',
      () => {
        log.warn({ reason: errorText(signal.reason) }, 'job aborted');
        ignoring = setTimeout(
          () => log.error('job handler ignores its abort signal: its slot and lease are kept until it ends'),
          this.graceMs,
        );
        ignoring.unref();
      },
      { once: true },
    );
    let failure: unknown;
    let ok = false;
    try {
      // Jobs this one enqueues carry its request's id on.
      await withRequestId(job.request_id, () =>
        Promise.resolve().then(() =>
          def.handler(read.payload, {
            id: job.id,
            attempt: job.attempts,
            lastAttempt: job.attempts >= max,
            log,
            signal,
          }),
        ),
      );
      ok = true;
    } catch (err) {
      failure = err;
    } finally {
      clearTimeout(timer);
      clearTimeout(ignoring);
      run.ended = true;
    }
    // A run whose lease was lost still records its outcome while the job is its own (no other
    // claim since: same attempt, still active); otherwise the other run records it.
    if (ok) {
      log.debug('job done');
      return (await this.recordDone(run)) ? result('done') : result('lost');
    }
    const permanent = failure instanceof PermanentJobError;
    const error = !permanent && timedOut ? errorText(signal.reason) : errorText(failure);
    if (run.stopping && !permanent) {
      log.warn({ err: failure }, 'job stopped with its worker: handed back');
      return (await this.record(run, 'released', error)) ? result('released', error) : result('lost');
    }
    if (permanent || job.attempts >= max) {
      log.error(
        { err: failure },
        permanent ? 'job failed for good: dead' : 'job failed for the last time: dead',
      );
      return (await this.record(run, 'dead', error)) ? result('dead', error) : result('lost');
    }
    const backoffS = Math.min(3600, def.opts.backoffS * 2 ** (job.attempts - 1));
    log.warn({ err: failure, retryInS: backoffS }, 'job failed: will retry');
    return (await this.record(run, 'retry', error, backoffS)) ? result('retry', error) : result('lost');
  }

  /**
   * Writes a run's outcome, only while the job is still this run's (same attempt, still active):
   * after a lost lease another run owns it. False when it was not ours any more.
   */
  private async record(
    run: Run,
    outcome: 'dead' | 'retry' | 'released',
    error: string | null,
    backoffS = 0,
  ): Promise<boolean> {
    const set = {
      dead: `state = 'dead', finished_at = now(), last_error = $3`,
      retry: `state = 'queued', last_error = $3, run_at = now() + make_interval(secs => $4)`,
      // Not the job's fault: the attempt is given back and the job is due at once.
      released: `state = 'queued', last_error = $3, run_at = now(), attempts = attempts - 1`,
    }[outcome];
    const rows = await this.db.query(
      `UPDATE jobs SET ${set}, locked_until = NULL
        WHERE id = $1 AND attempts = $2 AND state = 'active' RETURNING id`,
      [run.job.id, run.job.attempts, error, ...(outcome === 'retry' ? [backoffS] : [])],
    );
    return rows.length > 0;
  }

  /** Marks a run done with the others that end in the same turn of the event loop. */
  private recordDone(run: Run): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.doneBatch.push({ run, settle: (ours) => (ours instanceof Error ? reject(ours) : resolve(ours)) });
      if (this.doneBatch.length === 1) setImmediate(() => void this.flushDone());
    });
  }

  private async flushDone(): Promise<void> {
    const batch = this.doneBatch.splice(0);
    try {
      const rows = await this.db.query<{ id: number }>(
        `UPDATE jobs SET state = 'done', finished_at = now(), last_error = NULL, locked_until = NULL
          WHERE state = 'active' AND (id, attempts) IN (SELECT * FROM unnest($1::bigint[], $2::int[]))
          RETURNING id::int AS id`,
        [batch.map((b) => b.run.job.id), batch.map((b) => b.run.job.attempts)],
        { prepare: 'jobs_done' },
      );
      const ours = new Set(rows.map((r) => r.id));
      for (const b of batch) b.settle(ours.has(b.run.job.id));
    } catch (err) {
      for (const b of batch) b.settle(err instanceof Error ? err : new Error(String(err)));
    }
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => void this.beat(), (this.leaseS * 1000) / 3);
    this.heartbeat.unref();
  }

  stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  /**
   * Renews the leases of the runs in progress. A run whose job is no longer ours is aborted; so is
   * one whose lease would lapse before the next beat (renewals failing): it stops before another
   * worker may start the job again.
   */
  private async beat(): Promise<void> {
    // First, whatever the renewals do (one may hang with the database): a lease that would lapse
    // before the next beat stops its run now.
    const margin = (this.leaseS * 1000) / 3;
    for (const r of this.runs.values()) {
      if (!r.ended && !r.lost && r.leaseEnd - Date.now() <= margin)
        this.lose(r, 'lease expiring: could not renew it');
    }
    if (this.beating) return;
    this.beating = true;
    const runs = [...this.runs.values()].filter((r) => !r.ended && !r.lost);
    try {
      if (runs.length === 0) return;
      const sentAt = Date.now();
      try {
        const kept = await this.db.query<{ id: number }>(
          `UPDATE jobs SET locked_until = now() + make_interval(secs => $3)
            WHERE state = 'active' AND (id, attempts) IN (SELECT * FROM unnest($1::bigint[], $2::int[]))
            RETURNING id::int AS id`,
          [runs.map((r) => r.job.id), runs.map((r) => r.job.attempts), this.leaseS],
        );
        const ids = new Set(kept.map((r) => r.id));
        for (const r of runs) {
          if (ids.has(r.job.id)) r.leaseEnd = sentAt + this.leaseS * 1000;
          else if (!r.ended) this.lose(r, 'lease lost: the job is no longer this run’s');
        }
        this.events.emit('renewed', [...ids]);
      } catch (err) {
        this.log.warn({ err }, 'renewing job leases failed');
      }
    } finally {
      this.beating = false;
    }
  }

  private lose(run: Run, reason: string): void {
    run.lost = true;
    run.controller.abort(new Error(reason));
  }
}
