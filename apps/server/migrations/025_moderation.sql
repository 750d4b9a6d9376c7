-- Moderation (issue 17 items 3 and 4): photo review, decisions on reports with a statement of
-- reasons (EU DSA Art. 17), appeals (Art. 20) and the figures of the transparency export (Art. 15).

-- A restricted account: suspended (until a date) or banned. Neither can log in or hold a session
-- (sessions.ts accepts only not_confirmed and active), and neither is searchable (the triggers of
-- 004 make searchable only for 'active').
ALTER TABLE users DROP CONSTRAINT users_status_check;
ALTER TABLE users ADD CONSTRAINT users_status_check
  CHECK (status IN ('not_confirmed', 'active', 'pending_deletion', 'deleted', 'suspended', 'banned'));

-- The photo review queue: a photo is in it until a moderator approves or rejects it. Photos that
-- existed before the console count as reviewed (the queue starts with new uploads).
ALTER TABLE photos ADD COLUMN reviewed_at timestamptz;
UPDATE photos SET reviewed_at = created_at;
CREATE INDEX photos_review_queue ON photos (site_id, created_at) WHERE reviewed_at IS NULL;

-- Every moderation decision: approvals and dismissals (for the transparency figures) and
-- restrictions, each with its statement of reasons. `received_at` is when the item reached the
-- queue (upload or report), so time to decide is decided_at - received_at. `previous_status` is
-- what a reversal restores (the account status before a suspension or ban).
CREATE TABLE moderation_decisions (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  site_id          integer NOT NULL REFERENCES sites (id),
  member_id        uuid REFERENCES users (id) ON DELETE SET NULL,
  source           text NOT NULL CHECK (source IN ('photo_review', 'report')),
  complaint_id     uuid REFERENCES complaints (id) ON DELETE SET NULL,
  photo_id         uuid REFERENCES photos (id) ON DELETE SET NULL,
  action           text NOT NULL
                   CHECK (action IN ('approve_photo', 'dismiss', 'remove_photo', 'hide_profile', 'suspend', 'ban')),
  category         text,
  ground           text CHECK (ground IN ('contractual', 'legal')),
  facts            text NOT NULL DEFAULT '',
  automated        boolean NOT NULL DEFAULT false,
  suspended_until  timestamptz,
  previous_status  text,
  member_language  text NOT NULL DEFAULT 'en',
  received_at      timestamptz NOT NULL,
  decided_at       timestamptz NOT NULL DEFAULT now(),
  decided_by       text NOT NULL,
  decided_by_name  text NOT NULL DEFAULT '',
  state            text NOT NULL DEFAULT 'in_force' CHECK (state IN ('in_force', 'reversed', 'expired'))
);
CREATE INDEX moderation_decisions_site ON moderation_decisions (site_id, decided_at);
CREATE INDEX moderation_decisions_member ON moderation_decisions (member_id, decided_at);

-- One appeal per decision, within 6 months, decided by another moderator (enforced by the service).
CREATE TABLE moderation_appeals (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  decision_id  uuid NOT NULL UNIQUE REFERENCES moderation_decisions (id) ON DELETE CASCADE,
  site_id      integer NOT NULL REFERENCES sites (id),
  text         text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'upheld', 'reversed')),
  decided_by   text,
  decided_at   timestamptz,
  note         text
);
CREATE INDEX moderation_appeals_queue ON moderation_appeals (site_id, status, created_at);
