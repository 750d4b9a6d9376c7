import { loggedOutSearchVisible } from '@amora/contracts/rules';
import { useSettings, useUser } from '../../api/queries.ts';

/**
 * Whether this viewer may see search results: members always; visitors as the site's logged-out
 * search setting says (spec §3), which may let in those who came from a traffic source. The source
 * is the one the server keeps (its cookie, told in settings.traffic_source), the same one the
 * search call is answered by, so the page and the server never disagree.
 */
export function useSearchAllowed(): boolean {
  const settings = useSettings();
  const user = useUser();
  return !!user || loggedOutSearchVisible(settings, false, settings.traffic_source);
}
