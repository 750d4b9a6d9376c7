import { useIsFetching } from '@tanstack/react-query';
import { Outlet, useNavigation } from 'react-router';
import { LoadingBar } from '../ui/LoadingBar.tsx';

/** Wraps every layout: the loading bar follows route loads and API fetches. */
export function RootLayout() {
  const navigation = useNavigation();
  const fetching = useIsFetching();
  return (
    <>
      <LoadingBar busy={navigation.state !== 'idle' || fetching > 0} />
      <Outlet />
    </>
  );
}
