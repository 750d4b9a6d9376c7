import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { onAuthenticationRequired } from '../../api/client.ts';
import { userKey, useUserQuery } from '../../api/queries.ts';
import { endedElsewhere } from './api.ts';
import { redirectFor } from './redirects.ts';

/**
 * The member is ending their own session on purpose (account deletion) and this tab is leaving
 * for the page that says so: until it gets there, the session's end (the socket closing, a 403
 * from a call in flight) is expected, not a reason to redirect to login or log out to '/'.
 */
let leaving: string | null = null;
export function leavingFor(path: string): void {
  leaving = path || null;
}

/**
 * Renders the page, or a redirect when this visitor may not see it. After a login the user query
 * changes and this guard does the navigation, so there is one place that decides where to go.
 */
export function AuthGuard({ children }: { children: React.ReactNode }) {
  const { pathname, search } = useLocation();
  const { data: user, isSuccess } = useUserQuery();
  const client = useQueryClient();
  // Spec §8: a 403 authentication_required from any call but user.php (the session ended behind
  // the tab's back) logs the member out here: what this tab kept goes (unsent texts, the socket,
  // the user), then a full load of '/' (spec §2: logout goes to '/') clears the rest from memory.
  // No logout call: the session has ended, and the cookie may be a newer session (endedElsewhere).
  // The call that met it never hears of it (api/client.ts).
  useEffect(
    () =>
      onAuthenticationRequired(() => {
        if (!client.getQueryData(userKey) || leaving) return false;
        client.setQueryData(userKey, null);
        endedElsewhere();
        window.location.assign('/');
        return true;
      }),
    [client],
  );
  // Arrived, and the user reloaded as gone: from here a 403 is news again. Until then a call that
  // was in flight (polling, a socket's catch-up) may still meet the ended session.
  if (leaving && pathname === leaving && isSuccess && !user) leaving = null;
  const target = isSuccess && !leaving ? redirectFor(pathname, search, !!user) : null;
  if (target && target !== pathname + search) return <Navigate to={target} replace />;
  return children;
}
