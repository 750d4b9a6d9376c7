import { CURRENCIES, ORDER_STATES, PACKAGE_IDS, PAYMENT_METHODS } from '@amora/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { exists, rowOf, rowsOf, run, type Sql, sql, sqlText } from '../../platform/sql.ts';

/** An order as its columns hold it (the console's lists read some of them: payments-admin.repo). */
export const orderRow = z.object({
  id: z.string(),
  user_id: z.string(),
  site_id: z.number(),
  package_id: z.enum(PACKAGE_IDS),
  credits: z.number(),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  country: z.string(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(ORDER_STATES),
  provider: z.string(),
  provider_payment_id: z.string().nullable(),
  checkout_url: z.string().nullable(),
  reversed_credits: z.number(),
  uncollected_credits: z.number(),
  created_at: z.date(),
  paid_at: z.date().nullable(),
  list_amount: z.number().nullable(),
  /** What the payment method added to the price (minor units, in amount; 0: none). */
  transaction_fee: z.number(),
  discount_percentage: z.number().nullable(),
  /** Minor units the provider refunded or charged back: reversed in full at `amount`. */
  reversed_amount: z.number(),
  /** The stored method (payment_mandates.id) that pays it, for a repeat order or direct debit. */
  mandate_id: z.string().nullable(),
});
export type OrderRow = z.output<typeof orderRow>;

const COLS =
  sqlText(`id, user_id, site_id, package_id, credits, amount, currency, country, method, status, provider,
  provider_payment_id, checkout_url, reversed_credits, uncollected_credits, created_at, paid_at, list_amount,
  discount_percentage, reversed_amount, mandate_id, transaction_fee`);

/** The order where `filter` holds (one at most: the filter names a key). */
const orderWhere = (q: Queryable, filter: Sql) =>
  rowOf(q, orderRow, sql`SELECT ${COLS} FROM orders WHERE ${filter}`);

/** The orders where `filter` holds; `rest`: their order and page. */
const ordersWhere = (q: Queryable, filter: Sql, rest: Sql) =>
  rowsOf(q, orderRow, sql`SELECT ${COLS} FROM orders WHERE ${filter} ${rest}`);

/** The order a member's checkout attempt made, if any. */
export const findAttempt = (q: Queryable, userId: string, attemptId: string) =>
  orderWhere(q, sql`user_id = ${userId} AND attempt_id = ${attemptId}`);

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
  const row = await rowOf(
    q,
    orderRow,
    sql`INSERT INTO orders (user_id, site_id, attempt_id, package_id, credits, amount, currency, country, method,
          provider, mandate_id, list_amount, discount_code_id, discount_percentage)
        VALUES (${o.user_id}, ${o.site_id}, ${o.attempt_id}, ${o.package_id}, ${o.credits}, ${o.amount}, ${o.currency},
          ${o.country}, ${o.method}, ${o.provider}, ${o.mandate_id ?? null}, ${o.list_amount ?? o.amount},
          ${o.discount_code_id ?? null}, ${o.discount_percentage ?? null})
        ON CONFLICT (user_id, attempt_id) DO NOTHING RETURNING ${COLS}`,
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
  await run(
    q,
    sql`UPDATE orders SET provider_payment_id = ${paymentId}, checkout_url = ${checkoutUrl}, updated_at = now()
         WHERE id = ${id} AND (provider_payment_id IS NULL OR provider_payment_id = ${paymentId})`,
  );
}

/** Notes that a create of the order's payment is being sent (a timed-out one may have made it). */
export async function markRequested(q: Queryable, id: string): Promise<void> {
  await run(q, sql`UPDATE orders SET payment_requested_at = now() WHERE id = ${id}`);
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
  const row = await rowOf(
    q,
    orderRow,
    sql`UPDATE orders SET status = 'expired', updated_at = now()
         WHERE id = ${id} AND status IN ('open', 'pending')
           AND coalesce(payment_requested_at, created_at) < now() - make_interval(secs => ${afterS})
        RETURNING ${COLS}`,
  );
  if (row) await addEvent(q, id, 'expired', source);
  return row;
}

export const findById = (q: Queryable, id: string) => orderWhere(q, sql`id = ${id}`);

/** An order of ours still waiting to learn its payment (a create that went unanswered). */
export const findAwaitingPayment = (q: Queryable, provider: string, id: string) =>
  orderWhere(
    q,
    sql`id = ${id} AND provider = ${provider} AND provider_payment_id IS NULL AND status = 'open'`,
  );

/** Whether any order of this provider waits to learn its payment (recently made ones only). */
export const anyAwaitingPayment = (q: Queryable, provider: string): Promise<boolean> =>
  exists(
    q,
    sql`SELECT 1 FROM orders WHERE provider = ${provider} AND provider_payment_id IS NULL AND status = 'open'
           AND created_at > now() - interval '2 days' LIMIT 1`,
  );

/**
 * Repeat orders by the member's stored card that may have charged it (not failed): in the last
 * hour, and in the last `gapS` seconds.
 */
export async function recentCardRepeats(
  q: Queryable,
  userId: string,
  gapS: number,
): Promise<{ hour: number; gap: number }> {
  const row = await rowOf(
    q,
    z.object({ hour: z.number(), gap: z.number() }),
    sql`SELECT count(*)::int AS hour,
               count(*) FILTER (WHERE o.created_at > now() - make_interval(secs => ${gapS}))::int AS gap
          FROM orders o JOIN payment_mandates m ON m.id = o.mandate_id
         WHERE o.user_id = ${userId} AND m.kind = 'card' AND o.created_at > now() - interval '1 hour'
           AND o.status NOT IN ('failed', 'cancelled', 'expired')`,
  );
  return row!;
}

export const findByPayment = (q: Queryable, provider: string, paymentId: string) =>
  orderWhere(q, sql`provider = ${provider} AND provider_payment_id = ${paymentId}`);

export const findOwn = (q: Queryable, id: string, userId: string) =>
  orderWhere(q, sql`id = ${id} AND user_id = ${userId}`);

export async function lockOrder(q: Queryable, id: string): Promise<OrderRow> {
  return (await orderWhere(q, sql`id = ${id} FOR UPDATE`))!;
}

export async function updateOrder(
  q: Queryable,
  id: string,
  o: Pick<OrderRow, 'status' | 'reversed_credits' | 'uncollected_credits' | 'reversed_amount'> & {
    paid: boolean;
  },
): Promise<void> {
  await run(
    q,
    sql`UPDATE orders SET status = ${o.status}, reversed_credits = ${o.reversed_credits},
           uncollected_credits = ${o.uncollected_credits}, updated_at = now(),
           paid_at = CASE WHEN ${o.paid}::boolean AND paid_at IS NULL THEN now() ELSE paid_at END,
           reversed_amount = ${o.reversed_amount}
         WHERE id = ${id}`,
  );
}

export async function addEvent(q: Queryable, orderId: string, status: string, source: string): Promise<void> {
  await run(
    q,
    sql`INSERT INTO order_events (order_id, status, source) VALUES (${orderId}, ${status}, ${source})`,
  );
}

/** A member's orders, newest first, after the cursor (created_at, id). */
export async function listOwn(
  q: Queryable,
  userId: string,
  after: { at: string; id: string } | null,
  limit: number,
): Promise<OrderRow[]> {
  return ordersWhere(
    q,
    sql`user_id = ${userId} AND provider_payment_id IS NOT NULL
        AND (${after?.at ?? null}::timestamptz IS NULL
             OR (created_at, id) < (${after?.at ?? null}::timestamptz, ${after?.id ?? null}::uuid))`,
    sql`ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
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
  const made = await exists(
    q,
    sql`UPDATE users SET paid_user = true WHERE id = ${userId} AND NOT paid_user RETURNING id`,
  );
  if (made) await run(q, sql`UPDATE photos SET over_limit = false WHERE user_id = ${userId} AND over_limit`);
  return made;
}

/** Notes that this order made its member premium (premium came from a purchase). */
export async function markMadePremium(q: Queryable, orderId: string): Promise<void> {
  await run(q, sql`UPDATE orders SET made_premium = true WHERE id = ${orderId}`);
}

/** Whether the member's premium came from a purchase (not from before any: demo data, operators). */
export const premiumFromPurchases = (q: Queryable, userId: string): Promise<boolean> =>
  exists(q, sql`SELECT 1 FROM orders WHERE user_id = ${userId} AND made_premium LIMIT 1`);

/** Whether the member has a paid purchase, other than `exceptOrder`, that is not reversed in full. */
export const hasStandingPurchase = (q: Queryable, userId: string, exceptOrder: string): Promise<boolean> =>
  exists(
    q,
    sql`SELECT 1 FROM orders WHERE user_id = ${userId} AND id <> ${exceptOrder}
           AND status IN ('paid', 'refunded', 'charged_back') AND reversed_amount < amount LIMIT 1`,
  );

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
  if (!(await memberBalance(q, userId)).paid_user) return null;
  const hidden = await rowsOf(
    q,
    z.object({ id: z.string() }),
    sql`UPDATE photos SET over_limit = true WHERE id IN (
          SELECT id FROM photos WHERE user_id = ${userId} AND NOT over_limit
           ORDER BY is_main DESC, (status = 'active') DESC, (status = 'pending') DESC, position, created_at, id
          OFFSET ${freePhotos})
        RETURNING id`,
  );
  await run(
    q,
    sql`UPDATE users SET paid_user = false, conversations_kept = greatest(conversations_kept, conversations_started)
         WHERE id = ${userId}`,
  );
  return { hiddenPhotos: hidden.length };
}

/** What a premium-ended mail needs: the member's address, language, site and name. */
export const memberContact = (q: Queryable, userId: string) =>
  rowOf(
    q,
    z.object({
      email: z.string(),
      language: z.string(),
      site_id: z.number(),
      name: z.string().nullable(),
      status: z.string(),
    }),
    sql`SELECT u.email, u.language, u.site_id, p.name, u.status FROM users u
          LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ${userId}`,
  );

export async function blockDirectDebit(q: Queryable, userId: string): Promise<void> {
  await run(q, sql`UPDATE users SET direct_debit_blocked = true WHERE id = ${userId}`);
}

/** The member's country for prices and methods (their profile's). */
export async function memberCountry(q: Queryable, userId: string): Promise<string | undefined> {
  const row = await rowOf(
    q,
    z.object({ country: z.string() }),
    sql`SELECT country FROM profiles WHERE user_id = ${userId}`,
  );
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
  return ordersWhere(
    q,
    sql`status IN ('open', 'pending') AND provider = ${provider}
        AND updated_at < now() - make_interval(secs => ${olderThanS})
        AND (checked_at IS NULL OR checked_at < ${checkedBefore.toISOString()})`,
    sql`ORDER BY checked_at NULLS FIRST, created_at DESC LIMIT ${limit}`,
  );
}

export async function markChecked(q: Queryable, id: string): Promise<void> {
  await run(q, sql`UPDATE orders SET checked_at = now() WHERE id = ${id}`);
}

/** The database's clock (reconciliation compares check times with it). */
export async function dbNow(q: Queryable): Promise<Date> {
  const row = await rowOf(q, z.object({ now: z.date() }), sql`SELECT now() AS now`);
  return new Date(row!.now);
}

export const siteDomain = async (q: Queryable, siteId: number) =>
  (await rowOf(q, z.object({ domain: z.string() }), sql`SELECT domain FROM sites WHERE id = ${siteId}`))
    ?.domain;
