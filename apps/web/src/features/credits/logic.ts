import type { Order, PricedPackage } from '@amora/contracts';
import {
  METHOD_RULES,
  type OrderState,
  PACKAGE_IDS,
  type PackageId,
  type PaymentMethod,
  UNPAID_ENDS,
} from '@amora/contracts/money';

/** A package id from a path segment, or null when it names none. */
export function packageIdFrom(value: string | undefined): PackageId | null {
  return (PACKAGE_IDS as readonly string[]).includes(value ?? '') ? (value as PackageId) : null;
}

/** Price of one credit in minor units (fractional: the formatter rounds it). */
export function perCredit(p: Pick<PricedPackage, 'amount' | 'credits'>): number {
  return p.amount / p.credits;
}

/**
 * What a package saves per credit against the dearest per-credit package of the list, as a
 * fraction (0.33), or null below 5 % (not worth a badge) and for the dearest one itself.
 */
export function saving(p: PricedPackage, all: PricedPackage[]): number | null {
  const dearest = Math.max(...all.map(perCredit));
  const s = 1 - perCredit(p) / dearest;
  return s >= 0.05 ? Math.floor(s * 100) / 100 : null;
}

/** States in which the provider has not answered yet: the page asks it and keeps watching. */
export const WAITING: readonly OrderState[] = ['open', 'pending'];
export const isWaiting = (s: OrderState) => WAITING.includes(s);
export const isUnpaidEnd = (s: OrderState) => UNPAID_ENDS.includes(s);
export const wasPaid = (s: OrderState) => s === 'paid' || s === 'refunded' || s === 'charged_back';

/** What the return page shows for an order (spec §4 payment states). */
export type PaymentView = 'pending' | 'completed' | 'failed' | 'refunded' | 'charged_back';
export function paymentView(s: OrderState): PaymentView {
  if (isWaiting(s)) return 'pending';
  if (s === 'paid') return 'completed';
  if (s === 'refunded' || s === 'charged_back') return s;
  return 'failed';
}

/** Tone of an order's status badge. */
export function statusTone(s: OrderState): 'success' | 'pending' | 'danger' | 'neutral' {
  if (s === 'paid') return 'success';
  if (isWaiting(s)) return 'pending';
  if (s === 'failed' || s === 'charged_back') return 'danger';
  return 'neutral';
}

/**
 * Methods this browser can pay with: the server's list (for the payer's country, local first)
 * without the device-bound ones this device cannot use (Apple Pay outside Apple devices).
 */
export function usableMethods(offered: readonly PaymentMethod[], apple: boolean): PaymentMethod[] {
  return offered.filter((m) => METHOD_RULES[m].device !== 'apple' || apple);
}

/** Card brands the one "Card" choice takes (the provider's card form asks which card). */
export const CARD_BRANDS: readonly PaymentMethod[] = ['visa', 'mastercard'];

/**
 * The checkout's choices (issue 26 item 8): Visa, Mastercard and "credit card" are one card form
 * at the provider, so they are one choice, 'creditcard' ("Card", its brands named beside it),
 * where it is offered. A link naming a brand (/credits/p1/visa) chooses that one.
 */
export function checkoutChoices(methods: readonly PaymentMethod[]): PaymentMethod[] {
  if (!methods.includes('creditcard')) return [...methods];
  return methods.filter((m) => !CARD_BRANDS.includes(m));
}

export const choiceOf = (m: PaymentMethod | null): PaymentMethod | null =>
  m && CARD_BRANDS.includes(m) ? 'creditcard' : m;

/** Whether this browser can pay with Apple Pay (false on the server and where the API is missing). */
export function canUseApplePay(): boolean {
  if (typeof window === 'undefined') return false;
  const session = (window as { ApplePaySession?: { canMakePayments?: () => boolean } }).ApplePaySession;
  try {
    return session?.canMakePayments?.() === true;
  } catch {
    return false;
  }
}

/**
 * Whether `order` made its member premium: it is their first paid order (none paid before it in
 * the complete list). Unknown (false) while older pages are not loaded. The server makes the
 * first paid order's member premium; a member premium from before (no order) is `wasPremium`.
 */
export function firstPaidOrder(order: Order, list: Order[], complete: boolean): boolean {
  if (!wasPaid(order.status) || !order.paid_at) return false;
  const earlier = list.some(
    (o) => o.id !== order.id && wasPaid(o.status) && o.paid_at && o.paid_at < order.paid_at!,
  );
  return !earlier && complete;
}
