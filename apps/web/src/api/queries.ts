import type { Settings, User } from '@amora/contracts';
import { endpoints } from '@amora/contracts/endpoints';
import { FEATURED_LIMIT, pageDataKey } from '@amora/contracts/rules';
import { useQuery } from '@tanstack/react-query';
import { call } from './client.ts';

export const settingsKey = ['settings'] as const;

/** Site settings; always present (the server puts them in the boot state). */
export function useSettings(): Settings {
  const { data } = useQuery({
    queryKey: settingsKey,
    queryFn: () => call(endpoints.sites.settings, { headers: { 'x-request-type': 'client' } }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!data) throw new Error('settings missing from boot state');
  return data;
}

export function useFeaturedMembers() {
  return useQuery({
    queryKey: pageDataKey({ kind: 'featured' }),
    queryFn: () => call(endpoints.members.featured, { query: { limit: FEATURED_LIMIT } }),
    staleTime: 60_000,
  });
}

export const userKey = ['user'] as const;

/** GET /api/user.php: the logged-in member, or null for a visitor. */
export const fetchUser = async () =>
  (await call(endpoints.accounts.user, { headers: { 'x-request-type': 'client' } })).user;

/**
 * The logged-in member, or null for a visitor. The server puts it in the boot state, so the
 * first render already knows; GET /api/user.php refreshes it.
 */
export function useUser(): User | null {
  return useUserQuery().data ?? null;
}

/** The user query itself, for callers that must tell "visitor" from "not known yet" (auth redirects). */
export function useUserQuery() {
  return useQuery({
    queryKey: userKey,
    queryFn: fetchUser,
    staleTime: 60_000,
  });
}
