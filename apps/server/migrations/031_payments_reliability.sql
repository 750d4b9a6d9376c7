-- Payments reliability (issue 24 items 3, 4, 10; issue 25 items 2, 5).

-- When a create of the order's payment was last sent to the provider. A create that timed out may
-- still have made the payment: the order is kept and its payment looked for; only when the
-- provider, asked well after this time, has none is the order expired.
ALTER TABLE orders ADD COLUMN payment_requested_at timestamptz;
-- Orders waiting to learn their payment: a webhook for an id we do not know asks the provider only
-- while there are any.
CREATE INDEX orders_awaiting_payment ON orders (created_at)
  WHERE provider_payment_id IS NULL AND status = 'open';

-- Reconciliation reaches every open order: each check is recorded, and the least recently checked
-- (never checked first, newest first among those) are asked about first, so a lost webhook is
-- found however many checkouts were abandoned before it.
ALTER TABLE orders ADD COLUMN checked_at timestamptz;
CREATE INDEX orders_reconcile ON orders (checked_at NULLS FIRST, created_at DESC)
  WHERE status IN ('open', 'pending');

-- What the provider refunded and charged back of an order, in minor units: an order reversed in
-- full no longer stands, and premium follows the purchases that still stand.
ALTER TABLE orders ADD COLUMN reversed_amount integer NOT NULL DEFAULT 0 CHECK (reversed_amount >= 0);
UPDATE orders SET reversed_amount = LEAST(amount,
    CASE WHEN reversed_credits + uncollected_credits >= credits THEN amount
         ELSE round(amount::numeric * (reversed_credits + uncollected_credits) / credits)::int END)
  WHERE status IN ('refunded', 'charged_back');

-- The order that made its member premium (their first standing purchase). Premium ends with the
-- last standing purchase only for members whose premium came from purchases: a member premium
-- before buying anything (demo data, an operator's decision) keeps it.
ALTER TABLE orders ADD COLUMN made_premium boolean NOT NULL DEFAULT false;
UPDATE orders SET made_premium = true WHERE id IN (
  SELECT DISTINCT ON (o.user_id) o.id FROM orders o JOIN users u ON u.id = o.user_id
   WHERE o.status IN ('paid', 'refunded', 'charged_back') AND NOT u.is_demo
   ORDER BY o.user_id, o.paid_at NULLS LAST, o.created_at);

-- One payment by a stored method (repeat order by card, direct debit) in flight per member: 50
-- parallel repeat orders are one charge. Older open ones (none expected) wait as pending, which
-- reconciliation still settles from the provider's answer.
UPDATE orders o SET status = 'pending', updated_at = now()
  WHERE o.mandate_id IS NOT NULL AND o.status = 'open'
    AND EXISTS (SELECT 1 FROM orders n WHERE n.user_id = o.user_id AND n.mandate_id IS NOT NULL
                  AND n.status = 'open' AND (n.created_at, n.id) > (o.created_at, o.id));
CREATE UNIQUE INDEX orders_one_mandate_in_flight ON orders (user_id)
  WHERE mandate_id IS NOT NULL AND status = 'open';
CREATE INDEX orders_mandate_recent ON orders (user_id, created_at) WHERE mandate_id IS NOT NULL;

-- Premium ends when a member's last standing purchase is reversed in full. The limits of a free
-- member then hold without deleting anything: photos beyond the free limit are kept but held
-- back (over_limit: shown to nobody but their owner, marked locked) until premium comes back, and
-- conversations started while premium stay open (conversations_kept) while no new one may start.
ALTER TABLE photos ADD COLUMN over_limit boolean NOT NULL DEFAULT false;
CREATE OR REPLACE FUNCTION photos_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT NEW.over_limit THEN
      UPDATE users SET photo_count = photo_count + 1 WHERE id = NEW.user_id;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT OLD.over_limit THEN
      UPDATE users SET photo_count = photo_count - 1 WHERE id = OLD.user_id;
      -- A slot freed within the free limit brings the next held-back photo back.
      UPDATE photos SET over_limit = false WHERE id = (
        SELECT p.id FROM photos p JOIN users u ON u.id = p.user_id
         WHERE p.user_id = OLD.user_id AND p.over_limit AND NOT u.paid_user AND u.photo_count < 3
         ORDER BY p.position, p.created_at, p.id LIMIT 1);
    END IF;
  ELSIF NEW.over_limit IS DISTINCT FROM OLD.over_limit THEN
    UPDATE users SET photo_count = photo_count + CASE WHEN NEW.over_limit THEN -1 ELSE 1 END
     WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;
DROP TRIGGER photos_count ON photos;
CREATE TRIGGER photos_count AFTER INSERT OR DELETE OR UPDATE OF over_limit ON photos
  FOR EACH ROW EXECUTE FUNCTION photos_count();

ALTER TABLE users ADD COLUMN conversations_kept integer NOT NULL DEFAULT 0;
ALTER TABLE users DROP CONSTRAINT users_free_conversations;
ALTER TABLE users ADD CONSTRAINT users_free_conversations
  CHECK (paid_user OR conversations_started <= greatest(2, conversations_kept));

-- The sandbox provider lists payments newest first (Mollie's list endpoints), to find the payment
-- of an order whose create timed out.
CREATE INDEX sandbox_payments_created ON sandbox_payments (created_at DESC, id DESC);
CREATE INDEX sandbox_payments_customer ON sandbox_payments (customer_id, created_at DESC, id DESC)
  WHERE customer_id IS NOT NULL;
CREATE INDEX sandbox_payments_open ON sandbox_payments (created_at) WHERE status = 'open';
