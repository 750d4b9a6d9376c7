import { hasTrafficSource, parseTracking, type Tracking } from '@amora/contracts/rules';

export { hasTrafficSource };

/**
 * Where the browser remembers the visitor's traffic source (spec §3 tracking record). The server
 * keeps the same record in its own httpOnly cookie (apps/server/src/platform/tracking.ts), taken
 * on the first page load, and that one counts at signup; this copy serves when cookies are off
 * and tells the pages a source is known.
 */
export const TRACKING_KEY = 'amora.tracking';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** Keeps only the known fields, cleaned as the server cleans them. */
function clean(value: unknown): Tracking {
  if (!value || typeof value !== 'object') return {};
  return parseTracking(value as Record<string, unknown>);
}

/**
 * First touch wins (as on the server): a stored record with a source stays, whatever later URLs
 * carry (the partner who brought the visitor is the one credited); without one, the URL's record
 * is taken.
 */
export function mergeTracking(stored: Tracking, incoming: Tracking): Tracking {
  return hasTrafficSource(stored) ? clean(stored) : clean(incoming);
}

/** The tracking parameters of a query string (aliases and braces handled by parseTracking). */
export function trackingFromSearch(search: string): Tracking {
  const params = new URLSearchParams(search);
  const query: Record<string, string> = {};
  for (const [k, v] of params) if (!(k in query)) query[k] = v;
  return parseTracking(query);
}

export function readTracking(storage: Store | undefined = safeLocalStorage()): Tracking {
  if (!storage) return {};
  try {
    return clean(JSON.parse(storage.getItem(TRACKING_KEY) ?? 'null'));
  } catch {
    return {};
  }
}

/** Remembers the tracking parameters of this URL (if none is kept yet) and returns the record now kept. */
export function captureTracking(search: string, storage: Store | undefined = safeLocalStorage()): Tracking {
  const stored = readTracking(storage);
  const incoming = trackingFromSearch(search);
  const merged = mergeTracking(stored, incoming);
  if (storage && !hasTrafficSource(stored) && hasTrafficSource(incoming)) {
    try {
      storage.setItem(TRACKING_KEY, JSON.stringify(merged));
    } catch {
      // storage full or disabled: the record lives for this page only
    }
  }
  return merged;
}

function safeLocalStorage(): Store | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
