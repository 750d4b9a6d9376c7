import { type OrderState, type PackageId, type PaymentMethod, UNPAID_ENDS } from '@amora/contracts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { tFor } from '../../platform/i18n.ts';
import type { Site } from '../../platform/sites.ts';
import { book } from '../credits/ledger.ts';
import { release } from './discounts.repo.ts';
import { discounted, redeemFor, usableCode } from './discounts.service.ts';
import {
  currentMandate,
  findCustomer,
  insertMandate,
  keepCustomer,
  type MandateRow,
} from './mandates.repo.ts';
import {
  addEvent,
  blockDirectDebit,
  deleteUnstarted,
  findByPayment,
  findOwn,
  insertOrder,
  lockMember,
  lockOrder,
  makePremium,
  memberCountry,
  type OrderRow,
  setProviderPayment,
  updateOrder,
} from './orders.repo.ts';
import { packageIn, pricing } from './pricing.ts';
import {
  type CreatePayment,
  type PaymentProvider,
  type ProviderPayment,
  ProviderUnavailable,
  providerError,
  providerLocale,
} from './provider.ts';

/** What happened to an order in a sync, for the caller to announce after commit. */
export interface OrderChange {
  order: OrderRow;
  changed: boolean;
  /** This sync made the member premium (their first paid order). */
  becamePremium: boolean;
}

/** The order state a provider payment means. Refunds and chargebacks only follow a payment. */
export function stateOf(p: ProviderPayment): OrderState {
  switch (p.status) {
    case 'paid':
      return p.chargedBack > 0 ? 'charged_back' : p.refunded > 0 ? 'refunded' : 'paid';
    case 'pending':
    case 'authorized':
      return 'pending';
    case 'failed':
      return 'failed';
    case 'canceled':
      return 'cancelled';
    case 'expired':
      return 'expired';
    default:
      return 'open';
  }
}

const RANK: Record<OrderState, number> = {
  open: 0,
  pending: 1,
  paid: 2,
  failed: 2,
  cancelled: 2,
  expired: 2,
  refunded: 3,
  charged_back: 3,
};
const PAID_OR_AFTER: OrderState[] = ['paid', 'refunded', 'charged_back'];

/**
 * Creates the order of a checkout attempt from a package id and the member's country (never from
 * a price a browser sent), and its payment at the provider with the order id as idempotency key:
 * twenty clicks of one attempt are one order and one payment. A provider that is down leaves no
 * order behind and answers 'payment_provider_unavailable' (503).
 */
export async function createOrder(
  db: Db,
  provider: PaymentProvider,
  args: OrderArgs & { method: PaymentMethod },
): Promise<{ order: OrderRow; checkoutUrl: string | null }> {
  const order = await newOrder(db, provider, args, args.method);
  if (order.provider_payment_id || order.status !== 'open') return { order, checkoutUrl: order.checkout_url };
  // A card is stored for later (repeat order): the first payment carries the member's customer.
  const sequence = CARD_METHODS.has(order.method)
    ? { type: 'first' as const, customerId: await customerOf(db, provider, args.userId) }
    : undefined;
  const payment = await startPayment(db, provider, order, args, sequence);
  return { order: { ...order, provider_payment_id: payment.id }, checkoutUrl: payment.checkoutUrl };
}

export interface OrderArgs {
  site: Site;
  userId: string;
  locale: string;
  packageId: PackageId;
  attemptId: string;
  origin: string;
  /** A discount code the member entered (checked and applied here, never priced by the browser). */
  code?: string;
}

/** The order of a checkout attempt, priced on the server for the member's country (or the one that attempt made). */
async function newOrder(
  db: Db,
  provider: PaymentProvider,
  args: OrderArgs,
  method: PaymentMethod,
  mandateId?: string,
): Promise<OrderRow> {
  const country = (await memberCountry(db, args.userId)) ?? 'NL';
  const prices = pricing(args.site, country);
  if (!mandateId && !prices.methods.includes(method)) throw new AppError('payment_method_unavailable', 400);
  const pkg = packageIn(prices, args.packageId);
  const code = args.code
    ? await usableCode(db, args.site, args.userId, args.code, {
        amount: pkg.amount,
        currency: pkg.currency,
        country,
        method,
      })
    : undefined;
  // The order and its code's redemption in one transaction: a code lost to a parallel
  // redemption leaves no order behind.
  return db.tx(async (q) => {
    const order = await insertOrder(q, {
      user_id: args.userId,
      site_id: args.site.id,
      attempt_id: args.attemptId,
      package_id: pkg.id,
      credits: pkg.credits,
      amount: code ? discounted(pkg.amount, code.row.value_percentage) : pkg.amount,
      list_amount: pkg.amount,
      currency: pkg.currency,
      country,
      method,
      provider: provider.name,
      ...(mandateId ? { mandate_id: mandateId } : {}),
      ...(code ? { discount_code_id: code.row.id, discount_percentage: code.row.value_percentage } : {}),
    });
    if (code) await redeemFor(q, code, args.userId, order.id);
    return order;
  });
}

/**
 * Creates the order's payment at the provider (the order id is the idempotency key) and records
 * it; a provider that is down leaves no order behind and answers 'payment_provider_unavailable'.
 */
async function startPayment(
  db: Db,
  provider: PaymentProvider,
  order: OrderRow,
  args: OrderArgs,
  sequence?: CreatePayment['sequence'],
): Promise<ProviderPayment> {
  let payment: ProviderPayment;
  try {
    payment = await provider.create({
      ...(sequence ? { sequence } : {}),
      amount: order.amount,
      currency: order.currency,
      description: tFor(args.locale as 'en')('credits.statement', {
        site: args.site.config.name,
        credits: order.credits,
      }),
      method: order.method,
      redirectUrl: `${args.origin}/transactions/${order.id}`,
      webhookUrl: `${args.origin}/payments/webhook`,
      metadata: { order_id: order.id, method: order.method },
      locale: providerLocale(args.locale),
      idempotencyKey: order.id,
    });
  } catch (err) {
    if (!(err instanceof ProviderUnavailable)) throw err;
    await deleteUnstarted(db, order.id);
    throw providerError(err);
  }
  await setProviderPayment(db, order.id, payment.id, payment.checkoutUrl);
  return payment;
}

/**
 * Brings an order in line with its payment at the provider. A webhook, the return page and the
 * reconciliation all come here: the provider's answer is the only truth, the order moves only
 * forward in one transaction, a paid order books its credits once (ledger reference per order),
 * the first paid order makes the member premium, and a refund or chargeback books a reversal that
 * never takes the balance below zero (what could not be taken back is recorded, and the member
 * may no longer pay by direct debit).
 */
export async function syncOrder(
  db: Db,
  provider: PaymentProvider,
  order: OrderRow,
  source: string,
): Promise<OrderChange> {
  if (!order.provider_payment_id || order.provider !== provider.name) {
    return { order, changed: false, becamePremium: false };
  }
  const payment = await provider.get(order.provider_payment_id);
  if (!payment || payment.metadata?.order_id !== order.id)
    return { order, changed: false, becamePremium: false };
  if (payment.amount !== order.amount || payment.currency !== order.currency) {
    throw new Error(`payment ${payment.id} does not match order ${order.id} (amount or currency)`);
  }
  const target = stateOf(payment);
  // Nothing new (a replayed webhook): no transaction. The locked re-check below decides races.
  if (target === order.status && payment.refunded + payment.chargedBack === 0) {
    return { order, changed: false, becamePremium: false };
  }
  return db.tx(async (q) => {
    const cur = await lockOrder(q, order.id);
    const reversedAmount = payment.refunded + payment.chargedBack;
    const wantReversed = PAID_OR_AFTER.includes(target)
      ? Math.min(cur.credits, Math.round((cur.credits * reversedAmount) / cur.amount))
      : 0;
    const moves = RANK[target] > RANK[cur.status] && !(RANK[cur.status] === 2 && cur.status !== 'paid');
    const moreReversal = wantReversed > cur.reversed_credits + cur.uncollected_credits;
    if (!moves && !moreReversal) return { order: cur, changed: false, becamePremium: false };

    let becamePremium = false;
    let { reversed_credits, uncollected_credits } = cur;
    const member = await lockMember(q, cur.user_id);
    let balance = member.credits;
    if (PAID_OR_AFTER.includes(target) && !PAID_OR_AFTER.includes(cur.status)) {
      const entry = await book(q, {
        userId: cur.user_id,
        siteId: cur.site_id,
        delta: cur.credits,
        reason: 'purchase',
        ref: `order:${cur.id}`,
        locked: true,
      });
      balance = entry.balance_after;
      becamePremium = await makePremium(q, cur.user_id);
      if (payment.mandateId && payment.card && CARD_METHODS.has(cur.method)) {
        const customerId = await findCustomer(q, cur.user_id, provider.name);
        if (customerId) {
          await insertMandate(q, {
            user_id: cur.user_id,
            site_id: cur.site_id,
            provider: provider.name,
            customer_id: customerId,
            mandate_id: payment.mandateId,
            kind: 'card',
            label: `${payment.card.label} •••• ${payment.card.last4}`,
            method: cur.method,
          });
        }
      }
    }
    if (moreReversal) {
      const due = wantReversed - reversed_credits - uncollected_credits;
      const take = Math.min(due, balance);
      if (take > 0) {
        await book(q, {
          userId: cur.user_id,
          siteId: cur.site_id,
          delta: -take,
          reason: payment.chargedBack > 0 ? 'chargeback' : 'refund',
          ref: `reversal:${cur.id}:${reversed_credits + uncollected_credits + due}`,
          locked: true,
        });
      }
      reversed_credits += take;
      uncollected_credits += due - take;
      if (uncollected_credits > 0) await blockDirectDebit(q, cur.user_id);
    }
    const status = moves ? target : cur.status;
    // An order that ends unpaid gives its discount code back.
    if (moves && UNPAID_ENDS.includes(status)) await release(q, cur.id);
    await updateOrder(q, cur.id, {
      status,
      reversed_credits,
      uncollected_credits,
      paid: PAID_OR_AFTER.includes(status),
    });
    await addEvent(q, cur.id, status, source);
    return {
      order: {
        ...cur,
        status,
        reversed_credits,
        uncollected_credits,
        paid_at: cur.paid_at ?? (PAID_OR_AFTER.includes(status) ? new Date() : null),
      },
      changed: true,
      becamePremium,
    };
  });
}

/** Card methods: a first payment by card stores the card (the provider's mandate) for repeat orders. */
export const CARD_METHODS: ReadonlySet<string> = new Set([
  'visa',
  'mastercard',
  'creditcard',
  'maestro',
  'cartebancaire',
  'nexi',
]);

/** The member's customer at the provider, made once (an idempotency key per member). */
export async function customerOf(db: Db, provider: PaymentProvider, userId: string): Promise<string> {
  const known = await findCustomer(db, userId, provider.name);
  if (known) return known;
  const id = await provider.createCustomer(`member ${userId.slice(0, 8)}`, `customer:${userId}`);
  return keepCustomer(db, userId, provider.name, id);
}

/**
 * Buys a package with a stored mandate (card: /credits/repeat-order; SEPA direct debit): one
 * confirmation, no checkout. The provider answers at once for a card (paid or failed) and later
 * for a direct debit (pending); the order is synced right away and again by the webhook.
 */
export async function payWithMandate(
  db: Db,
  provider: PaymentProvider,
  mandate: MandateRow,
  args: OrderArgs,
): Promise<OrderChange> {
  const order = await newOrder(db, provider, args, mandate.method as PaymentMethod, mandate.id);
  if (!order.provider_payment_id && order.status === 'open') {
    const sequence = {
      type: 'recurring' as const,
      customerId: mandate.customer_id,
      mandateId: mandate.mandate_id,
    };
    order.provider_payment_id = (await startPayment(db, provider, order, args, sequence)).id;
  }
  return syncOrder(db, provider, order, 'mandate');
}

/** The member's stored card (for repeat orders), if any. */
export const storedCard = (db: Db, provider: PaymentProvider, userId: string) =>
  currentMandate(db, userId, provider.name, 'card');

/** The order a webhook names, if it is ours: a forged or foreign id finds nothing and changes nothing. */
export async function orderForWebhook(db: Db, provider: PaymentProvider, paymentId: string) {
  if (!/^tr_[A-Za-z0-9]{4,40}$/.test(paymentId)) return undefined;
  return findByPayment(db, provider.name, paymentId);
}

export async function ownOrder(db: Db, id: string, userId: string): Promise<OrderRow> {
  const order = await findOwn(db, id, userId);
  if (!order) throw new AppError('not_found', 404);
  return order;
}
