import { type BodyOf, endpoints } from '@amora/contracts/endpoints';
import type { PackageId, PaymentMethod } from '@amora/contracts/money';
import { call } from '../../api/client.ts';

/**
 * Credits purchase calls (spec §2 /pricing, /credits, /credits/repeat-order, /directdebit,
 * /transactions; server features/payments), each an endpoint of the contract. Plain functions
 * and keys only, so the live connection (RootLayout) can name the query keys without pulling
 * anything else into the entry bundle.
 */

const { payments } = endpoints;

/** Prices depend on the payer's country; the server fills this key when it renders /pricing. */
export { orderKey, ordersListKey, pricingKey } from '@amora/contracts/rules';

/**
 * Every orders query (list, single orders, stored methods): an 'order' event on the socket reloads
 * them all (a paid card order is what stores the card).
 */
export const ordersRoot = ['orders'] as const;
export const storedKey = (userId: string) => ['orders', userId, 'stored'] as const;

/** The prices; with a member's discount `code`, lowered where it applies (or the code's translated error). */
export const fetchPricing = (signal?: AbortSignal, code?: string) =>
  call(payments.pricing, { query: code ? { code } : undefined, signal });

export interface CreateOrderInput {
  package_id: PackageId;
  method: PaymentMethod;
  /** Made once per checkout attempt: a double click or a retry is the same order. */
  attempt_id: string;
  /** A discount code: the server checks it and prices the order with it. */
  code?: string;
}

export const createOrder = (body: CreateOrderInput) => call(payments.createOrder, { body });

export const fetchOrders = (cursor: string | null, signal?: AbortSignal) =>
  call(payments.orders, { query: { cursor: cursor ?? undefined }, signal });

export const fetchOrder = (id: string, signal?: AbortSignal) =>
  call(payments.order, { params: { id }, signal });

/** Asks the provider how the order stands (the return page; a webhook may not have come yet). */
export const syncOrder = (id: string) => call(payments.syncOrder, { params: { id } });

/** The member's stored card (repeat order) and direct-debit mandate, as 'Visa •••• 4242'. */
export const fetchStored = (signal?: AbortSignal) => call(payments.stored, { signal });

/** Paid credits still unused and payments not settled yet: what a deletion leaves behind. */
export const deletionFactsKey = (userId: string) => ['orders', userId, 'deletion-facts'] as const;
export const fetchDeletionFacts = (signal?: AbortSignal) => call(payments.deletionFacts, { signal });

/** Buys a package with the stored card: no checkout, the order comes back paid or failed. */
export const repeatOrder = (body: { package_id: PackageId; attempt_id: string; code?: string }) =>
  call(payments.repeatOrder, { body });

/** Sends the direct-debit form's one-time code to `phone` (202: when another may be asked for). */
export const sendSmsCode = (phone: string) => call(payments.smsCode, { body: { phone } });

/** The direct-debit form as the contract takes it (the mandate box must be ticked: `mandate: true`). */
export type DirectDebitInput = BodyOf<typeof payments.directDebit>;

/** Pays a package by a one-time SEPA direct debit; the order comes back pending. */
export const payByDirectDebit = (body: DirectDebitInput) => call(payments.directDebit, { body });
