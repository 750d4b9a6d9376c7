import type { Settings, User } from '@amora/contracts';
import { endpoints } from '@amora/contracts/endpoints';
import { FEATURED_LIMIT, pageDataKey } from '@amora/contracts/rules';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { usePushState } from '../entities/push/push-state.ts';
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
const fetchUser = async () =>
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
