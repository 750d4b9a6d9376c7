-- Passkeys (issue 30 item 4): WebAuthn credentials of members (a login without a password) and of
-- operators (the console's second factor beside TOTP). A credential belongs to one site: its
-- relying party is the host the site answered on, and a login looks it up by (site, credential id),
-- so another site's account is never reached with it.
CREATE TABLE passkeys (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  site_id        integer NOT NULL REFERENCES sites (id),
  user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- base64url, as the browser names it
  credential_id  text NOT NULL,
  -- COSE public key, base64url
  public_key     text NOT NULL,
  -- the authenticator's signature counter: a login whose counter does not grow (when it counts) is refused
  counter        bigint NOT NULL DEFAULT 0,
  transports     text NOT NULL DEFAULT '',
  name           text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_used_at   timestamptz,
  UNIQUE (site_id, credential_id)
);
CREATE INDEX passkeys_user ON passkeys (user_id);

CREATE TABLE operator_passkeys (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  site_id        integer NOT NULL REFERENCES sites (id),
  operator_id    uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  credential_id  text NOT NULL,
  public_key     text NOT NULL,
  counter        bigint NOT NULL DEFAULT 0,
  transports     text NOT NULL DEFAULT '',
  name           text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_used_at   timestamptz,
  UNIQUE (site_id, credential_id)
);
CREATE INDEX operator_passkeys_operator ON operator_passkeys (operator_id);

-- The challenges handed out: kept on the server, single use (taken by DELETE … RETURNING), five
-- minutes. `subject` is the member or operator registering, or for an operator's second factor
-- the half-done console session; none for a member's passkey login (discoverable credentials).
CREATE TABLE webauthn_challenges (
  challenge   text PRIMARY KEY,
  site_id     integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  purpose     text NOT NULL
              CHECK (purpose IN ('member_register', 'member_login', 'operator_register', 'operator_login')),
  subject     text,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX webauthn_challenges_expiry ON webauthn_challenges (expires_at);
