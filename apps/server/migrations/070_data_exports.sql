-- "Take your data with you" (issue 30 item 1; GDPR Art. 15 and 20): a member's own archive of
-- their data, built by a job, stored as a private object of the media store, downloadable by its
-- owner for 7 days. The row keeps dates, state and a count only: never the archive's content.
CREATE TABLE data_exports (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id       uuid NOT NULL REFERENCES users (id),
  site_id       integer NOT NULL REFERENCES sites (id),
  -- At most one a day (the UTC day): the constraint keeps it, however many requests race.
  requested_day date NOT NULL DEFAULT ((now() AT TIME ZONE 'UTC')::date),
  requested_at  timestamptz NOT NULL DEFAULT now(),
  state         text NOT NULL DEFAULT 'requested'
                CHECK (state IN ('requested', 'preparing', 'ready', 'expired')),
  storage_key   text,
  size_bytes    integer,
  ready_at      timestamptz,
  expires_at    timestamptz,
  downloads     integer NOT NULL DEFAULT 0,
  UNIQUE (user_id, requested_day)
);
CREATE INDEX data_exports_user ON data_exports (user_id, requested_at DESC);
CREATE INDEX data_exports_expiry ON data_exports (expires_at) WHERE state = 'ready';

-- Every download of an archive, logged.
CREATE TABLE data_export_downloads (
  id             bigserial PRIMARY KEY,
  export_id      uuid NOT NULL REFERENCES data_exports (id) ON DELETE CASCADE,
  downloaded_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX data_export_downloads_export ON data_export_downloads (export_id);
