import { parseTracking, type Tracking } from '@amora/contracts/rules';

/** Where the visitor's traffic source is remembered between visits (spec §3 tracking record). */
export const TRACKING_KEY = 'amora.tracking';

const FIELDS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** Keeps only the known fields with non-empty string values. */
function clean(value: unknown): Tracking {
  const out: Tracking = {};
  if (!value || typeof value !== 'object') return out;
  for (const f of FIELDS) {
    const v = (value as Record<string, unknown>)[f];
    if (typeof v === 'string' && v.trim()) out[f] = v.trim().slice(0, 200);
  }
  return out;
}

export function hasTrafficSource(t: Tracking): boolean {
  return FIELDS.some((f) => !!t[f]);
}

/**
 * Last click wins: a URL carrying any tracking parameter is a new click and replaces the whole
 * stored record (sub ids of one network must not be credited to another); a URL without any
 * keeps what was stored.
 */
export function mergeTracking(stored: Tracking, incoming: Tracking): Tracking {
  return hasTrafficSource(incoming) ? clean(incoming) : clean(stored);
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

/** Remembers the tracking parameters of this URL (if any) and returns the record now stored. */
export function captureTracking(search: string, storage: Store | undefined = safeLocalStorage()): Tracking {
  const stored = readTracking(storage);
  const incoming = trackingFromSearch(search);
  const merged = mergeTracking(stored, incoming);
  if (storage && hasTrafficSource(incoming)) {
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
