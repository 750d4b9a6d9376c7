import type { PaymentMethod } from '@amora/contracts';
import { AppError } from '../../platform/errors.ts';

/** A payment's state at the provider (Mollie's vocabulary, which the sandbox speaks too). */
export type ProviderStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

/** What we read back of a payment: the provider's truth, never what a browser or webhook said. */
export interface ProviderPayment {
  id: string;
  status: ProviderStatus;
  /** Minor units. */
  amount: number;
  currency: string;
  refunded: number;
  chargedBack: number;
  metadata: Record<string, unknown> | null;
  checkoutUrl: string | null;
  /** The mandate a first card payment left (the stored card), or the one a recurring payment used. */
  mandateId: string | null;
  /** The card it was paid with ('Visa', '4242'), when it was a card. */
  card: { label: string; last4: string } | null;
}

export interface CreatePayment {
  amount: number;
  currency: string;
  description: string;
  method: PaymentMethod;
  redirectUrl: string;
  webhookUrl: string;
  metadata: { order_id: string; method: string };
  /**
   * 'first' stores the card for later (needs customerId); 'recurring' pays with a stored mandate
   * and has no checkout (needs customerId, and mandateId).
   */
  sequence?: { type: 'first' | 'recurring'; customerId: string; mandateId?: string };
  /** Provider locale such as nl_NL. */
  locale: string;
  /** The same key always names the same payment: a retried or doubled create is one payment. */
  idempotencyKey: string;
}

/** A payment provider: Mollie, or the built-in sandbox that speaks Mollie's API. */
export interface PaymentProvider {
  readonly name: 'mollie' | 'sandbox';
  create(p: CreatePayment): Promise<ProviderPayment>;
  /** The payment, or null when the provider has none of that id (a forged webhook). */
  get(id: string): Promise<ProviderPayment | null>;
  /**
   * The payment made for one of our orders (its metadata names the order), looked for in the
   * provider's lists (Mollie's advice after a timed-out create): the customer's payments when the
   * order has a customer, else all payments, newest first, back to `since`. Null when the
   * provider has none; throws ProviderUnavailable when it cannot tell (unreachable, or too many
   * payments to look through).
   */
  findForOrder(orderId: string, opts: { since: Date; customerId?: string }): Promise<ProviderPayment | null>;
  refund(id: string, amount: number, currency: string, idempotencyKey: string): Promise<void>;
  /** A customer at the provider (who mandates belong to). */
  createCustomer(name: string, idempotencyKey: string): Promise<string>;
  /** A SEPA direct-debit mandate for a customer; returns its id. */
  createDirectDebitMandate(
    customerId: string,
    m: { holder: string; iban: string; reference: string; signedOn: string },
    idempotencyKey: string,
  ): Promise<string>;
}

/** The provider could not be reached or answered with a fault: try again later. */
export class ProviderUnavailable extends Error {}

/**
 * The provider answered our request with a 4xx (a method not available for this amount or
 * country, an amount it refuses, a key it does not accept): nothing was bought, and trying again
 * will not help (issue 25 item 6). A ProviderUnavailable, so every caller still treats it as
 * "nothing happened"; callers that tell the member say so truthfully (providerError).
 */
export class ProviderRefused extends ProviderUnavailable {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * What to tell the member of a provider failure: a refusal is 'payment_refused' (422, or the
 * caller's code), anything else 'payment_provider_unavailable' (503: try again in a moment).
 */
export function providerError(err: ProviderUnavailable, refused = 'payment_refused'): AppError {
  return err instanceof ProviderRefused
    ? new AppError(refused, 422)
    : new AppError('payment_provider_unavailable', 503);
}

/**
 * A create whose outcome is unknown: the request may have reached the provider (it timed out, the
 * connection broke after it was sent, the provider answered with a fault). A timeout is "unknown",
 * never "nothing happened": the order is kept, and its payment is looked for by the order id
 * (findForOrder) or asked for again under the same idempotency key.
 */
export class ProviderOutcomeUnknown extends ProviderUnavailable {}

/**
 * The provider's method for each of our ids (spec §3). Card brands are one card method at the
 * provider; 'prezelewy24' is the spec's spelling of Przelewy24.
 */
export const PROVIDER_METHOD: Record<PaymentMethod, string> = {
  sdd: 'directdebit',
  prezelewy24: 'przelewy24',
  blik: 'blik',
  sct: 'banktransfer',
  giropay: 'giropay',
  mastercard: 'creditcard',
  visa: 'creditcard',
  creditcard: 'creditcard',
  cartebancaire: 'creditcard',
  nexi: 'creditcard',
  ideal: 'ideal',
  bancontact: 'bancontact',
  applepay: 'applepay',
  paysafecard: 'paysafecard',
  maestro: 'creditcard',
  paypal: 'paypal',
  sofort: 'sofort',
  eps: 'eps',
};

/** Minor units to the provider's decimal string ("19.99"); every currency we sell has 2 decimals. */
export const toValue = (minor: number) => (minor / 100).toFixed(2);
/** The provider's decimal string to minor units. */
export const fromValue = (value: string) => Math.round(Number.parseFloat(value) * 100);

/** Provider locale for one of our locales (Mollie's form: nl_NL). */
export function providerLocale(locale: string): string {
  const tags: Record<string, string> = {
    en: 'en_US',
    de: 'de_DE',
    es: 'es_ES',
    fr: 'fr_FR',
    it: 'it_IT',
    nl: 'nl_NL',
    pl: 'pl_PL',
  };
  return tags[locale] ?? 'en_US';
}
