import { QueryClient } from '@tanstack/react-query';

/** Retries live in the API client (spec §7: 5 with exponential delay), not in the query layer. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * The staleTime of a query that a page asks afresh each time it opens, but whose answer the
 * server may have put into the page's HTML: not asked again while the page hydrates (the order on
 * the transaction page, the swipe stack), asked again on the next visit.
 */
export const FRESH_PER_VISIT_MS = 5_000;
