import {
  type OrderState,
  type PackageId,
  type PaymentMethod,
  PHOTO_LIMITS,
  UNPAID_ENDS,
} from '@amora/contracts';
import { isLocale } from '@amora/i18n';
import { z } from 'zod';
import type { Db, Queryable } from '../../platform/db.ts';
import { isUniqueViolation, violates } from '../../platform/db-errors.ts';
import { AppError, found } from '../../platform/errors.ts';
import { tFor } from '../../platform/i18n.ts';
import { jobQueue } from '../../platform/job-queue.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { Site } from '../../platform/sites.ts';
import { book } from '../credits/ledger.ts';
import { siteOrigin } from '../sites/site-origin.ts';
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
  anyAwaitingPayment,
  blockDirectDebit,
  endPremium,
  expireUnknown,
  findAttempt,
  findAwaitingPayment,
  findById,
  findByPayment,
  findOwn,
  hasStandingPurchase,
  insertOrder,
  lockMember,
  lockOrder,
  makePremium,
  markMadePremium,
  markRequested,
  memberContact,
  memberCountry,
  type OrderRow,
  premiumFromPurchases,
  recentCardRepeats,
  setProviderPayment,
  siteDomain,
  updateOrder,
} from './orders.repo.ts';
import { packageIn, pricing } from './pricing.ts';
import {
  type CreatePayment,
  type PaymentProvider,
  ProviderOutcomeUnknown,
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
  /** This sync ended the member's premium (their last standing purchase was reversed in full). */
  premiumEnded?: boolean;
}

/** PUBLIC_URL, for links in mails (set once at start by registerPayments). */
let publicUrl = 'http://localhost:3000';
export function usePublicUrl(url: string): void {
  publicUrl = url;
}

const unchanged = (order: OrderRow): OrderChange => ({ order, changed: false, becamePremium: false });

/**
 * An order whose payment the provider does not have is expired this long after its last create
 * was sent: by then no create still in flight can make one (a create gives up after seconds).
 */
export const UNKNOWN_EXPIRY_S = 600;
/** The job that looks for the payment of an order whose create went unanswered. */
export const CONFIRM_JOB = 'payments.confirm';
/** The payment of an order whose create went unanswered, looked for later. */
export const CONFIRM_QUEUE = jobQueue(CONFIRM_JOB, z.object({ orderId: z.string() }));
/**
 * Repeat orders by stored card: at most this many per member and hour, at least REPEAT_ORDER_GAP_S
 * apart (one in flight at a time besides).
 */
export const REPEAT_ORDERS_PER_HOUR = 5;
export const REPEAT_ORDER_GAP_S = 60;

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
 * twenty clicks of one attempt are one order and one payment. The order is kept whatever the
 * provider does: one that cannot be reached answers 'payment_provider_unavailable', one that does
 * not answer in time 'payment_confirming' (both 503); a retry of the attempt finds or makes the
 * same payment, never a second.
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
    ? { type: 'first' as const, customerId: await unavailableAs503(customerOf(db, provider, args.userId)) }
    : undefined;
  const payment = await startPayment(db, provider, order, args, sequence);
  if (!payment) throw new AppError('payment_confirming', 503);
  return {
    order: { ...order, provider_payment_id: payment.id, checkout_url: payment.checkoutUrl },
    checkoutUrl: payment.checkoutUrl,
  };
}

/** A provider call before any payment is made: when it fails, nothing was bought (503, try again). */
async function unavailableAs503<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof ProviderUnavailable) throw new AppError('payment_provider_unavailable', 503);
    throw err;
  }
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
  mandate?: MandateRow,
): Promise<OrderRow> {
  const mandateId = mandate?.id;
  // A retry of the attempt is its order as it was priced (its code already redeemed by it).
  const prior = await findAttempt(db, args.userId, args.attemptId);
  if (prior) return prior;
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
  return db
    .tx(async (q) => {
      if (mandate) await mandateOrderAllowed(q, args.userId, args.attemptId, mandate);
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
      if (code && order.fresh) await redeemFor(q, code, args.userId, order.id);
      const { fresh: _, ...row } = order;
      return row;
    })
    .catch((err) => {
      // Another payment by a stored method of this member is still being made (a unique index).
      if (isUniqueViolation(err) && violates(err, 'orders_one_mandate_in_flight')) {
        throw new AppError('payment_in_progress', 409);
      }
      throw err;
    });
}

/**
 * A charge by a stored method needs no checkout, so nothing but the server stands between a
 * session and the member's card: one in flight at a time (a unique index decides races) and, by
 * card, one a minute and at most REPEAT_ORDERS_PER_HOUR an hour (a failed charge does not count).
 * The member's row is locked so the count and the insert are one decision: fifty parallel repeat
 * orders are one charge. A retry of an attempt already made is that order, always allowed.
 */
async function mandateOrderAllowed(q: Queryable, userId: string, attemptId: string, mandate: MandateRow) {
  await lockMember(q, userId);
  if (await findAttempt(q, userId, attemptId)) return;
  if (mandate.kind !== 'card') return;
  const recent = await recentCardRepeats(q, userId, REPEAT_ORDER_GAP_S);
  if (recent.gap > 0) throw new AppError('payment_in_progress', 409);
  if (recent.hour >= REPEAT_ORDERS_PER_HOUR) {
    throw new AppError('repeat_order_limit', 429, { limit: REPEAT_ORDERS_PER_HOUR });
  }
}

/**
 * Creates the order's payment at the provider (the order id is the idempotency key: a retry is the
 * same payment) and records it. An order made a while ago (its first create went unanswered) is
 * first looked for at the provider. When the create fails, the order stays: its payment is looked
 * for by the 'payments.confirm' job and by reconciliation. Returns null when the outcome is
 * unknown (the create may have made the payment); a provider certainly not reached answers
 * 'payment_provider_unavailable'.
 */
async function startPayment(
  db: Db,
  provider: PaymentProvider,
  order: OrderRow,
  args: OrderArgs,
  sequence?: CreatePayment['sequence'],
): Promise<ProviderPayment | null> {
  let payment: ProviderPayment | null = null;
  try {
    if (Date.now() - new Date(order.created_at).getTime() > 60_000) {
      payment = await provider.findForOrder(order.id, {
        since: new Date(order.created_at),
        ...(sequence ? { customerId: sequence.customerId } : {}),
      });
    }
    await markRequested(db, order.id);
    payment ??= await provider.create({
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
    // Never deleted: a parallel create of the same order, or this one, may have reached the provider.
    await enqueueJob(db, CONFIRM_QUEUE, { orderId: order.id }, { delayS: 30, singletonKey: order.id });
    if (err instanceof ProviderOutcomeUnknown) return null;
    // A refusal (4xx) is told as one; anything else that surely made nothing: try again.
    throw providerError(err);
  }
  await setProviderPayment(db, order.id, payment.id, payment.checkoutUrl);
  return payment;
}

/**
 * Brings an order in line with its payment at the provider. A webhook, the return page, the
 * confirm job and the reconciliation all come here: the provider's answer is the only truth, the
 * order moves only forward in one transaction, a paid order books its credits once (ledger
 * reference per order), the first paid order makes the member premium, and a refund or chargeback
 * books a reversal that never takes the balance below zero (what could not be taken back is
 * recorded, and the member may no longer pay by direct debit). When the member's last standing
 * purchase is reversed in full, premium ends in the same transaction (endPremiumFor).
 *
 * An order that does not know its payment yet (its create went unanswered) is looked for at the
 * provider by its id (`known`: a webhook already brought it); one the provider still does not
 * have UNKNOWN_EXPIRY_S after its last create is expired, and its code given back.
 */
export async function syncOrder(
  db: Db,
  provider: PaymentProvider,
  order: OrderRow,
  source: string,
  known?: ProviderPayment,
): Promise<OrderChange> {
  if (order.provider !== provider.name) return unchanged(order);
  const expireUnknownOrder = async () => {
    const expired = await db.tx(async (q) => {
      const row = await expireUnknown(q, order.id, UNKNOWN_EXPIRY_S, source);
      if (row) await release(q, row.id);
      return row;
    });
    return expired ? { order: expired, changed: true, becamePremium: false } : unchanged(order);
  };
  let payment: ProviderPayment | null;
  if (!order.provider_payment_id) {
    if (order.status !== 'open') return unchanged(order);
    payment = known ?? (await provider.findForOrder(order.id, await lookupScope(db, provider, order)));
    if (!payment) return expireUnknownOrder();
    if (payment.metadata?.order_id !== order.id) return unchanged(order);
    await setProviderPayment(db, order.id, payment.id, payment.checkoutUrl);
    order = { ...order, provider_payment_id: payment.id, checkout_url: payment.checkoutUrl };
  } else {
    payment = known?.id === order.provider_payment_id ? known : await provider.get(order.provider_payment_id);
    // The provider does not know the payment it gave us (asked by reconciliation, not a webhook):
    // nothing can be paid under it, so the order ends like an abandoned one.
    if (!payment && source === 'reconcile' && (order.status === 'open' || order.status === 'pending')) {
      return expireUnknownOrder();
    }
  }
  if (!payment || payment.metadata?.order_id !== order.id) return unchanged(order);
  if (payment.amount !== order.amount || payment.currency !== order.currency) {
    throw new Error(`payment ${payment.id} does not match order ${order.id} (amount or currency)`);
  }
  const target = stateOf(payment);
  const reversedAmount = Math.min(payment.amount, payment.refunded + payment.chargedBack);
  // Nothing new (a replayed webhook): no transaction. The locked re-check below decides races.
  if (target === order.status && reversedAmount === order.reversed_amount) return unchanged(order);
  return db.tx(async (q) => {
    const cur = await lockOrder(q, order.id);
    const wantReversed = PAID_OR_AFTER.includes(target)
      ? Math.min(cur.credits, Math.round((cur.credits * reversedAmount) / cur.amount))
      : 0;
    const moves = RANK[target] > RANK[cur.status] && !(RANK[cur.status] === 2 && cur.status !== 'paid');
    const moreReversal = wantReversed > cur.reversed_credits + cur.uncollected_credits;
    const moreAmount = PAID_OR_AFTER.includes(target) && reversedAmount > cur.reversed_amount;
    if (!moves && !moreReversal && !moreAmount) return unchanged(cur);

    let becamePremium = false;
    let premiumEnded = false;
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
      // A purchase that is already reversed in full (a late webhook) stands for nothing.
      if (reversedAmount < cur.amount) becamePremium = await makePremium(q, cur.user_id);
      if (becamePremium) await markMadePremium(q, cur.id);
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
    const reversed_amount = Math.max(
      cur.reversed_amount,
      PAID_OR_AFTER.includes(status) ? reversedAmount : 0,
    );
    // Reversed in full just now: premium follows the purchases that still stand.
    if (PAID_OR_AFTER.includes(status) && reversed_amount >= cur.amount && cur.reversed_amount < cur.amount) {
      premiumEnded = await endPremiumFor(q, cur, payment.chargedBack > 0 ? 'chargeback' : 'refund');
    }
    // An order that ends unpaid gives its discount code back.
    if (moves && UNPAID_ENDS.includes(status)) await release(q, cur.id);
    await updateOrder(q, cur.id, {
      status,
      reversed_credits,
      uncollected_credits,
      reversed_amount,
      paid: PAID_OR_AFTER.includes(status),
    });
    await addEvent(q, cur.id, status, source);
    return {
      order: {
        ...cur,
        status,
        reversed_credits,
        uncollected_credits,
        reversed_amount,
        paid_at: cur.paid_at ?? (PAID_OR_AFTER.includes(status) ? new Date() : null),
      },
      changed: true,
      becamePremium,
      premiumEnded,
    };
  });
}

/** Where the provider keeps an order's payment: the member's customer when it has one (cards, mandates). */
async function lookupScope(db: Db, provider: PaymentProvider, order: OrderRow) {
  const since = new Date(order.created_at);
  if (!order.mandate_id && !CARD_METHODS.has(order.method)) return { since };
  const customerId = await findCustomer(db, order.user_id, provider.name);
  return customerId ? { since, customerId } : { since };
}

/**
 * Ends the member's premium when no other purchase of theirs stands and their premium came from
 * purchases (a member premium before buying anything, such as a demo member, keeps it), and tells
 * them why in their language.
 * Realtime.forgetUser (announce) makes it hold on every instance at once.
 */
async function endPremiumFor(q: Queryable, order: OrderRow, why: 'refund' | 'chargeback'): Promise<boolean> {
  if (await hasStandingPurchase(q, order.user_id, order.id)) return false;
  if (!(await premiumFromPurchases(q, order.user_id))) return false;
  const ended = await endPremium(q, order.user_id, PHOTO_LIMITS.free);
  if (!ended) return false;
  const member = await memberContact(q, order.user_id);
  if (member && member.status === 'active') {
    const locale = isLocale(member.language) ? member.language : 'en';
    const domain = await siteDomain(q, member.site_id);
    await enqueueMail(q, {
      siteId: member.site_id,
      to: member.email,
      template: 'premiumEnded',
      locale,
      data: {
        name: member.name ?? '',
        why,
        hidden: ended.hiddenPhotos,
        link: `${siteOrigin({ domain: domain ?? 'localhost' } as Site, { publicUrl })}/credits`,
      },
    });
  }
  return true;
}

/**
 * The order a webhook names, if it is ours: a forged or foreign id finds nothing and changes
 * nothing. While some order waits to learn its payment (a create that went unanswered), an id we
 * do not know is asked about at the provider, and the payment's order (by its metadata) is that
 * order's if it still waits; otherwise unknown ids never reach the provider.
 */
export async function orderForWebhook(
  db: Db,
  provider: PaymentProvider,
  paymentId: string,
): Promise<{ order: OrderRow; payment?: ProviderPayment } | undefined> {
  if (!/^tr_[A-Za-z0-9]{4,40}$/.test(paymentId)) return undefined;
  const order = await findByPayment(db, provider.name, paymentId);
  if (order) return { order };
  if (!(await anyAwaitingPayment(db, provider.name))) return undefined;
  const payment = await provider.get(paymentId);
  const orderId = payment?.metadata?.order_id;
  if (!payment || typeof orderId !== 'string' || !isUuidLike(orderId)) return undefined;
  const waiting = await findAwaitingPayment(db, provider.name, orderId);
  return waiting ? { order: waiting, payment } : undefined;
}

const isUuidLike = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/**
 * The 'payments.confirm' job: looks for the payment of an order whose create went unanswered and
 * settles the order by it; throws (the job retries with backoff) while the provider cannot tell
 * or the order may still get one. Reconciliation takes over after the job's last attempt.
 */
export async function confirmOrder(
  db: Db,
  provider: PaymentProvider,
  orderId: string,
): Promise<OrderChange | null> {
  if (typeof orderId !== 'string' || !isUuidLike(orderId)) return null;
  const order = await findById(db, orderId);
  if (order?.status !== 'open') return null;
  const change = await syncOrder(db, provider, order, 'confirm');
  if (!change.order.provider_payment_id && change.order.status === 'open') {
    throw new Error(`order ${orderId}: the provider has no payment for it yet`);
  }
  return change;
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
 * confirmation, no checkout, one in flight per member and a few an hour (mandateOrderAllowed).
 * The provider answers at once for a card (paid or failed) and later for a direct debit
 * (pending); the order is synced right away and again by the webhook. A create that goes
 * unanswered leaves the order open (the member's page shows it as being confirmed).
 */
export async function payWithMandate(
  db: Db,
  provider: PaymentProvider,
  mandate: MandateRow,
  args: OrderArgs,
): Promise<OrderChange> {
  const order = await newOrder(db, provider, args, mandate.method as PaymentMethod, mandate);
  if (!order.provider_payment_id && order.status === 'open') {
    const sequence = {
      type: 'recurring' as const,
      customerId: mandate.customer_id,
      mandateId: mandate.mandate_id,
    };
    const payment = await startPayment(db, provider, order, args, sequence);
    // Unknown (the create went unanswered): the order stays open, the member's page says the
    // payment is being confirmed, and the confirm job settles it; a retry finds the same payment.
    if (!payment) return unchanged(order);
    return syncOrder(db, provider, { ...order, provider_payment_id: payment.id }, 'mandate', payment);
  }
  return syncOrder(db, provider, order, 'mandate');
}

/** The member's stored card (for repeat orders), if any. */
export const storedCard = (db: Db, provider: PaymentProvider, userId: string) =>
  currentMandate(db, userId, provider.name, 'card');

export async function ownOrder(db: Db, id: string, userId: string): Promise<OrderRow> {
  const order = found(await findOwn(db, id, userId));
  return order;
}
