import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchUser, userKey, useUser } from '../../api/queries.ts';
import { usePushState } from './push-state.ts';

/**
 * Spec §4/§9 polling of the member, the chats and the likes: the first refresh 5 s after load,
 * then every 60 s, or every 300 s while push is subscribed (pushes tell of news then).
 */
export const NAV_FIRST_POLL_MS = 5_000;
export const NAV_POLL_MS = 60_000;
export const NAV_POLL_PUSH_MS = 300_000;

/** The polling interval: 300 s while this browser is subscribed to push, else 60 s. */
export function navPollMs(pushSubscribed: boolean): number {
  return pushSubscribed ? NAV_POLL_PUSH_MS : NAV_POLL_MS;
}

/** The polling options of the navigation's queries (user, chats, likes), while a member is logged in. */
export function useNavPolling(): { enabled: boolean; refetchInterval: number | false } {
  const user = useUser();
  const push = usePushState();
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), NAV_FIRST_POLL_MS);
    return () => clearTimeout(timer);
  }, []);
  const subscribed = typeof push.isSubscribed === 'object';
  return { enabled: !!user && started, refetchInterval: user ? navPollMs(subscribed) : false };
}

/** The navigation's subscription to the member (credits, premium, status), polled with chats and likes. */
export function useUserPolling() {
  return useQuery({
    queryKey: userKey,
    queryFn: fetchUser,
    staleTime: 30_000,
    ...useNavPolling(),
  });
}
