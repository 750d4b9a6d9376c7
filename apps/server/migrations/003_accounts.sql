-- Accounts: sessions, single-use tokens, login throttling, mail counters, transactional outbox.
ALTER TABLE users ADD COLUMN status_before_deletion text;
ALTER TABLE users ADD COLUMN deletion_requested_at timestamptz;
ALTER TABLE users ADD COLUMN delete_reason text;
ALTER TABLE users ADD COLUMN delete_remarks text;
ALTER TABLE users ADD COLUMN notifications_disabled text[] NOT NULL DEFAULT '{}';
ALTER TABLE users ADD COLUMN password_changed_at timestamptz;
CREATE INDEX users_pending_deletion ON users (deletion_requested_at) WHERE status = 'pending_deletion';

-- Server-side sessions. `id` is the SHA-256 of the cookie value: a database leak reveals no session.
CREATE TABLE sessions (
  id            text PRIMARY KEY,
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  site_id       integer NOT NULL REFERENCES sites (id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  user_agent    text
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Single-use links (activation, password reset, e-mail change, reactivation); `id` is the token's SHA-256.
CREATE TABLE tokens (
  id          text PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('activation', 'password_reset', 'mail_change', 'reactivation')),
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  site_id     integer NOT NULL REFERENCES sites (id),
  data        jsonb,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX tokens_user_kind ON tokens (user_id, kind);

-- Failed logins per site and address, whether or not the address has an account (no enumeration).
CREATE TABLE login_throttle (
  site_id        integer NOT NULL REFERENCES sites (id),
  email_hash     text NOT NULL,
  failures       integer NOT NULL DEFAULT 0,
  window_start   timestamptz NOT NULL DEFAULT now(),
  blocked_until  timestamptz,
  PRIMARY KEY (site_id, email_hash)
);

-- Mails requested per address (password resets, activation resends), for daily limits.
CREATE TABLE mail_requests (
  site_id     integer NOT NULL REFERENCES sites (id),
  email_hash  text NOT NULL,
  kind        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_requests_lookup ON mail_requests (site_id, email_hash, kind, created_at);

-- Transactional outbox: a mail is a row written with the change that causes it, delivered after commit.
CREATE TABLE outbox_emails (
  id               bigserial PRIMARY KEY,
  site_id          integer NOT NULL REFERENCES sites (id),
  to_address       text NOT NULL,
  template         text NOT NULL,
  locale           text NOT NULL,
  data             jsonb NOT NULL DEFAULT '{}',
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz
);
CREATE INDEX outbox_pending ON outbox_emails (next_attempt_at) WHERE status = 'pending';
