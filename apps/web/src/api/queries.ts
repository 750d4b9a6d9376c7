import type { FeaturedMembers, Settings } from '@amora/contracts';
import { FEATURED_LIMIT } from '@amora/contracts/rules';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

export const settingsKey = ['settings'] as const;

/** Site settings; always present (the server puts them in the boot state). */
export function useSettings(): Settings {
  const { data } = useQuery({
    queryKey: settingsKey,
    queryFn: () => api<Settings>('/api/settings.php', { headers: { 'x-request-type': 'client' } }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!data) throw new Error('settings missing from boot state');
  return data;
}

export function useFeaturedMembers() {
  return useQuery({
    queryKey: ['members', 'featured'],
    queryFn: () => api<FeaturedMembers>('/api/members/featured', { query: { limit: FEATURED_LIMIT } }),
    staleTime: 60_000,
  });
}
