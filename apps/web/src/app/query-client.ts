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
