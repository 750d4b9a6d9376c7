import { loggedOutSearchVisible } from '@amora/contracts/rules';
import { useEffect, useState } from 'react';
import { useSettings, useUser } from '../../api/queries.ts';
import { hasTrafficSource, readTracking } from '../accounts/tracking.ts';

/** Visitors with a stored traffic source may search when the traffic-source setting allows it (read after mounting). */
function useTrafficSource(): boolean {
  const [has, setHas] = useState(false);
  useEffect(() => setHas(hasTrafficSource(readTracking())), []);
  return has;
}

/**
 * Whether this viewer may see search results: members always; visitors as the site's logged-out
 * search setting says (spec §3), which may let in those who came from a traffic source.
 */
export function useSearchAllowed(): boolean {
  const settings = useSettings();
  const user = useUser();
  const trafficSource = useTrafficSource();
  return !!user || loggedOutSearchVisible(settings, false, trafficSource);
}
