-- The order's transaction fee (spec §3 Payment/order; issue 26 item 18): what the payment method
-- added to the package's price, in the order's minor units, included in amount. No site charges
-- one today, so every order has 0; the record and the API carry it for the sites that will.
ALTER TABLE orders ADD COLUMN transaction_fee integer NOT NULL DEFAULT 0 CHECK (transaction_fee >= 0);
