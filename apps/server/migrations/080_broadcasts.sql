-- Promotions and news mailings (issue 26 item 13): composed in the console per site, sent only to
-- members who chose that type, paced (features/notifications broadcasts.*, mail-periodic.ts).

CREATE TABLE broadcasts (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id          integer NOT NULL REFERENCES sites (id),
  type             text NOT NULL CHECK (type IN ('promotions', 'news')),
  -- {"en": {"headline": ..., "body": ...}, "de": ...}: English always, other languages optional
  -- (a member whose language has none gets the English text)
  texts            jsonb NOT NULL,
  -- where the mail's button leads on the site (a path of the site, checked by the contract)
  path             text NOT NULL,
  status           text NOT NULL DEFAULT 'draft'
                   CHECK (status IN ('draft', 'scheduled', 'sending', 'sent', 'cancelled')),
  scheduled_at     timestamptz,
  started_at       timestamptz,
  finished_at      timestamptz,
  cancelled_at     timestamptz,
  -- the members are queued in order of id, a batch at a time: up to this member they are queued
  queued_upto      uuid,
  queued           integer NOT NULL DEFAULT 0,
  -- the pace: one batch per broadcast a minute, all batches of a minute within the set number
  last_batch_at    timestamptz,
  last_batch_size  integer NOT NULL DEFAULT 0,
  created_by       uuid REFERENCES operators (id),
  updated_by       uuid REFERENCES operators (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'scheduled' OR scheduled_at IS NOT NULL)
);
CREATE INDEX broadcasts_site ON broadcasts (site_id, id DESC);
CREATE INDEX broadcasts_due ON broadcasts (scheduled_at) WHERE status IN ('scheduled', 'sending');

-- What became of each member's copy: its outbox mail (sent or not), a hard bounce or a spam
-- complaint reported about it, an unsubscribe through its own link. broadcast_key stays the
-- once-per-member key ('broadcast:<id>').
ALTER TABLE mail_broadcasts_sent
  ADD COLUMN broadcast_id integer REFERENCES broadcasts (id),
  ADD COLUMN mail_id bigint,
  ADD COLUMN bounced_at timestamptz,
  ADD COLUMN complained_at timestamptz,
  ADD COLUMN unsubscribed_at timestamptz;
CREATE INDEX mail_broadcasts_sent_broadcast ON mail_broadcasts_sent (broadcast_id) WHERE broadcast_id IS NOT NULL;
CREATE INDEX mail_broadcasts_sent_mail ON mail_broadcasts_sent (mail_id) WHERE mail_id IS NOT NULL;
