import { useQuery } from '@tanstack/react-query';
import { useUser } from '../../api/queries.ts';
import { useNavPolling } from '../push/nav-polling.ts';
import { fetchLikes, likesKey } from './api.ts';

/** The member's likes (members only). Pages that show likes load them at once. */
export function useLikes(wanted = true) {
  const user = useUser();
  return useQuery({
    queryKey: likesKey(user?.id ?? ''),
    queryFn: ({ signal }) => fetchLikes(signal),
    enabled: !!user && wanted,
    staleTime: 30_000,
  });
}

/**
 * The navigation's subscription: spec §4/§9 polling, the first refresh 5 s after load, then every
 * 60 s while logged in. A login changes the key (per member), so the new member's likes load.
 */
export function useLikesPolling() {
  const user = useUser();
  return useQuery({
    queryKey: likesKey(user?.id ?? ''),
    queryFn: ({ signal }) => fetchLikes(signal),
    staleTime: 30_000,
    ...useNavPolling(),
  });
}
