import crypto from 'node:crypto';
import { type DiscountCode, WELCOME_WINDOW_S } from '@amora/contracts';
import type { Queryable } from '../../platform/db.ts';
import { violates } from '../../platform/db-errors.ts';
import { AppError } from '../../platform/errors.ts';
import type { Site } from '../../platform/sites.ts';
import {
  type CodeRow,
  deleteOffer,
  ensureWelcomeCode,
  findCode,
  redeem,
  welcomeFacts,
} from './discounts.repo.ts';

/** The welcome time bonus of spec §1/§9: TIMEBONUS25, 25 %, once, within 14,400 s of signup, first purchase only. */
export const WELCOME = { code: 'TIMEBONUS25', percentage: 25, windowS: WELCOME_WINDOW_S } as const;
/** How long a deletion offer's personal code stays valid. */
export const DELETE_OFFER_DAYS = 30;

/** A code that may lower this member's prices, with its deadline (the welcome code's is per member). */
export interface UsableCode {
  row: CodeRow;
  expires: Date | null;
  now: Date;
}

/** What an order must fit for a code to apply to it. */
export interface OrderFacts {
  amount: number;
  currency: string;
  country: string;
  method?: string;
}

/** The price after a discount, rounded to the cent the member pays. */
export const discounted = (amount: number, percentage: number) =>
  amount - Math.round((amount * percentage) / 100);

/**
 * Checks a code for a member (and, given, an order): 'Code not found' for an unknown, disabled or
 * somebody else's personal code, 'Code already used', expired (the welcome code 4 hours after
 * signup, by the database's clock), and for an order: wrong country or currency, below the
 * minimum, a method the code does not cover. Throws the AppError a member reads.
 */
export async function usableCode(
  q: Queryable,
  site: Site,
  userId: string,
  raw: string,
  order?: OrderFacts,
): Promise<UsableCode> {
  const code = raw.trim().toUpperCase();
  if (!/^[A-Z0-9_-]{3,40}$/.test(code)) throw new AppError('code_not_found', 404);
  if (code === WELCOME.code) await ensureWelcomeCode(q, site.id, WELCOME.code, WELCOME.percentage);
  const row = await findCode(q, site.id, code, userId);
  if (row?.status !== 'active' || (row.user_id && row.user_id !== userId)) {
    throw new AppError('code_not_found', 404);
  }
  let expires = row.expires_at;
  let now = new Date();
  if (row.kind === 'welcome') {
    // The window first: after 4 hours the bonus is over, whatever a browser still shows.
    const facts = await welcomeFacts(q, userId, WELCOME.windowS);
    if (!facts?.open) throw new AppError('code_expired', 410);
    if (facts.paid_user) throw new AppError('code_used', 409);
    expires = facts.deadline;
    now = facts.now;
  } else if (row.expired) {
    throw new AppError('code_expired', 410);
  }
  // Taken by an order that is not over yet counts as used; an order that ends unpaid gives it back.
  if (row.used) throw new AppError('code_used', 409);
  if (order) {
    if (row.country && row.country !== order.country) throw new AppError('code_wrong_country', 400);
    if (row.currency && row.currency !== order.currency) throw new AppError('code_wrong_currency', 400);
    if (row.minimum_order_value && order.amount < row.minimum_order_value) {
      const minimum = `${(row.minimum_order_value / 100).toFixed(2)} ${row.currency ?? order.currency}`;
      throw new AppError('code_below_minimum', 400, { minimum });
    }
    if (order.method && row.payment_methods?.length && !row.payment_methods.includes(order.method)) {
      throw new AppError('code_wrong_method', 400);
    }
  }
  return { row, expires, now };
}

/** Whether a code applies to an order, without saying why not (prices shown with a code). */
export function appliesTo(c: UsableCode, order: OrderFacts): boolean {
  const r = c.row;
  return (
    (!r.country || r.country === order.country) &&
    (!r.currency || r.currency === order.currency) &&
    (!r.minimum_order_value || order.amount >= r.minimum_order_value)
  );
}

/** Takes the code's redemption for the order, in the order's transaction; a lost race is 'Code already used'. */
export async function redeemFor(q: Queryable, c: UsableCode, userId: string, orderId: string): Promise<void> {
  try {
    await redeem(q, { codeId: c.row.id, userId, orderId, validity: c.row.validity });
  } catch (err) {
    if (violates(err, 'discount_redemptions_single') || violates(err, 'discount_redemptions_per_user')) {
      throw new AppError('code_used', 409);
    }
    throw err;
  }
}

/** A code as spec §3 shows it. */
export function presentCode(c: UsableCode): DiscountCode {
  const r = c.row;
  return {
    code: r.code,
    value_percentage: r.value_percentage,
    currency: r.currency,
    minimum_order_value: r.minimum_order_value,
    country: r.country,
    user_id: r.user_id,
    expires: c.expires ? new Date(c.expires).toISOString() : null,
    status: r.status,
    validity: r.validity,
    expired: false,
    paymentmethods: r.payment_methods ?? [],
    now: new Date(c.now).toISOString(),
  };
}

/**
 * The personal code offered to a member who starts deleting the account (site setting
 * delete_discount): one per member, single use, valid 30 days; asking again gives the same one.
 */
export async function deletionOffer(q: Queryable, site: Site, userId: string): Promise<UsableCode> {
  const pct = site.config.delete_discount;
  if (!pct) throw new AppError('not_found', 404);
  const fresh = `STAY${pct}-${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
  const code = await deleteOffer(q, site.id, userId, fresh, Math.min(pct, 90), DELETE_OFFER_DAYS);
  return usableCode(q, site, userId, code);
}

/**
 * The member's welcome code as GET /api/discountcode.php?welcome=true answers it, or null where
 * that answer is a refusal (404, 409 used, 410 over): ssr.ts puts it in a new member's first page,
 * so the welcome strip is in the HTML and nothing moves when the app runs (issue 29 item 1).
 */
export async function welcomeOffer(q: Queryable, site: Site, userId: string): Promise<DiscountCode | null> {
  try {
    return presentCode(await usableCode(q, site, userId, WELCOME.code));
  } catch (err) {
    if (err instanceof AppError && [404, 409, 410].includes(err.status)) return null;
    throw err;
  }
}
