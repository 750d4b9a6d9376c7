import { useLocation } from 'react-router';

/** The login path that brings the visitor back to this page afterwards. */
export function useLoginHref(): string {
  const { pathname, search } = useLocation();
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}
