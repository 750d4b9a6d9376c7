import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useUser } from '../../api/queries.ts';
import { fetchLikes, likesKey } from './api.ts';
import { LIKES_FIRST_POLL_MS, LIKES_POLL_MS } from './logic.ts';

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
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), LIKES_FIRST_POLL_MS);
    return () => clearTimeout(timer);
  }, []);
  return useQuery({
    queryKey: likesKey(user?.id ?? ''),
    queryFn: ({ signal }) => fetchLikes(signal),
    enabled: !!user && started,
    staleTime: 30_000,
    refetchInterval: user ? LIKES_POLL_MS : false,
  });
}
