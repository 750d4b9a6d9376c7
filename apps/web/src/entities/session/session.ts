import type { User } from '@amora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { userKey } from '../../api/queries.ts';
import { logout } from './api.ts';

/** Puts the member the server answered with into the ['user'] query (login, e-mail change...). */
export function useSetUser() {
  const client = useQueryClient();
  return useCallback((user: User | null) => void client.setQueryData(userKey, user), [client]);
}

/**
 * Asks the server again who is logged in once the page opens: for pages reached after the session
 * changed behind the app's back (an activation link logged the member in, a deletion ended it), so
 * that the banner and the navigation know.
 */
export function useRefreshUserOnMount() {
  const client = useQueryClient();
  useEffect(() => {
    void client.invalidateQueries({ queryKey: userKey });
  }, [client]);
}

/**
 * Logout (spec §2: logout goes to '/'). A full page load rather than a client navigation: every
 * cached private thing (conversations, likes, the profile) leaves memory with the session, which
 * matters on a shared computer.
 */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSettled: () => window.location.assign('/'),
  });
}
