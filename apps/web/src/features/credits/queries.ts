import type { OrderDetail, User } from '@amora/contracts';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userKey, useUser } from '../../api/queries.ts';
import { FRESH_PER_VISIT_MS } from '../../app/query-client.ts';
import {
  fetchOrder,
  fetchOrders,
  fetchPricing,
  fetchStored,
  orderKey,
  ordersListKey,
  pricingKey,
  storedKey,
} from '../../entities/credits/api.ts';
import { isWaiting } from './logic.ts';

/**
 * The pricing query of a visitor or member, with a discount code (members only) or without. Prices
 * with a code are asked fresh each time (a code may have been used meanwhile).
 */
export function pricingQuery(userId: string | null, code?: string | null) {
  const c = (userId && code?.trim().toUpperCase()) || null;
  return {
    queryKey: c ? ([...pricingKey(userId), c] as const) : pricingKey(userId),
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchPricing(signal, c ?? undefined),
    staleTime: c ? 0 : 5 * 60_000,
  };
}

/** Packages, prices and methods for this visitor's or member's country (with `code`: as it lowers them). */
export function usePricing(code?: string | null) {
  const user = useUser();
  return useQuery(pricingQuery(user?.id ?? null, code));
}

/**
 * Prices with a discount code where the server accepts it; otherwise the prices without it and
 * the code's error ('Code not found', 'Code already used', expired...) to say where it was entered.
 */
export function useCodePricing(code: string | null) {
  const base = usePricing();
  const coded = usePricing(code);
  if (!code || coded.isError) return { pricing: base, codeError: code ? coded.error : null };
  return { pricing: coded, codeError: null };
}

/** The member's stored card and direct-debit mandate (fresh each time a page asks: a payment may have stored one). */
export function useStoredMethods(userId: string | undefined) {
  return useQuery({
    queryKey: storedKey(userId ?? ''),
    enabled: !!userId,
    queryFn: ({ signal }) => fetchStored(signal),
    staleTime: 0,
  });
}

/** The member's orders, newest first, page by page ('Show more' loads the next cursor). */
export function useOrders(userId: string | undefined, enabled = true) {
  return useInfiniteQuery({
    queryKey: ordersListKey(userId ?? ''),
    enabled: !!userId && enabled,
    queryFn: ({ pageParam, signal }) => fetchOrders(pageParam, signal),
    // null, not undefined: the page the server put into the HTML comes as JSON (pageParams [null]).
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** While the bank has not answered, the return page asks again this often (and listens on the socket). */
export const ORDER_POLL_MS = 3_000;

/** One order with the member's balance and the seller's details; polled while it waits for the bank. */
export function useOrder(userId: string | undefined, id: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKey(userId ?? '', id),
    enabled: !!userId && enabled,
    queryFn: ({ signal }) => fetchOrder(id, signal),
    staleTime: FRESH_PER_VISIT_MS,
    refetchInterval: (q) => (q.state.data && isWaiting(q.state.data.order.status) ? ORDER_POLL_MS : false),
  });
}

/**
 * When an order's answer shows another balance or premium state than the cached member, the
 * member reloads: the credits badge and the Credits / Get Premium entry follow without a reload.
 */
export function useUserFollowsOrder(detail: OrderDetail | undefined) {
  const client = useQueryClient();
  const credits = detail?.user.credits;
  const paid = detail?.user.paid_user;
  useEffect(() => {
    if (credits === undefined) return;
    const cached = client.getQueryData<User | null>(userKey);
    if (cached && (cached.credits !== credits || cached.paid_user !== paid)) {
      void client.invalidateQueries({ queryKey: userKey });
    }
  }, [client, credits, paid]);
}
