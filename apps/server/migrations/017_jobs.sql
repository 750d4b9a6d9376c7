-- Background jobs (issue 15): one table for everything that runs later or on a schedule.
-- A job is inserted in the transaction of the change that causes it, claimed by a worker with
-- FOR UPDATE SKIP LOCKED, retried with backoff, and kept as 'dead' after its last attempt.
CREATE TABLE jobs (
  id            bigserial PRIMARY KEY,
  name          text NOT NULL,
  payload       jsonb NOT NULL DEFAULT '{}',
  state         text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'active', 'done', 'dead')),
  singleton_key text,
  run_at        timestamptz NOT NULL DEFAULT now(),
  attempts      integer NOT NULL DEFAULT 0,
  max_attempts  integer NOT NULL DEFAULT 8 CHECK (max_attempts BETWEEN 1 AND 100),
  locked_until  timestamptz,
  last_error    text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz
);
-- What a worker looks for: due queued jobs, and active ones whose worker died (lock expired).
CREATE INDEX jobs_due ON jobs (run_at) WHERE state = 'queued';
CREATE INDEX jobs_stale ON jobs (locked_until) WHERE state = 'active';
CREATE INDEX jobs_dead ON jobs (finished_at) WHERE state = 'dead';
-- Batching: at most one waiting job per name and key.
CREATE UNIQUE INDEX jobs_singleton ON jobs (name, singleton_key) WHERE state = 'queued' AND singleton_key IS NOT NULL;

-- Cron-like schedules: the next run of each, advanced by whichever worker claims it.
CREATE TABLE job_schedules (
  name        text PRIMARY KEY,
  cron        text NOT NULL,
  tz          text NOT NULL DEFAULT 'UTC',
  payload     jsonb NOT NULL DEFAULT '{}',
  next_run_at timestamptz NOT NULL,
  last_run_at timestamptz
);

-- Mail delivery moves onto jobs ('mail.deliver'): the outbox row stays the mail's record (status,
-- attempts, last error); mail still waiting is handed to the new mechanism.
INSERT INTO jobs (name, payload) SELECT 'mail.deliver', jsonb_build_object('id', id)
  FROM outbox_emails WHERE status = 'pending';
