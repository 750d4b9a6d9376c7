import type { LanderPageData } from '@amora/contracts';
import { LANDER_KEY } from '@amora/contracts/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * The lander's data, as the server put it in the boot state (ssr.ts: landers.service). Landers are
 * pages people arrive on, so their data always comes with the HTML; none means the page is not
 * there (the server answered 404). After a navigation inside the app (the HTML was another page's)
 * the data is missing or another lander's: the page is loaded from the server once.
 */
export function useLanderData(): LanderPageData | undefined {
  const data = useQueryClient().getQueryData<LanderPageData>([...LANDER_KEY]);
  const inApp = typeof document !== 'undefined' && document.documentElement.dataset.hydrated === '1';
  const stale =
    inApp && (!data || !decodeURI(window.location.pathname).startsWith(data.canonical.replace(/\/$/, '')));
  useEffect(() => {
    if (stale) window.location.reload();
  }, [stale]);
  return stale ? undefined : data;
}
