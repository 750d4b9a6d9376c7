-- Idempotency keys (issue 11 item 9, spec §7 "all requests retry up to 5 times"): the first answer
-- to a mutating request that carried an Idempotency-Key, kept per member (or visitor) and key, so
-- a retry gets the same answer instead of doing the thing twice. `status` is null while the first
-- request runs. Rows live a day (expires_at); the 'idempotency.prune' job deletes older ones.
CREATE TABLE idempotency_keys (
  scope        text NOT NULL,
  key          text NOT NULL,
  fingerprint  text NOT NULL,
  status       integer,
  content_type text,
  body         text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

-- Complaints ready for the operator console (issue 11 item 10): a status an operator moves along
-- (open -> in_review -> resolved | dismissed; 'handled' was never used by anything but the
-- default), when it last moved, the operator's statement of reasons for the decision (guide: DSA
-- Art. 17), and the reporter's details as they were when the report came in (the account may
-- change address or language, or be erased; the reporter still hears back).
ALTER TABLE complaints DROP CONSTRAINT complaints_status_check;
UPDATE complaints SET status = 'resolved' WHERE status = 'handled';
ALTER TABLE complaints
  ADD CONSTRAINT complaints_status_check CHECK (status IN ('open', 'in_review', 'resolved', 'dismissed')),
  ADD COLUMN status_changed_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN decision_note text,
  ADD COLUMN reporter_name text NOT NULL DEFAULT '',
  ADD COLUMN reporter_email text NOT NULL DEFAULT '',
  ADD COLUMN reporter_language text NOT NULL DEFAULT 'en',
  ADD COLUMN member_name text;
DROP INDEX complaints_open;
-- The console's queue: a site's complaints of one status, oldest first.
CREATE INDEX complaints_queue ON complaints (site_id, status, created_at);
