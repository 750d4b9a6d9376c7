-- Promotions (issue: promotions): discount codes a member enters at checkout, the welcome time
-- bonus (TIMEBONUS25: 25 % off the first purchase within 4 hours of signup) and the personal code
-- offered to a member who starts deleting the account. A code only ever lowers a price the server
-- worked out; redemptions are rows, and the database keeps single-use and once-per-member codes
-- from being redeemed twice, however many requests race.
CREATE TABLE discount_codes (
  id                   serial PRIMARY KEY,
  site_id              integer NOT NULL REFERENCES sites (id),
  code                 text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{3,40}$'),
  kind                 text NOT NULL DEFAULT 'code' CHECK (kind IN ('code', 'welcome', 'delete_offer')),
  value_percentage     integer NOT NULL CHECK (value_percentage BETWEEN 1 AND 90),
  -- With a currency, the code applies to orders in it only (and the minimum is in its minor units).
  currency             text CHECK (currency IN ('EUR', 'PLN', 'CHF', 'GBP', 'USD')),
  minimum_order_value  integer CHECK (minimum_order_value > 0),
  country              text CHECK (country ~ '^[A-Z]{2}$'),
  -- A personal code: only this member may use it.
  user_id              uuid REFERENCES users (id),
  expires_at           timestamptz,
  status               text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  validity             text NOT NULL CHECK (validity IN ('once_per_user', 'single_use', 'unlimited')),
  payment_methods      text[],
  created_at           timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_id, code)
);
-- One deletion offer per member.
CREATE UNIQUE INDEX discount_codes_delete_offer ON discount_codes (user_id) WHERE kind = 'delete_offer';

-- A redemption is taken when the order is made and given back if the order ends unpaid.
CREATE TABLE discount_redemptions (
  id          bigserial PRIMARY KEY,
  code_id     integer NOT NULL REFERENCES discount_codes (id),
  user_id     uuid NOT NULL REFERENCES users (id),
  order_id    uuid NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
  single      boolean NOT NULL,
  per_user    boolean NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX discount_redemptions_single ON discount_redemptions (code_id) WHERE single;
CREATE UNIQUE INDEX discount_redemptions_per_user ON discount_redemptions (code_id, user_id) WHERE per_user;

-- What the order would have cost and the discount that lowered it.
ALTER TABLE orders ADD COLUMN list_amount integer CHECK (list_amount > 0);
ALTER TABLE orders ADD COLUMN discount_code_id integer REFERENCES discount_codes (id);
ALTER TABLE orders ADD COLUMN discount_percentage integer CHECK (discount_percentage BETWEEN 1 AND 90);
