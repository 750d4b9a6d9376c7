import { z } from 'zod';
import type { Queryable } from './db.ts';
import { currentRequestId } from './request-scope.ts';

/**
 * A queue of background jobs (platform/jobs.ts): its name, the schema of its payload and the
 * version of that schema. The version is written with every job; a worker claims only the
 * versions it knows (a job written by a newer release waits for a newer worker), reads an older
 * one through `upgrade` (or lets it go dead when there is none), and checks every payload against
 * the schema before the handler sees it: one that does not match goes dead at once, with the
 * reason, and is never retried (running it again could not make it match).
 */
export interface JobQueue<P> {
  readonly name: string;
  readonly version: number;
  readonly schema: z.ZodType<P>;
  /** Turns a payload of an older version into this version's shape. */
  readonly upgrade?: (payload: unknown, fromVersion: number) => unknown;
}

/** Declares a queue: `jobQueue('mail.deliver', z.object({ id: z.number().int() }))`. */
export function jobQueue<S extends z.ZodType<Record<string, unknown>>>(
  name: string,
  schema: S,
  opts: { version?: number; upgrade?: (payload: unknown, fromVersion: number) => unknown } = {},
): JobQueue<z.output<S>> {
  return {
    name,
    schema: schema as unknown as z.ZodType<z.output<S>>,
    version: opts.version ?? 1,
    upgrade: opts.upgrade,
  };
}

/** The schema of a job named by a string only: it takes no payload (`{}`), version 1. */
export const NO_PAYLOAD = z.object({}).strict();

/** Thrown by a handler: the job goes dead at once with this message, without retries. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface EnqueueOptions {
  /** Run no earlier than this many seconds from now. */
  delayS?: number;
  runAt?: Date;
  /** At most one *queued* job per name and key: a second enqueue is ignored (returns false). */
  singletonKey?: string;
  maxAttempts?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 8;

/**
 * Queues a job in the caller's transaction (or on the database); call `Jobs.kick()` after the
 * commit. A queue declared with `jobQueue` carries its payload's type and version; a bare name is a
 * job without payload.
 */
export async function enqueueJob<P>(
  q: Queryable,
  queue: JobQueue<P>,
  payload: P,
  opts?: EnqueueOptions,
): Promise<boolean>;
export async function enqueueJob(
  q: Queryable,
  name: string,
  payload?: Record<string, never>,
  opts?: EnqueueOptions,
): Promise<boolean>;
export async function enqueueJob(
  q: Queryable,
  queue: JobQueue<unknown> | string,
  payload: unknown = {},
  opts: EnqueueOptions = {},
): Promise<boolean> {
  const { name, version } = typeof queue === 'string' ? { name: queue, version: 1 } : queue;
  return insertJob(q, name, version, payload, opts);
}

export async function insertJob(
  q: Queryable,
  name: string,
  version: number,
  payload: unknown,
  opts: EnqueueOptions,
): Promise<boolean> {
  return (await insertJobs(q, [{ queue: { name, version }, payload, opts }])) > 0;
}

/** One job of several queued at once (enqueueJobs); made by `queuedJob`, which checks its payload. */
export interface QueuedJob {
  queue: Pick<JobQueue<unknown>, 'name' | 'version'>;
  payload: unknown;
  opts?: EnqueueOptions;
}

export const queuedJob = <P>(queue: JobQueue<P>, payload: P, opts?: EnqueueOptions): QueuedJob => ({
  queue,
  payload,
  opts,
});

/**
 * Queues several jobs in one statement (one round trip, and one commit outside a transaction):
 * what one event starts, such as a chat message's notification mails. Each is queued as
 * `enqueueJob` queues it.
 */
export async function enqueueJobs(q: Queryable, jobs: QueuedJob[]): Promise<void> {
  if (jobs.length > 0) await insertJobs(q, jobs);
}

/**
 * The one statement that queues jobs, in order: while a job of the same name and singleton key is
 * queued, that one stays and the new one is dropped. Returns how many were queued.
 */
async function insertJobs(q: Queryable, jobs: QueuedJob[]): Promise<number> {
  const rows = await q.query(
    `INSERT INTO jobs (name, version, payload, singleton_key, run_at, max_attempts, request_id)
     SELECT j->>'name', (j->>'version')::int, j->'payload', j->>'singleton_key',
            COALESCE((j->>'run_at')::timestamptz, now() + make_interval(secs => (j->>'delay_s')::float8)),
            (j->>'max_attempts')::int, $2
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(j, n)
      ORDER BY e.n
     ON CONFLICT (name, singleton_key) WHERE state = 'queued' AND singleton_key IS NOT NULL DO NOTHING
     RETURNING id`,
    [
      JSON.stringify(
        jobs.map(({ queue, payload, opts = {} }) => ({
          name: queue.name,
          version: queue.version,
          payload,
          singleton_key: opts.singletonKey ?? null,
          run_at: opts.runAt ? opts.runAt.toISOString() : null,
          delay_s: opts.delayS ?? 0,
          max_attempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        })),
      ),
      // The request (or job) that enqueues them: the jobs' log lines name it (platform/request-scope.ts).
      currentRequestId() ?? null,
    ],
    // Every chat message queues its notifications through here: parsed and planned once per connection.
    { prepare: 'jobs_insert' },
  );
  return rows.length;
}

/** The payload of a claimed job as its queue reads it, or why it cannot be read. */
export function readPayload<P>(
  queue: JobQueue<P>,
  version: number,
  payload: unknown,
): { ok: true; payload: P } | { ok: false; error: string } {
  let p = payload;
  if (version !== queue.version) {
    if (!queue.upgrade) {
      return {
        ok: false,
        error: `payload version ${version} of ${queue.name} is no longer read (this worker reads version ${queue.version})`,
      };
    }
    try {
      p = queue.upgrade(p, version);
    } catch (err) {
      return {
        ok: false,
        error: `payload version ${version} of ${queue.name} could not be upgraded: ${String(err)}`,
      };
    }
  }
  const parsed = queue.schema.safeParse(p);
  if (parsed.success) return { ok: true, payload: parsed.data };
  const issues = parsed.error.issues
    .map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`)
    .join('; ');
  return { ok: false, error: `payload does not match ${queue.name} v${queue.version}: ${issues}` };
}
