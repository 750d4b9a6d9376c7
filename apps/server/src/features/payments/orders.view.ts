import type { OrderDetail, OrdersPage } from '@amora/contracts';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Site } from '../../platform/sites.ts';
import { listOwn, memberBalance, type OrderRow } from './orders.repo.ts';
import { ownOrder } from './orders.service.ts';
import { presentOrder } from './payments.presenter.ts';

const PAGE = 20;
const DAY = 86_400_000;

/** A member's orders in pages of 20, newest first (cursor: created_at and id of the last one). */
export async function listOrders(q: Queryable, userId: string, cursor?: string): Promise<OrdersPage> {
  let after: { at: string; id: string } | null = null;
  if (cursor) {
    const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
    if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/.test(id)) {
      throw new AppError('validation', 400);
    }
    after = { at, id };
  }
  const rows = await listOwn(q, userId, after, PAGE + 1);
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return {
    orders: page.map(presentOrder),
    next_cursor:
      rows.length > PAGE && last
        ? Buffer.from(`${new Date(last.created_at).toISOString()}|${last.id}`).toString('base64url')
        : null,
  };
}

/** One order with the member's balance now, the refund window and the site's company details. */
export async function orderDetail(q: Queryable, site: Site, order: OrderRow): Promise<OrderDetail> {
  const c = site.config;
  const user = await memberBalance(q, order.user_id);
  return {
    order: presentOrder(order),
    user,
    refund_until: order.paid_at
      ? new Date(new Date(order.paid_at).getTime() + c.refund_days * DAY).toISOString()
      : null,
    company: {
      name: c.company_name,
      address: c.company_address,
      city: c.company_city,
      country: c.company_country,
      kvk: c.company_kvk,
      vat_numbers: c.company_vat_numbers,
      support_email: c.support_email,
    },
  };
}

/** A member's own order as their page shows it (GET /api/orders/:id); another's, or none: 404. */
export async function memberOrder(db: Db, site: Site, userId: string, id: string): Promise<OrderDetail> {
  if (!isUuid(id)) throw new AppError('not_found', 404);
  return orderDetail(db, site, await ownOrder(db, id, userId));
}
