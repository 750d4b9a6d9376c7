import { Cron } from 'croner';
import type { Db } from './db.ts';
import { insertJob } from './job-queue.ts';

/**
 * Cron-like schedules of background jobs (platform/jobs.ts): the next run of each lives in
 * `job_schedules`; whichever worker claims a due schedule enqueues its job and advances it.
 */

interface ScheduleRow {
  name: string;
  cron: string;
  tz: string;
  payload: Record<string, unknown>;
  next_run_at: Date;
}

export interface Schedule {
  cron: string;
  tz: string;
  payload: Record<string, unknown>;
}

/** Enqueues the job of every due schedule of these names and moves the schedule to its next time. */
export async function fireSchedules(
  db: Db,
  names: string[],
  versionOf: (name: string) => number,
): Promise<void> {
  await db.tx(async (q) => {
    const due = await q.query<ScheduleRow>(
      `SELECT name, cron, tz, payload, next_run_at FROM job_schedules
        WHERE next_run_at <= now() AND name = ANY($1::text[]) FOR UPDATE SKIP LOCKED`,
      [names],
    );
    for (const s of due) {
      const next = nextRun(s.cron, s.tz, new Date());
      await q.query('UPDATE job_schedules SET next_run_at = $2, last_run_at = now() WHERE name = $1', [
        s.name,
        next.toISOString(),
      ]);
      // One waiting run at most: a schedule never piles up behind a slow or failing job.
      await insertJob(q, s.name, versionOf(s.name), s.payload, { singletonKey: 'schedule' });
    }
  });
}

/** Writes this process's schedules; a changed expression takes effect from now. */
export async function syncSchedules(db: Db, schedules: Map<string, Schedule>): Promise<void> {
  for (const [name, s] of schedules) {
    await db.query(
      `INSERT INTO job_schedules (name, cron, tz, payload, next_run_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (name) DO UPDATE SET cron = EXCLUDED.cron, tz = EXCLUDED.tz, payload = EXCLUDED.payload,
         next_run_at = CASE WHEN job_schedules.cron = EXCLUDED.cron AND job_schedules.tz = EXCLUDED.tz
                            THEN job_schedules.next_run_at ELSE EXCLUDED.next_run_at END`,
      [name, s.cron, s.tz, JSON.stringify(s.payload), nextRun(s.cron, s.tz, new Date()).toISOString()],
    );
  }
}

/** The first time after `from` that a cron expression names, in its time zone. */
export function nextRun(cron: string, tz: string, from: Date): Date {
  const next = new Cron(cron, { timezone: tz, paused: true }).nextRun(from);
  if (!next) throw new Error(`schedule ${cron} has no next run`);
  return next;
}
