import type {
  AdminCode,
  AdminCodePage,
  AdminMemberOrder,
  AdminOrderDetail,
  AdminOrderPage,
  AdminRedemptionPage,
  adminRefundSchema,
  discountCodeCreateSchema,
} from '@amora/contracts';
import { CONSOLE_LIST_PAGE } from '@amora/contracts';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import { consolePage } from '../../platform/console-page.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError, found } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Site } from '../../platform/sites.ts';
import { type OrderChange, syncOrder } from './orders.service.ts';
import * as repo from './payments-admin.repo.ts';
import { type PaymentProvider, ProviderUnavailable, providerError } from './provider.ts';

/**
 * The console's discount codes and payments (issue 17 item 7), for finance: codes created and
 * disabled (audited), listed with their redemptions; orders looked up with their status history;
 * a refund through the provider, whose answer the order's sync turns into the ledger's reversal
 * (the same path a refund made at the provider's dashboard takes). All of the console's own site.
 */

export interface Actor {
  id: string;
  name: string;
}

const PAGE = CONSOLE_LIST_PAGE;
const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

const presentCode = (c: repo.AdminCodeRow): AdminCode => ({
  id: c.id,
  code: c.code,
  kind: c.kind,
  value_percentage: c.value_percentage,
  validity: c.validity,
  currency: c.currency,
  minimum_order_value: c.minimum_order_value,
  country: c.country,
  expires_at: isoOrNull(c.expires_at),
  status: c.status,
  payment_methods: c.payment_methods ?? [],
  user_id: c.user_id,
  created_at: iso(c.created_at),
  redemptions: c.redemptions,
});

export async function listCodes(db: Db, site: Site, page: number): Promise<AdminCodePage> {
  const rows = await repo.listCodes(db, site.id, PAGE, (page - 1) * PAGE);
  return consolePage('codes', rows, { page, size: PAGE }, presentCode);
}

async function codeOf(q: Queryable, site: Site, id: number): Promise<repo.AdminCodeRow> {
  const c = found(await repo.codeOfSite(q, site.id, id));
  return c;
}

/** A new code of the site ('code_exists' for a name the site has); a personal code's member must be of the site. */
export async function createCode(
  db: Db,
  site: Site,
  actor: Actor,
  c: z.output<typeof discountCodeCreateSchema>,
): Promise<AdminCode> {
  return db.tx(async (q) => {
    if (c.user_id && !(await repo.memberOfSite(q, site.id, c.user_id))) {
      throw new AppError('validation', 400, {}, { user_id: 'not_found' });
    }
    const id = await repo.insertCode(q, site.id, c);
    if (id === undefined) throw new AppError('code_exists', 409, {}, { code: 'code_exists' });
    await audit(q, actor, {
      action: 'code.create',
      siteId: site.id,
      subjectType: 'discount_code',
      subjectId: String(id),
      details: { ...c },
    });
    return presentCode(await codeOf(q, site, id));
  });
}

/** Disables a code: from now on it is 'Code not found'; orders already made keep their price. */
export async function disableCode(db: Db, site: Site, actor: Actor, id: number): Promise<AdminCode> {
  return db.tx(async (q) => {
    const c = await codeOf(q, site, id);
    if (await repo.disableCode(q, site.id, id)) {
      await audit(q, actor, {
        action: 'code.disable',
        siteId: site.id,
        subjectType: 'discount_code',
        subjectId: String(id),
        details: { code: c.code },
      });
    }
    return presentCode(await codeOf(q, site, id));
  });
}

export async function codeRedemptions(
  db: Db,
  site: Site,
  id: number,
  page: number,
): Promise<AdminRedemptionPage> {
  const code = await codeOf(db, site, id);
  const rows = await repo.redemptions(db, id, PAGE, (page - 1) * PAGE);
  return {
    code: presentCode(code),
    ...consolePage('redemptions', rows, { page, size: PAGE }, (r) => ({
      ...r,
      created_at: iso(r.created_at),
    })),
  };
}

/** An order as the console shows it (a member's orders in the members area show no more). */
const memberOrder = (o: repo.MemberOrderRow): AdminMemberOrder => ({
  id: o.id,
  status: o.status,
  package_id: o.package_id,
  credits: o.credits,
  amount: o.amount,
  currency: o.currency,
  method: o.method,
  created_at: iso(o.created_at),
});

const orderRow = (o: repo.AdminOrderRow) => ({
  ...memberOrder(o),
  member_id: o.user_id,
  member_email: o.member_email,
});

/** Orders by order id or member id (a uuid finds either), or by the member's e-mail. */
export async function searchOrders(db: Db, site: Site, q: string, page: number): Promise<AdminOrderPage> {
  const term = q.trim().toLowerCase();
  const by = isUuid(term) ? { id: term } : term.includes('@') ? { email: term } : {};
  if (term && !by.id && !by.email) return { orders: [], page, has_more: false, total: 0 };
  const rows = await repo.searchOrders(db, site.id, by, PAGE, (page - 1) * PAGE);
  return consolePage('orders', rows, { page, size: PAGE }, orderRow);
}

/** A member's newest orders (the members area's detail). */
export async function memberOrders(
  q: Queryable,
  siteId: number,
  userId: string,
): Promise<AdminMemberOrder[]> {
  const rows = await repo.memberOrders(q, siteId, userId);
  return rows.map(memberOrder);
}

async function orderOf(db: Db, site: Site, id: string): Promise<repo.AdminOrderRow> {
  const o = isUuid(id) ? await repo.orderOfSite(db, site.id, id) : undefined;
  if (!o) throw new AppError('not_found', 404);
  return o;
}

const REFUNDABLE_STATES = new Set(['paid', 'refunded']);

/** What the provider says may still be refunded (minor units); 0 for an order that was never paid. */
async function refundable(provider: PaymentProvider | undefined, o: repo.AdminOrderRow): Promise<number> {
  if (
    !REFUNDABLE_STATES.has(o.status) ||
    !provider ||
    !o.provider_payment_id ||
    o.provider !== provider.name
  ) {
    return 0;
  }
  const p = await provider.get(o.provider_payment_id);
  return p ? Math.max(0, p.amount - p.refunded - p.chargedBack) : 0;
}

export async function orderDetail(
  db: Db,
  provider: PaymentProvider | undefined,
  site: Site,
  id: string,
): Promise<AdminOrderDetail> {
  const o = await orderOf(db, site, id);
  const [events, left] = await Promise.all([
    repo.orderEvents(db, o.id),
    refundable(provider, o).catch((err) => {
      if (err instanceof ProviderUnavailable) return 0;
      throw err;
    }),
  ]);
  return {
    order: {
      ...orderRow(o),
      member_name: o.member_name,
      list_amount: o.list_amount,
      discount_code: o.discount_code,
      discount_percentage: o.discount_percentage,
      provider: o.provider,
      provider_payment_id: o.provider_payment_id,
      reversed_credits: o.reversed_credits,
      uncollected_credits: o.uncollected_credits,
      paid_at: isoOrNull(o.paid_at),
      refundable: left,
    },
    events: events.map((e) => ({ ...e, created_at: iso(e.created_at) })),
  };
}

/**
 * Refunds a paid order through the provider, in full or in part ('refund_too_much' above what is
 * left), then syncs the order with the provider, which books the ledger's reversal (never below a
 * zero balance; what could not be taken back is recorded on the order). The provider's refund
 * cannot share a database transaction: its audit entry is written once the provider accepted it.
 * The idempotency key names the order, what was refunded before and the amount, so a doubled
 * click is one refund.
 */
export async function refundOrder(
  db: Db,
  provider: PaymentProvider,
  site: Site,
  actor: Actor,
  id: string,
  input: z.output<typeof adminRefundSchema>,
): Promise<OrderChange> {
  const o = await orderOf(db, site, id);
  if (!REFUNDABLE_STATES.has(o.status) || !o.provider_payment_id || o.provider !== provider.name) {
    throw new AppError('order_not_refundable', 409);
  }
  try {
    const payment = await provider.get(o.provider_payment_id);
    if (!payment) throw new AppError('order_not_refundable', 409);
    const left = payment.amount - payment.refunded - payment.chargedBack;
    const amount = input.amount ?? left;
    if (left <= 0) throw new AppError('order_not_refundable', 409);
    if (amount > left) {
      throw new AppError('refund_too_much', 400, { max: `${(left / 100).toFixed(2)} ${o.currency}` });
    }
    await provider.refund(payment.id, amount, o.currency, `refund:${o.id}:${payment.refunded}:${amount}`);
    await db.tx((q) =>
      audit(q, actor, {
        action: 'order.refund',
        siteId: site.id,
        subjectType: 'order',
        subjectId: o.id,
        reason: input.reason,
        details: { amount, currency: o.currency, full: amount === left, member: o.user_id },
      }),
    );
  } catch (err) {
    if (err instanceof ProviderUnavailable) throw providerError(err, 'refund_refused');
    throw err;
  }
  const fresh = await orderOf(db, site, id);
  return syncOrder(db, provider, fresh, 'console');
}
