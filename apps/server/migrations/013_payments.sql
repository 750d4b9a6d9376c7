-- Credits purchase (spec §1, §3 Payment/order, §4 Payment states). An order is made on the server
-- from a package id and the member's country; the provider's payment is the truth about it, and
-- the order only moves forward: open -> pending -> paid | failed | cancelled | expired,
-- paid -> refunded | charged_back.
CREATE TABLE orders (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id              uuid NOT NULL REFERENCES users (id),
  site_id              integer NOT NULL REFERENCES sites (id),
  -- One order per checkout attempt of a member: a double click is the same order.
  attempt_id           uuid NOT NULL,
  package_id           text NOT NULL CHECK (package_id IN ('p0', 'p1', 'p2', 'p3')),
  credits              integer NOT NULL CHECK (credits > 0),
  amount               integer NOT NULL CHECK (amount > 0),
  currency             text NOT NULL CHECK (currency IN ('EUR', 'PLN', 'CHF', 'GBP', 'USD')),
  country              text NOT NULL,
  method               text NOT NULL,
  status               text NOT NULL DEFAULT 'open' CHECK (status IN
                         ('open', 'pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded', 'charged_back')),
  provider             text NOT NULL,
  provider_payment_id  text,
  checkout_url         text,
  -- Credits a refund or chargeback took back, and what could not be taken (already spent).
  reversed_credits     integer NOT NULL DEFAULT 0 CHECK (reversed_credits >= 0),
  uncollected_credits  integer NOT NULL DEFAULT 0 CHECK (uncollected_credits >= 0),
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  paid_at              timestamptz,
  UNIQUE (user_id, attempt_id),
  UNIQUE (provider, provider_payment_id)
);
CREATE INDEX orders_user ON orders (user_id, created_at DESC, id DESC);
CREATE INDEX orders_unsettled ON orders (updated_at) WHERE status IN ('open', 'pending');

-- Every state an order passed through, for support and audits (append-only).
CREATE TABLE order_events (
  id          bigserial PRIMARY KEY,
  order_id    uuid NOT NULL REFERENCES orders (id),
  status      text NOT NULL,
  source      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_events_order ON order_events (order_id, id);

-- A member whose refund or chargeback could not be taken back in full may not pay by direct debit.
ALTER TABLE users ADD COLUMN direct_debit_blocked boolean NOT NULL DEFAULT false;

-- Reversals of purchases are ledger rows of their own kind.
ALTER TABLE credit_ledger DROP CONSTRAINT IF EXISTS credit_ledger_reason_check;
ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_reason_check CHECK (reason IN
  ('signup', 'purchase', 'message', 'photo', 'gift', 'refund', 'chargeback', 'correction'));

-- The built-in sandbox payment provider's own records (it stands in for the provider's servers:
-- our order code reads them only through the provider API, never from this table).
CREATE TABLE sandbox_payments (
  id            text PRIMARY KEY,
  idempotency   text UNIQUE,
  amount        integer NOT NULL,
  currency      text NOT NULL,
  description   text NOT NULL,
  method        text,
  status        text NOT NULL DEFAULT 'open'
                CHECK (status IN ('open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired')),
  redirect_url  text,
  webhook_url   text,
  metadata      jsonb,
  locale        text,
  refunded      integer NOT NULL DEFAULT 0,
  charged_back  integer NOT NULL DEFAULT 0,
  -- While true, webhooks wait in sandbox_webhooks until released (tests: delay, reorder).
  hold_webhooks boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now(),
  paid_at       timestamptz
);

CREATE TABLE sandbox_webhooks (
  id          bigserial PRIMARY KEY,
  payment_id  text NOT NULL REFERENCES sandbox_payments (id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
