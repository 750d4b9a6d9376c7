import type { OwnProfile } from '@amora/contracts';
import {
  defaultFilters,
  type SearchFilters as Filters,
  filtersFromSearch,
  filtersToSearch,
} from '@amora/contracts/search';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSettings, useUser } from '../../api/queries.ts';

/**
 * The filters of the search on screen: those in the URL (shareable, server-renderable); without
 * any, a member starts from their own profile and a visitor from the site's niche. Null while a
 * member's own profile is still loading. qs is the filters as a query string (the cache key).
 */
export function useSearchFilters(own: { data?: OwnProfile; isError: boolean }): {
  urlFilters: Filters | null;
  filters: Filters | null;
  qs: string;
} {
  const settings = useSettings();
  const user = useUser();
  const [params] = useSearchParams();
  const urlFilters = useMemo(() => filtersFromSearch(params), [params]);
  const filters: Filters | null = useMemo(() => {
    if (urlFilters) return urlFilters;
    if (!user) return defaultFilters(settings, null);
    if (own.data) return defaultFilters(settings, own.data);
    return own.isError ? defaultFilters(settings, null) : null;
  }, [urlFilters, user, settings, own.data, own.isError]);
  const qs = filters ? filtersToSearch(filters) : '';
  return { urlFilters, filters, qs };
}
