import { endpoints } from '@amora/contracts/endpoints';
import { call } from '../../api/client.ts';
import { filtersToQuery, type SearchFilters } from './filters.ts';

/** Cards per page of results. */
export const SEARCH_PAGE_SIZE = 24;

/**
 * Cache key of a search: pages are kept per filter set (spec §4: results stored page by page),
 * so leaving for a profile and coming back shows the pages already loaded.
 */
export const searchKey = (filtersQuery: string) => ['search', filtersQuery] as const;

export const searchMembers = (filters: SearchFilters, cursor: string | null, signal?: AbortSignal) =>
  call(endpoints.members.search, {
    query: { ...filtersToQuery(filters), cursor: cursor ?? undefined, limit: SEARCH_PAGE_SIZE },
    signal,
  });
