-- Credits (spec §1, issue: chat with a credits ledger): an append-only ledger; the balance on
-- users is a cache kept in the same transaction, and a CHECK keeps it from going below zero.
ALTER TABLE users ADD COLUMN credits integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD CONSTRAINT users_credits_not_negative CHECK (credits >= 0);

CREATE TABLE credit_ledger (
  id             bigserial PRIMARY KEY,
  user_id        uuid NOT NULL REFERENCES users (id),
  site_id        integer NOT NULL REFERENCES sites (id),
  delta          integer NOT NULL CHECK (delta <> 0),
  reason         text NOT NULL CHECK (reason IN ('signup', 'purchase', 'message', 'photo', 'gift', 'refund', 'correction')),
  -- Idempotency: one entry per member and reference (a client message id, a payment id, 'signup').
  ref            text NOT NULL,
  balance_after  integer NOT NULL CHECK (balance_after >= 0),
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, ref)
);
CREATE INDEX credit_ledger_user ON credit_ledger (user_id, id DESC);

CREATE FUNCTION credit_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit_ledger is append-only';
END $$;
CREATE TRIGGER credit_ledger_append_only BEFORE UPDATE OR DELETE ON credit_ledger
  FOR EACH ROW EXECUTE FUNCTION credit_ledger_append_only();
