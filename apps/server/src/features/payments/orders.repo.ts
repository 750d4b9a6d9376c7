import type { Currency, OrderState, PackageId, PaymentMethod } from '@amora/contracts';
import { z } from 'zod';
import { firstRow, type Queryable } from '../../platform/db.ts';
import { rowOf, sql, sqlText } from '../../platform/sql.ts';

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
  /** What the payment method added to the price (minor units, in amount; 0: none). */
  transaction_fee: number;
  discount_percentage: number | null;
  /** Minor units the provider refunded or charged back: reversed in full at `amount`. */
  reversed_amount: number;
  /** The stored method (payment_mandates.id) that pays it, for a repeat order or direct debit. */
  mandate_id: string | null;
}

const COLS = `id, user_id, site_id, package_id, credits, amount, currency, country, method, status, provider,
  provider_payment_id, checkout_url, reversed_credits, uncollected_credits, created_at, paid_at, list_amount,
  discount_percentage, reversed_amount, mandate_id, transaction_fee`;

/** The order a member's checkout attempt made, if any. */
export const findAttempt = (q: Queryable, userId: string, attemptId: string) =>
  firstRow<OrderRow>(q, `SELECT ${COLS} FROM orders WHERE user_id = $1 AND attempt_id = $2`, [
    userId,
    attemptId,
  ]);

/**
 * Inserts the order of a checkout attempt, or returns the one that attempt made before (`fresh`
 * says which).
 */
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
): Promise<OrderRow & { fresh: boolean }> {
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
    return { ...row, fresh: true };
  }
  const prev = await findAttempt(q, o.user_id, o.attempt_id);
  return { ...prev!, fresh: false };
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

/** Notes that a create of the order's payment is being sent (a timed-out one may have made it). */
export async function markRequested(q: Queryable, id: string): Promise<void> {
  await q.query('UPDATE orders SET payment_requested_at = now() WHERE id = $1', [id]);
}

/**
 * Ends an order whose payment the provider does not have, `afterS` seconds after its last create
 * was sent (no create still in flight can make one then): expired. The caller gives its code back.
 * Returns the order when it moved.
 */
export async function expireUnknown(
  q: Queryable,
  id: string,
  afterS: number,
  source: string,
): Promise<OrderRow | undefined> {
  const [row] = await q.query<OrderRow>(
    `UPDATE orders SET status = 'expired', updated_at = now()
      WHERE id = $1 AND status IN ('open', 'pending')
        AND coalesce(payment_requested_at, created_at) < now() - make_interval(secs => $2)
      RETURNING ${COLS}`,
    [id, afterS],
  );
  if (row) await addEvent(q, id, 'expired', source);
  return row;
}

export const findById = (q: Queryable, id: string) =>
  firstRow<OrderRow>(q, `SELECT ${COLS} FROM orders WHERE id = $1`, [id]);

/** An order of ours still waiting to learn its payment (a create that went unanswered). */
export const findAwaitingPayment = (q: Queryable, provider: string, id: string) =>
  firstRow<OrderRow>(
    q,
    `SELECT ${COLS} FROM orders WHERE id = $1 AND provider = $2 AND provider_payment_id IS NULL AND status = 'open'`,
    [id, provider],
  );

/** Whether any order of this provider waits to learn its payment (recently made ones only). */
export async function anyAwaitingPayment(q: Queryable, provider: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM orders WHERE provider = $1 AND provider_payment_id IS NULL AND status = 'open'
        AND created_at > now() - interval '2 days' LIMIT 1`,
    [provider],
  );
  return rows.length > 0;
}

/**
 * Repeat orders by the member's stored card that may have charged it (not failed): in the last
 * hour, and in the last `gapS` seconds.
 */
export async function recentCardRepeats(
  q: Queryable,
  userId: string,
  gapS: number,
): Promise<{ hour: number; gap: number }> {
  const [row] = await q.query<{ hour: number; gap: number }>(
    `SELECT count(*)::int AS hour,
            count(*) FILTER (WHERE o.created_at > now() - make_interval(secs => $2))::int AS gap
       FROM orders o JOIN payment_mandates m ON m.id = o.mandate_id
      WHERE o.user_id = $1 AND m.kind = 'card' AND o.created_at > now() - interval '1 hour'
        AND o.status NOT IN ('failed', 'cancelled', 'expired')`,
    [userId, gapS],
  );
  return row!;
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
  o: Pick<OrderRow, 'status' | 'reversed_credits' | 'uncollected_credits' | 'reversed_amount'> & {
    paid: boolean;
  },
): Promise<void> {
  await q.query(
    `UPDATE orders SET status = $2, reversed_credits = $3, uncollected_credits = $4, updated_at = now(),
       paid_at = CASE WHEN $5 AND paid_at IS NULL THEN now() ELSE paid_at END, reversed_amount = $6
     WHERE id = $1`,
    [id, o.status, o.reversed_credits, o.uncollected_credits, o.paid, o.reversed_amount],
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

const balanceOf = (q: Queryable, userId: string, lock: boolean) =>
  rowOf(
    q,
    z.object({ credits: z.number(), paid_user: z.boolean() }),
    sql`SELECT credits, paid_user FROM users WHERE id = ${userId}${sqlText(lock ? ' FOR UPDATE' : '')}`,
  );

/** The member's row locked for the booking; their balance and premium state. */
export const lockMember = async (q: Queryable, userId: string) => (await balanceOf(q, userId, true))!;

export const memberBalance = async (q: Queryable, userId: string) =>
  (await balanceOf(q, userId, false)) ?? { credits: 0, paid_user: false };

/**
 * Makes the member premium (their first standing purchase); photos held back when an earlier
 * premium ended come back. True when they were not premium before.
 */
export async function makePremium(q: Queryable, userId: string): Promise<boolean> {
  const rows = await q.query(
    'UPDATE users SET paid_user = true WHERE id = $1 AND NOT paid_user RETURNING id',
    [userId],
  );
  if (rows.length > 0) {
    await q.query('UPDATE photos SET over_limit = false WHERE user_id = $1 AND over_limit', [userId]);
  }
  return rows.length > 0;
}

/** Notes that this order made its member premium (premium came from a purchase). */
export async function markMadePremium(q: Queryable, orderId: string): Promise<void> {
  await q.query('UPDATE orders SET made_premium = true WHERE id = $1', [orderId]);
}

/** Whether the member's premium came from a purchase (not from before any: demo data, operators). */
export async function premiumFromPurchases(q: Queryable, userId: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM orders WHERE user_id = $1 AND made_premium LIMIT 1', [userId]);
  return rows.length > 0;
}

/** Whether the member has a paid purchase, other than `exceptOrder`, that is not reversed in full. */
export async function hasStandingPurchase(
  q: Queryable,
  userId: string,
  exceptOrder: string,
): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM orders WHERE user_id = $1 AND id <> $2 AND status IN ('paid', 'refunded', 'charged_back')
        AND reversed_amount < amount LIMIT 1`,
    [userId, exceptOrder],
  );
  return rows.length > 0;
}

/**
 * Ends a member's premium (their last standing purchase was reversed in full), keeping the free
 * limits true without deleting anything: photos beyond the free limit are held back (the main
 * photo and published ones are kept first), and conversations already started stay open while
 * no new one may start beyond the free limit. Returns how many photos were held back, or null
 * when the member was not premium.
 */
export async function endPremium(
  q: Queryable,
  userId: string,
  freePhotos: number,
): Promise<{ hiddenPhotos: number } | null> {
  const [member] = await q.query<{ paid_user: boolean }>('SELECT paid_user FROM users WHERE id = $1', [
    userId,
  ]);
  if (!member?.paid_user) return null;
  const hidden = await q.query(
    `UPDATE photos SET over_limit = true WHERE id IN (
       SELECT id FROM photos WHERE user_id = $1 AND NOT over_limit
        ORDER BY is_main DESC, (status = 'active') DESC, (status = 'pending') DESC, position, created_at, id
       OFFSET $2)
     RETURNING id`,
    [userId, freePhotos],
  );
  await q.query(
    `UPDATE users SET paid_user = false, conversations_kept = greatest(conversations_kept, conversations_started)
      WHERE id = $1`,
    [userId],
  );
  return { hiddenPhotos: hidden.length };
}

/** What a premium-ended mail needs: the member's address, language, site and name. */
export const memberContact = (q: Queryable, userId: string) =>
  firstRow<{ email: string; language: string; site_id: number; name: string | null; status: string }>(
    q,
    `SELECT u.email, u.language, u.site_id, p.name, u.status FROM users u
       LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = $1`,
    [userId],
  );

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

/**
 * Orders still open or pending, untouched for `olderThanS` seconds and not checked since
 * `checkedBefore`: never checked first (newest first: a lost webhook is usually recent), then the
 * least recently checked. Each check is recorded (markChecked), so every open order is reached
 * however many abandoned checkouts wait beside it.
 */
export async function unsettledOrders(
  q: Queryable,
  provider: string,
  olderThanS: number,
  checkedBefore: Date,
  limit: number,
): Promise<OrderRow[]> {
  return q.query<OrderRow>(
    `SELECT ${COLS} FROM orders
      WHERE status IN ('open', 'pending') AND provider = $1
        AND updated_at < now() - make_interval(secs => $2)
        AND (checked_at IS NULL OR checked_at < $3)
      ORDER BY checked_at NULLS FIRST, created_at DESC LIMIT $4`,
    [provider, olderThanS, checkedBefore.toISOString(), limit],
  );
}

export async function markChecked(q: Queryable, id: string): Promise<void> {
  await q.query('UPDATE orders SET checked_at = now() WHERE id = $1', [id]);
}

/** The database's clock (reconciliation compares check times with it). */
export async function dbNow(q: Queryable): Promise<Date> {
  const [row] = await q.query<{ now: Date }>('SELECT now() AS now');
  return new Date(row!.now);
}

export const siteDomain = async (q: Queryable, siteId: number) =>
  (await rowOf(q, z.object({ domain: z.string() }), sql`SELECT domain FROM sites WHERE id = ${siteId}`))
    ?.domain;
