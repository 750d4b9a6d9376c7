import { firstRow, type Queryable } from '../../platform/db.ts';
import type { CodeRow } from './discounts.repo.ts';
import type { OrderRow } from './orders.repo.ts';

// The console's reads and writes of codes and orders, always of the console's own site.

export type AdminCodeRow = Omit<CodeRow, 'used' | 'expired'> & { created_at: Date; redemptions: number };

const CODE_COLS = `c.id, c.site_id, c.code, c.kind, c.value_percentage, c.currency, c.minimum_order_value, c.country,
  c.user_id, c.expires_at, c.status, c.validity, c.payment_methods, c.created_at,
  (SELECT count(*)::int FROM discount_redemptions r WHERE r.code_id = c.id) AS redemptions`;

/** The site's codes, newest first (the welcome code and personal deletion offers included); one more than `limit`. */
/** A row of a paged list with the count of the whole list (a window count over the same WHERE). */
export interface Counted {
  total_count: number;
}

/** The whole list's count from a page's rows (0 when the page is empty: past the end or nothing). */
export const totalOf = (rows: readonly Counted[]) => rows[0]?.total_count ?? 0;

export const listCodes = (q: Queryable, siteId: number, limit: number, offset: number) =>
  q.query<AdminCodeRow & Counted>(
    `SELECT ${CODE_COLS}, count(*) OVER ()::int AS total_count
       FROM discount_codes c WHERE c.site_id = $1 ORDER BY c.created_at DESC, c.id DESC
      LIMIT $2 OFFSET $3`,
    [siteId, limit + 1, offset],
  );

export const codeOfSite = (q: Queryable, siteId: number, id: number) =>
  firstRow<AdminCodeRow>(q, `SELECT ${CODE_COLS} FROM discount_codes c WHERE c.site_id = $1 AND c.id = $2`, [
    siteId,
    id,
  ]);

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
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO discount_codes (site_id, code, kind, value_percentage, validity, currency, minimum_order_value,
                                 country, expires_at, payment_methods, user_id)
     VALUES ($1, $2, 'code', $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (site_id, code) DO NOTHING RETURNING id`,
    [
      siteId,
      c.code,
      c.value_percentage,
      c.validity,
      c.currency,
      c.minimum_order_value,
      c.country,
      c.expires_at,
      c.payment_methods.length ? c.payment_methods : null,
      c.user_id,
    ],
  );
  return row?.id;
}

export async function disableCode(q: Queryable, siteId: number, id: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE discount_codes SET status = 'disabled' WHERE site_id = $1 AND id = $2 AND status = 'active' RETURNING id`,
    [siteId, id],
  );
  return rows.length > 0;
}

export async function memberOfSite(q: Queryable, siteId: number, userId: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM users WHERE site_id = $1 AND id = $2', [siteId, userId]);
  return rows.length > 0;
}

export interface RedemptionRow {
  member_id: string;
  member_name: string | null;
  member_email: string;
  order_id: string;
  order_status: string;
  amount: number;
  currency: string;
  created_at: Date;
}

export const redemptions = (q: Queryable, codeId: number, limit: number, offset: number) =>
  q.query<RedemptionRow & Counted>(
    `SELECT r.user_id AS member_id, p.name AS member_name, u.email AS member_email, r.order_id,
            o.status AS order_status, o.amount, o.currency, r.created_at, count(*) OVER ()::int AS total_count
       FROM discount_redemptions r JOIN users u ON u.id = r.user_id JOIN orders o ON o.id = r.order_id
       LEFT JOIN profiles p ON p.user_id = r.user_id
      WHERE r.code_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3`,
    [codeId, limit + 1, offset],
  );

export type AdminOrderRow = OrderRow & {
  member_email: string;
  member_name: string | null;
  discount_code: string | null;
};

const ORDER_COLS = `o.id, o.user_id, o.site_id, o.package_id, o.credits, o.amount, o.currency, o.country, o.method,
  o.status, o.provider, o.provider_payment_id, o.checkout_url, o.reversed_credits, o.uncollected_credits,
  o.created_at, o.paid_at, o.list_amount, o.discount_percentage, u.email AS member_email, p.name AS member_name,
  d.code AS discount_code`;
const ORDER_FROM = `orders o JOIN users u ON u.id = o.user_id LEFT JOIN profiles p ON p.user_id = o.user_id
  LEFT JOIN discount_codes d ON d.id = o.discount_code_id`;

/** Orders of the site by order id, member id or member e-mail, newest first; one more than `limit`. */
export const searchOrders = (
  q: Queryable,
  siteId: number,
  by: { id?: string; email?: string },
  limit: number,
  offset: number,
) =>
  q.query<AdminOrderRow & Counted>(
    `SELECT ${ORDER_COLS}, count(*) OVER ()::int AS total_count FROM ${ORDER_FROM}
      WHERE o.site_id = $1 AND ($2::uuid IS NULL OR o.id = $2::uuid OR o.user_id = $2::uuid)
        AND ($3::text IS NULL OR u.email = $3)
      ORDER BY o.created_at DESC, o.id LIMIT $4 OFFSET $5`,
    [siteId, by.id ?? null, by.email ?? null, limit + 1, offset],
  );

export const orderOfSite = (q: Queryable, siteId: number, id: string) =>
  firstRow<AdminOrderRow>(q, `SELECT ${ORDER_COLS} FROM ${ORDER_FROM} WHERE o.site_id = $1 AND o.id = $2`, [
    siteId,
    id,
  ]);

export const orderEvents = (q: Queryable, orderId: string) =>
  q.query<{ status: string; source: string; created_at: Date }>(
    'SELECT status, source, created_at FROM order_events WHERE order_id = $1 ORDER BY id',
    [orderId],
  );

/** A member's newest 50 orders. */
export const memberOrders = (q: Queryable, siteId: number, userId: string) =>
  q.query<OrderRow>(
    `SELECT id, package_id, credits, amount, currency, method, status, created_at FROM orders
      WHERE site_id = $1 AND user_id = $2 ORDER BY created_at DESC LIMIT 50`,
    [siteId, userId],
  );
