import { endpoints } from '@amora/contracts/endpoints';
import { firstPageQuery, type SearchFilters } from '@amora/contracts/search';
import { call } from '../../api/client.ts';

export const searchMembers = (filters: SearchFilters, cursor: string | null, signal?: AbortSignal) =>
  call(endpoints.members.search, {
    query: { ...firstPageQuery(filters), cursor: cursor ?? undefined },
    signal,
  });
