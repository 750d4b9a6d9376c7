import { authRedirect, safeRedirect } from '@amora/contracts/rules';

/**
 * Where the auth redirects of spec §2 send this visitor, for client-side navigations (the server
 * does the same during SSR). On /login a member goes where the login was asked for.
 */
export function redirectFor(pathname: string, search: string, loggedIn: boolean): string | null {
  if (loggedIn && pathname === '/login') {
    return safeRedirect(new URLSearchParams(search).get('redirect'));
  }
  return authRedirect(pathname, search, loggedIn);
}
