import { useIsFetching } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { useUser } from '../api/queries.ts';
import { useRoutesLoading } from '../app/router.tsx';
import { AuthGuard } from '../entities/session/AuthGuard.tsx';
import { captureTracking } from '../entities/signup/tracking.ts';
import { useLiveChatLikesAndSession } from '../features/chat/useLiveChatLikesAndSession.ts';
import { usePushRuntime } from '../features/push/usePushRuntime.ts';
import { LoadingBar } from '../ui/LoadingBar.tsx';

/**
 * Wraps every layout: the loading bar, the auth redirects, tracking capture on any page load,
 * scroll to top, and the logged-in member's live connection (here, above the layouts, so moving
 * between the default and the chat layout keeps the one socket).
 */
export function RootLayout() {
  const user = useUser();
  useLiveChatLikesAndSession(user);
  usePushRuntime(user);
  const routeLoading = useRoutesLoading();
  const fetching = useIsFetching();
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    captureTracking(search);
  }, [search]);
  // A new page starts at the top; back and forward (POP) leave the browser's own restoration alone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the path changes
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return (
    <>
      <LoadingBar busy={routeLoading || fetching > 0} />
      <AuthGuard>
        <Outlet />
      </AuthGuard>
    </>
  );
}
