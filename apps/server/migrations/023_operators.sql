-- The operator console (issue 17): operators and their roles, console sessions, the login throttle,
-- and the append-only audit log of every operator action.

CREATE TABLE operators (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email          text NOT NULL,
  name           text NOT NULL,
  -- argon2id, as members' passwords (platform/passwords.ts)
  password_hash  text NOT NULL,
  -- base32 secret of the authenticator app once confirmed with a code; pending while being set up
  totp_secret    text,
  totp_pending   text,
  -- the last accepted time step: a code is accepted once (no replay within its window)
  totp_last_step bigint,
  -- an admin requires a second factor: logins stop at its set-up until there is one
  totp_required  boolean NOT NULL DEFAULT false,
  disabled_at    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX operators_email ON operators (lower(email));

-- A grant: a role for one site, or for every site (site_id NULL). admin implies every role.
CREATE TABLE operator_roles (
  operator_id  uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  role         text NOT NULL CHECK (role IN ('admin', 'moderator', 'support', 'finance')),
  site_id      integer REFERENCES sites (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX operator_roles_grant ON operator_roles (operator_id, role, COALESCE(site_id, 0));

-- Console sessions: their own cookie, 30 minutes idle and 12 hours at most (contracts/admin.ts).
-- stage 'totp': the password was right, the authenticator code is still due; 'totp_setup': a
-- required second factor is still to be set up; 'active': logged in.
CREATE TABLE operator_sessions (
  id            text PRIMARY KEY,
  operator_id   uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  site_id       integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  stage         text NOT NULL CHECK (stage IN ('totp', 'totp_setup', 'active')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  user_agent    text
);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);

-- Failed console logins per address (hashed), and the block they lead to (as login_throttle).
CREATE TABLE operator_login_throttle (
  email_hash     text PRIMARY KEY,
  failures       integer NOT NULL DEFAULT 0,
  window_start   timestamptz NOT NULL DEFAULT now(),
  blocked_until  timestamptz
);

-- Every operator action, written in the action's own transaction (platform/audit.ts).
-- operator_id NULL: the command line (npm run admin); operator_name is kept as it was then.
CREATE TABLE operator_audit (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at            timestamptz NOT NULL DEFAULT now(),
  operator_id   uuid REFERENCES operators (id),
  operator_name text NOT NULL,
  action        text NOT NULL,
  site_id       integer REFERENCES sites (id),
  subject_type  text NOT NULL,
  subject_id    text NOT NULL,
  reason        text,
  details       jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX operator_audit_site ON operator_audit (site_id, id DESC);
CREATE INDEX operator_audit_operator ON operator_audit (operator_id, id DESC);

CREATE FUNCTION operator_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit is append-only';
END $$;
CREATE TRIGGER operator_audit_append_only BEFORE UPDATE OR DELETE ON operator_audit
  FOR EACH ROW EXECUTE FUNCTION operator_audit_append_only();
