import type { Currency, OrderState, PackageId, PaymentMethod } from '@amora/contracts';
import { firstRow, type Queryable } from '../../platform/db.ts';

export interface OrderRow {
  id: string;
  user_id: string;
  site_id: number;
  package_id: PackageId;
  credits: number;
  amount: number;
  currency: Currency;
  country: string;
  method: PaymentMethod;
  status: OrderState;
  provider: string;
  provider_payment_id: string | null;
  checkout_url: string | null;
  reversed_credits: number;
  uncollected_credits: number;
  created_at: Date;
  paid_at: Date | null;
  list_amount: number | null;
  discount_percentage: number | null;
}

const COLS = `id, user_id, site_id, package_id, credits, amount, currency, country, method, status, provider,
  provider_payment_id, checkout_url, reversed_credits, uncollected_credits, created_at, paid_at, list_amount,
  discount_percentage`;

/** Inserts the order of a checkout attempt, or returns the one that attempt made before. */
export async function insertOrder(
  q: Queryable,
  o: Pick<
    OrderRow,
    | 'user_id'
    | 'site_id'
    | 'package_id'
    | 'credits'
    | 'amount'
    | 'currency'
    | 'country'
    | 'method'
    | 'provider'
  > & {
    attempt_id: string;
    mandate_id?: string;
    list_amount?: number;
    discount_code_id?: number;
    discount_percentage?: number;
  },
): Promise<OrderRow> {
  const [row] = await q.query<OrderRow>(
    `INSERT INTO orders (user_id, site_id, attempt_id, package_id, credits, amount, currency, country, method, provider,
       mandate_id, list_amount, discount_code_id, discount_percentage)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (user_id, attempt_id) DO NOTHING RETURNING ${COLS}`,
    [
      o.user_id,
      o.site_id,
      o.attempt_id,
      o.package_id,
      o.credits,
      o.amount,
      o.currency,
      o.country,
      o.method,
      o.provider,
      o.mandate_id ?? null,
      o.list_amount ?? o.amount,
      o.discount_code_id ?? null,
      o.discount_percentage ?? null,
    ],
  );
  if (row) {
    await addEvent(q, row.id, 'open', 'create');
    return row;
  }
  const [prev] = await q.query<OrderRow>(
    `SELECT ${COLS} FROM orders WHERE user_id = $1 AND attempt_id = $2`,
    [o.user_id, o.attempt_id],
  );
  return prev!;
}

/** Records the provider's payment of an order (the same id again is a no-op). */
export async function setProviderPayment(
  q: Queryable,
  id: string,
  paymentId: string,
  checkoutUrl: string | null,
): Promise<void> {
  await q.query(
    `UPDATE orders SET provider_payment_id = $2, checkout_url = $3, updated_at = now()
     WHERE id = $1 AND (provider_payment_id IS NULL OR provider_payment_id = $2)`,
    [id, paymentId, checkoutUrl],
  );
}

/** Drops an order whose payment was never created (the provider was down): no half order stays. */
export async function deleteUnstarted(q: Queryable, id: string): Promise<void> {
  await q.query(
    `WITH gone AS (DELETE FROM order_events WHERE order_id = $1
       AND EXISTS (SELECT 1 FROM orders WHERE id = $1 AND provider_payment_id IS NULL))
     DELETE FROM orders WHERE id = $1 AND provider_payment_id IS NULL`,
    [id],
  );
}

export const findByPayment = (q: Queryable, provider: string, paymentId: string) =>
  firstRow<OrderRow>(q, `SELECT ${COLS} FROM orders WHERE provider = $1 AND provider_payment_id = $2`, [
    provider,
    paymentId,
  ]);

export const findOwn = (q: Queryable, id: string, userId: string) =>
  firstRow<OrderRow>(q, `SELECT ${COLS} FROM orders WHERE id = $1 AND user_id = $2`, [id, userId]);

export async function lockOrder(q: Queryable, id: string): Promise<OrderRow> {
  const [row] = await q.query<OrderRow>(`SELECT ${COLS} FROM orders WHERE id = $1 FOR UPDATE`, [id]);
  return row!;
}

export async function updateOrder(
  q: Queryable,
  id: string,
  o: Pick<OrderRow, 'status' | 'reversed_credits' | 'uncollected_credits'> & { paid: boolean },
): Promise<void> {
  await q.query(
    `UPDATE orders SET status = $2, reversed_credits = $3, uncollected_credits = $4, updated_at = now(),
       paid_at = CASE WHEN $5 AND paid_at IS NULL THEN now() ELSE paid_at END
     WHERE id = $1`,
    [id, o.status, o.reversed_credits, o.uncollected_credits, o.paid],
  );
}

export async function addEvent(q: Queryable, orderId: string, status: string, source: string): Promise<void> {
  await q.query('INSERT INTO order_events (order_id, status, source) VALUES ($1, $2, $3)', [
    orderId,
    status,
    source,
  ]);
}

/** A member's orders, newest first, after the cursor (created_at, id). */
export async function listOwn(
  q: Queryable,
  userId: string,
  after: { at: string; id: string } | null,
  limit: number,
): Promise<OrderRow[]> {
  return q.query<OrderRow>(
    `SELECT ${COLS} FROM orders
      WHERE user_id = $1 AND provider_payment_id IS NOT NULL
        AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
      ORDER BY created_at DESC, id DESC LIMIT $4`,
    [userId, after?.at ?? null, after?.id ?? null, limit],
  );
}

/** The member's row locked for the booking; their balance and premium state. */
export async function lockMember(
  q: Queryable,
  userId: string,
): Promise<{ credits: number; paid_user: boolean }> {
  const [row] = await q.query<{ credits: number; paid_user: boolean }>(
    'SELECT credits, paid_user FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  return row!;
}

export async function memberBalance(
  q: Queryable,
  userId: string,
): Promise<{ credits: number; paid_user: boolean }> {
  const [row] = await q.query<{ credits: number; paid_user: boolean }>(
    'SELECT credits, paid_user FROM users WHERE id = $1',
    [userId],
  );
  return row ?? { credits: 0, paid_user: false };
}

export async function makePremium(q: Queryable, userId: string): Promise<boolean> {
  const rows = await q.query(
    'UPDATE users SET paid_user = true WHERE id = $1 AND NOT paid_user RETURNING id',
    [userId],
  );
  return rows.length > 0;
}

export async function blockDirectDebit(q: Queryable, userId: string): Promise<void> {
  await q.query('UPDATE users SET direct_debit_blocked = true WHERE id = $1', [userId]);
}

/** The member's country for prices and methods (their profile's). */
export async function memberCountry(q: Queryable, userId: string): Promise<string | undefined> {
  const [row] = await q.query<{ country: string }>('SELECT country FROM profiles WHERE user_id = $1', [
    userId,
  ]);
  return row?.country;
}

/** Orders still open or pending, untouched for `olderThanS` seconds, oldest first. */
export async function unsettledOrders(
  q: Queryable,
  provider: string,
  olderThanS: number,
  limit: number,
): Promise<OrderRow[]> {
  return q.query<OrderRow>(
    `SELECT ${COLS} FROM orders
      WHERE status IN ('open', 'pending') AND provider = $1 AND provider_payment_id IS NOT NULL
        AND updated_at < now() - make_interval(secs => $2)
      ORDER BY updated_at LIMIT $3`,
    [provider, olderThanS, limit],
  );
}
