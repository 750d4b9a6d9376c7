import type { Order, OrderDetail, OrdersPage, PricingResponse } from '@amora/contracts';
import type { PackageId, PaymentMethod } from '@amora/contracts/money';
import { api } from '../../api/client.ts';

/**
 * Credits purchase calls (spec §2 /pricing, /credits, /transactions; server features/payments).
 * Plain functions with types only, so the live connection (RootLayout) can name the query keys
 * without pulling anything else into the entry bundle.
 */

/** Prices depend on the payer's country: a visitor's and a member's may differ. */
export const pricingKey = (userId: string | null) => ['pricing', userId ?? 'visitor'] as const;

/** Every orders query (list and single orders): an 'order' event on the socket reloads them all. */
export const ordersRoot = ['orders'] as const;
export const ordersListKey = (userId: string) => ['orders', userId, 'list'] as const;
export const orderKey = (userId: string, id: string) => ['orders', userId, 'one', id] as const;

export const fetchPricing = (signal?: AbortSignal) => api<PricingResponse>('/api/pricing', { signal });

export interface CreateOrderInput {
  package_id: PackageId;
  method: PaymentMethod;
  /** Made once per checkout attempt: a double click or a retry is the same order. */
  attempt_id: string;
}

export const createOrder = (body: CreateOrderInput) =>
  api<{ order: Order; checkout_url: string }>('/api/orders', { method: 'POST', body });

export const fetchOrders = (cursor: string | undefined, signal?: AbortSignal) =>
  api<OrdersPage>('/api/orders', { query: { cursor }, signal });

export const fetchOrder = (id: string, signal?: AbortSignal) =>
  api<OrderDetail>(`/api/orders/${encodeURIComponent(id)}`, { signal });

/** Asks the provider how the order stands (the return page; a webhook may not have come yet). */
export const syncOrder = (id: string) =>
  api<OrderDetail>(`/api/orders/${encodeURIComponent(id)}/sync`, { method: 'POST' });
