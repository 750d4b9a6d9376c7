import { LIKE_TYPES, type LikeType } from '@amora/contracts/rules';

/** Value import of the contracts: only for lazy route modules (the likes page). */

/** The likes page a path shows: the overview, one of the like states, or null (not a likes page: 404). */
export function likeTypeFromPath(pathname: string): LikeType | 'all' | null {
  const m = pathname.replace(/\/+$/, '').match(/^\/likes(?:\/([^/]+))?$/);
  if (!m) return null;
  if (m[1] === undefined) return 'all';
  return (LIKE_TYPES as readonly string[]).includes(m[1]) ? (m[1] as LikeType) : null;
}

/** Cards shown per section on the overview before "Show all". */
export const OVERVIEW_LIMIT = 8;
