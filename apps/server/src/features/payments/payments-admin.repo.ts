import { adminRedemptionSchema } from '@amora/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { exists, rowOf, rowsOf, sql } from '../../platform/sql.ts';
import { CODE_COLUMNS, codeColumns } from './discounts.repo.ts';
import { orderRow } from './orders.repo.ts';

// The console's reads and writes of codes and orders, always of the console's own site.

const adminCodeRow = codeColumns.extend({ created_at: z.date(), redemptions: z.number() });
export type AdminCodeRow = z.output<typeof adminCodeRow>;

const CODE_COLS = sql`${CODE_COLUMNS}, c.created_at,
  (SELECT count(*)::int FROM discount_redemptions r WHERE r.code_id = c.id) AS redemptions`;

/** A row of a paged list with the count of the whole list (a window count over the same WHERE). */
const counted = z.object({ total_count: z.number() });

/** The site's codes, newest first (the welcome code and personal deletion offers included); one more than `limit`. */
export const listCodes = (q: Queryable, siteId: number, limit: number, offset: number) =>
  rowsOf(
    q,
    adminCodeRow.extend(counted.shape),
    sql`SELECT ${CODE_COLS}, count(*) OVER ()::int AS total_count
          FROM discount_codes c WHERE c.site_id = ${siteId} ORDER BY c.created_at DESC, c.id DESC
         LIMIT ${limit + 1} OFFSET ${offset}`,
  );

export const codeOfSite = (q: Queryable, siteId: number, id: number) =>
  rowOf(
    q,
    adminCodeRow,
    sql`SELECT ${CODE_COLS} FROM discount_codes c WHERE c.site_id = ${siteId} AND c.id = ${id}`,
  );

export interface NewCode {
  code: string;
  value_percentage: number;
  validity: string;
  currency: string | null;
  minimum_order_value: number | null;
  country: string | null;
  expires_at: string | null;
  payment_methods: string[];
  user_id: string | null;
}

/** Inserts a code; undefined when the site has one of that name already. */
export async function insertCode(q: Queryable, siteId: number, c: NewCode): Promise<number | undefined> {
  const row = await rowOf(
    q,
    z.object({ id: z.number() }),
    sql`INSERT INTO discount_codes (site_id, code, kind, value_percentage, validity, currency, minimum_order_value,
                                    country, expires_at, payment_methods, user_id)
        VALUES (${siteId}, ${c.code}, 'code', ${c.value_percentage}, ${c.validity}, ${c.currency},
                ${c.minimum_order_value}, ${c.country}, ${c.expires_at},
                ${c.payment_methods.length ? c.payment_methods : null}, ${c.user_id})
        ON CONFLICT (site_id, code) DO NOTHING RETURNING id`,
  );
  return row?.id;
}

export const disableCode = (q: Queryable, siteId: number, id: number): Promise<boolean> =>
  exists(
    q,
    sql`UPDATE discount_codes SET status = 'disabled'
         WHERE site_id = ${siteId} AND id = ${id} AND status = 'active' RETURNING id`,
  );

export const memberOfSite = (q: Queryable, siteId: number, userId: string): Promise<boolean> =>
  exists(q, sql`SELECT 1 FROM users WHERE site_id = ${siteId} AND id = ${userId}`);

/** A redemption as the console shows it (contracts adminRedemptionSchema), its date as Date. */
const redemptionRow = adminRedemptionSchema.extend({ created_at: z.date() });
export type RedemptionRow = z.output<typeof redemptionRow>;

export const redemptions = (q: Queryable, codeId: number, limit: number, offset: number) =>
  rowsOf(
    q,
    redemptionRow.extend(counted.shape),
    sql`SELECT r.user_id AS member_id, p.name AS member_name, u.email AS member_email, r.order_id,
               o.status AS order_status, o.amount, o.currency, r.created_at, count(*) OVER ()::int AS total_count
          FROM discount_redemptions r JOIN users u ON u.id = r.user_id JOIN orders o ON o.id = r.order_id
          LEFT JOIN profiles p ON p.user_id = r.user_id
         WHERE r.code_id = ${codeId} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit + 1} OFFSET ${offset}`,
  );

/**
 * An order as the console's order pages read it, with its member and code: a whole order (a refund
 * syncs it with the provider, which compares reversed_amount).
 */
const adminOrderRow = orderRow.extend({
  member_email: z.string(),
  member_name: z.string().nullable(),
  discount_code: z.string().nullable(),
});
export type AdminOrderRow = z.output<typeof adminOrderRow>;

const ORDER_COLS = sql`o.id, o.user_id, o.site_id, o.package_id, o.credits, o.amount, o.currency, o.country,
  o.method, o.status, o.provider, o.provider_payment_id, o.checkout_url, o.reversed_credits, o.uncollected_credits,
  o.created_at, o.paid_at, o.list_amount, o.discount_percentage, o.reversed_amount, o.mandate_id, o.transaction_fee,
  u.email AS member_email, p.name AS member_name, d.code AS discount_code`;
const ORDER_FROM = sql`orders o JOIN users u ON u.id = o.user_id LEFT JOIN profiles p ON p.user_id = o.user_id
  LEFT JOIN discount_codes d ON d.id = o.discount_code_id`;

/** Orders of the site by order id, member id or member e-mail, newest first; one more than `limit`. */
export const searchOrders = (
  q: Queryable,
  siteId: number,
  by: { id?: string; email?: string },
  limit: number,
  offset: number,
) =>
  rowsOf(
    q,
    adminOrderRow.extend(counted.shape),
    sql`SELECT ${ORDER_COLS}, count(*) OVER ()::int AS total_count FROM ${ORDER_FROM}
         WHERE o.site_id = ${siteId}
           AND (${by.id ?? null}::uuid IS NULL OR o.id = ${by.id ?? null}::uuid OR o.user_id = ${by.id ?? null}::uuid)
           AND (${by.email ?? null}::text IS NULL OR u.email = ${by.email ?? null})
         ORDER BY o.created_at DESC, o.id LIMIT ${limit + 1} OFFSET ${offset}`,
  );

export const orderOfSite = (q: Queryable, siteId: number, id: string) =>
  rowOf(
    q,
    adminOrderRow,
    sql`SELECT ${ORDER_COLS} FROM ${ORDER_FROM} WHERE o.site_id = ${siteId} AND o.id = ${id}`,
  );

export const orderEvents = (q: Queryable, orderId: string) =>
  rowsOf(
    q,
    z.object({ status: z.string(), source: z.string(), created_at: z.date() }),
    sql`SELECT status, source, created_at FROM order_events WHERE order_id = ${orderId} ORDER BY id`,
  );

/** An order as a member's list in the console shows it. */
const memberOrderRow = orderRow.pick({
  id: true,
  package_id: true,
  credits: true,
  amount: true,
  currency: true,
  method: true,
  status: true,
  created_at: true,
});
export type MemberOrderRow = z.output<typeof memberOrderRow>;

/** A member's newest 50 orders. */
export const memberOrders = (q: Queryable, siteId: number, userId: string) =>
  rowsOf(
    q,
    memberOrderRow,
    sql`SELECT id, package_id, credits, amount, currency, method, status, created_at FROM orders
         WHERE site_id = ${siteId} AND user_id = ${userId} ORDER BY created_at DESC LIMIT 50`,
  );
