import type { OwnProfile } from '@amora/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { userKey } from '../../api/queries.ts';
import { fetchMember, fetchOwnProfile, memberKey, ownProfileKey } from './api.ts';

/** The member's own profile (members only: pass enabled=false for visitors). */
export function useOwnProfile(enabled = true) {
  return useQuery({ queryKey: ownProfileKey, queryFn: fetchOwnProfile, enabled, staleTime: 60_000 });
}

/**
 * Puts a fresh own profile (every profile and photo call answers with it) into the cache. The
 * navigation's name, country and thumbnail come from the user, so that is refreshed too.
 */
export function useSetOwnProfile() {
  const client = useQueryClient();
  return useCallback(
    (profile: OwnProfile, refreshUser = true) => {
      client.setQueryData(ownProfileKey, profile);
      if (refreshUser) void client.invalidateQueries({ queryKey: userKey });
      // Search defaults and results depend on the own profile (country, seeking, invisibility).
      void client.invalidateQueries({ queryKey: ['search'], refetchType: 'none' });
    },
    [client],
  );
}

export function useMember(id: string, wanted = true) {
  return useQuery({
    queryKey: memberKey(id),
    queryFn: () => fetchMember(id),
    staleTime: 60_000,
    enabled: wanted,
  });
}
