import type { DiscountCodeCreate } from '@amora/contracts';
import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import { call } from '../../../api/client.ts';

const { adminPayments: api } = consoleEndpoints;

export const codesKey = ['admin', 'codes'] as const;
export const redemptionsKey = (id: number, page: number) => ['admin', 'codes', id, page] as const;
export const ordersKey = ['admin', 'orders'] as const;
export const orderKey = (id: string) => ['admin', 'order', id] as const;

export const fetchCodes = (page: number, signal?: AbortSignal) =>
  call(api.codes, { query: { page }, signal });
export const createCode = (body: DiscountCodeCreate) => call(api.createCode, { body });
export const disableCode = (id: number) => call(api.disableCode, { params: { id } });
export const fetchRedemptions = (id: number, page: number, signal?: AbortSignal) =>
  call(api.redemptions, { params: { id }, query: { page }, signal });
export const searchOrders = (q: string, page: number, signal?: AbortSignal) =>
  call(api.orders, { query: { q, page }, signal });
export const fetchOrder = (id: string, signal?: AbortSignal) => call(api.order, { params: { id }, signal });
export const refundOrder = (id: string, body: { amount?: number; reason: string }) =>
  call(api.refund, { params: { id }, body });
