-- Stored payment methods (issue: credits purchase, stored card and SEPA direct debit): the
-- provider's customer of a member, and the mandates the member gave (a card stored on a first
-- payment, a SEPA direct-debit mandate signed with an SMS code). A mandate row is never changed
-- but for its revocation: its text version, reference and date are the record of what was agreed.
CREATE TABLE payment_customers (
  user_id      uuid NOT NULL REFERENCES users (id),
  provider     text NOT NULL,
  customer_id  text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, provider),
  UNIQUE (provider, customer_id)
);

CREATE TABLE payment_mandates (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id         uuid NOT NULL REFERENCES users (id),
  site_id         integer NOT NULL REFERENCES sites (id),
  provider        text NOT NULL,
  customer_id     text NOT NULL,
  mandate_id      text NOT NULL,
  kind            text NOT NULL CHECK (kind IN ('card', 'sdd')),
  -- What the member recognises it by: 'Visa •••• 4242', 'NL•• •••• 4300'.
  label           text NOT NULL,
  method          text NOT NULL,
  -- SEPA mandate record (kind 'sdd'): reference, creditor id, signature date, mandate text version,
  -- account holder and the address given with it. The IBAN itself stays with the provider.
  reference       text,
  creditor_id     text,
  text_version    text,
  holder          text,
  address         jsonb,
  phone_last4     text,
  signed_at       timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  revoked_at      timestamptz,
  UNIQUE (provider, mandate_id)
);
CREATE INDEX payment_mandates_user ON payment_mandates (user_id, kind, created_at DESC) WHERE revoked_at IS NULL;

CREATE FUNCTION payment_mandates_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.reference IS DISTINCT FROM OLD.reference OR NEW.text_version IS DISTINCT FROM OLD.text_version
     OR NEW.signed_at IS DISTINCT FROM OLD.signed_at OR NEW.holder IS DISTINCT FROM OLD.holder
     OR NEW.mandate_id IS DISTINCT FROM OLD.mandate_id OR NEW.creditor_id IS DISTINCT FROM OLD.creditor_id THEN
    RAISE EXCEPTION 'a mandate record cannot be changed';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER payment_mandates_fixed BEFORE UPDATE OR DELETE ON payment_mandates
  FOR EACH ROW EXECUTE FUNCTION payment_mandates_fixed();

-- Orders paid with a stored method have no checkout; say which mandate paid.
ALTER TABLE orders ADD COLUMN mandate_id uuid REFERENCES payment_mandates (id);

-- SMS codes for the direct-debit form: hashed, expiring, a few tries, a resend cool-down.
CREATE TABLE sms_codes (
  user_id     uuid PRIMARY KEY REFERENCES users (id),
  phone       text NOT NULL,
  code_hash   text NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,
  sent_at     timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);

-- The sandbox provider's customers and mandates (the provider's side, as sandbox_payments).
CREATE TABLE sandbox_customers (
  id                   text PRIMARY KEY,
  idempotency          text UNIQUE,
  name                 text,
  email                text,
  fail_next_recurring  boolean NOT NULL DEFAULT false,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE sandbox_mandates (
  id           text PRIMARY KEY,
  customer_id  text NOT NULL REFERENCES sandbox_customers (id),
  method       text NOT NULL,
  details      jsonb NOT NULL,
  reference    text,
  signed_on    date,
  status       text NOT NULL DEFAULT 'valid',
  created_at   timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE sandbox_payments ADD COLUMN customer_id text REFERENCES sandbox_customers (id);
ALTER TABLE sandbox_payments ADD COLUMN sequence_type text NOT NULL DEFAULT 'oneoff';
ALTER TABLE sandbox_payments ADD COLUMN mandate_id text REFERENCES sandbox_mandates (id);
ALTER TABLE sandbox_payments ADD COLUMN details jsonb;
