-- Secrets the server makes for itself once and shares between instances through the database
-- (signing media URLs and CSRF tokens). Never sent to anyone.
CREATE TABLE server_secrets (
  name   text PRIMARY KEY,
  value  text NOT NULL
);

-- Mails per recipient, kind and day: every mail kind is capped per recipient (no mail flooding).
CREATE TABLE mail_quota (
  recipient_hash  text NOT NULL,
  template        text NOT NULL,
  day             date NOT NULL DEFAULT current_date,
  sent            integer NOT NULL DEFAULT 0,
  PRIMARY KEY (recipient_hash, template, day)
);

-- A signup with an address that already has an account reserves the username it asked for,
-- as a new account would: a second signup with that name answers 'taken' either way.
CREATE TABLE username_reservations (
  site_id     integer NOT NULL REFERENCES sites (id),
  name_lower  text NOT NULL,
  until       timestamptz NOT NULL,
  PRIMARY KEY (site_id, name_lower)
);

-- A login link mailed to the owner of a locked address lets the owner in despite the lockout.
ALTER TABLE tokens DROP CONSTRAINT IF EXISTS tokens_kind_check;
ALTER TABLE tokens ADD CONSTRAINT tokens_kind_check
  CHECK (kind IN ('activation', 'password_reset', 'mail_change', 'reactivation', 'login_link'));
