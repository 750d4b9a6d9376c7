-- Jobs and mail survive a worker crash and a hung mail server (issues 24 and 27).
-- Each job carries the version of its payload's schema (platform/job-queue.ts); a worker claims
-- only versions it reads. Rows written before (and by SQL that names no version) are version 1.
ALTER TABLE jobs ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
-- A worker claims per name (each name has its own slots): due jobs by name.
CREATE INDEX jobs_due_by_name ON jobs (name, run_at) WHERE state = 'queued';

-- A mail is marked 'sending' (with the time) right before its SMTP transaction. A run that finds
-- it still 'sending' cannot know whether it left: it becomes 'unknown' and is never sent again.
ALTER TABLE outbox_emails DROP CONSTRAINT outbox_emails_status_check;
ALTER TABLE outbox_emails ADD CONSTRAINT outbox_emails_status_check
  CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'unknown'));
ALTER TABLE outbox_emails ADD COLUMN sending_at timestamptz;
