import type { SearchResult } from '@amora/contracts';
import { type SearchFilters as Filters, searchKey } from '@amora/contracts/search';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { useUser } from '../../api/queries.ts';
import { searchMembers } from './api.ts';

/**
 * The search's results, a page at a time. Pages are kept in the query cache per filter set (and
 * viewer), so a trip to a profile and back shows the same pages. Asked only once the filters are
 * known and the viewer may search.
 */
export function useSearchResults(filters: Filters | null, qs: string, allowed: boolean) {
  const user = useUser();
  return useInfiniteQuery<
    SearchResult,
    Error,
    InfiniteData<SearchResult, string | null>,
    readonly unknown[],
    string | null
  >({
    queryKey: searchKey(qs, user?.id ?? null),
    queryFn: ({ pageParam, signal }) => searchMembers(filters!, pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: !!filters && allowed,
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
  });
}
