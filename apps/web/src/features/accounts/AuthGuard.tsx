import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { onAuthenticationRequired } from '../../api/client.ts';
import { useUserQuery } from '../../api/queries.ts';
import { redirectFor } from './redirects.ts';
import { useSetUser } from './session.ts';

/**
 * Renders the page, or a redirect when this visitor may not see it. After a login the user query
 * changes and this guard does the navigation, so there is one place that decides where to go.
 */
export function AuthGuard({ children }: { children: React.ReactNode }) {
  const { pathname, search } = useLocation();
  const { data: user, isSuccess } = useUserQuery();
  const setUser = useSetUser();
  // Spec §8: a 403 authentication_required from any call but user.php logs the member out here.
  useEffect(() => onAuthenticationRequired(() => setUser(null)), [setUser]);
  const target = isSuccess ? redirectFor(pathname, search, !!user) : null;
  if (target && target !== pathname + search) return <Navigate to={target} replace />;
  return children;
}
