/**
 * "Use my location" (spec §3 geolocation permission, §7 GET /api/geocode.php, §9 one-hour cache).
 * Pure pieces here; the component wires them to the browser.
 */

export interface Place {
  country: string;
  region: string | null;
  city: string | null;
}
/** What /api/geocode.php answers: a place, or false when it could not tell (spec §8: failure stores false). */
export type GeocodeResult = Place | false;

export type GeoPermission = 'granted' | 'denied' | 'prompt' | 'unsupported' | 'unknown';

/** Spec §9: a geolocation result is reused for up to 1 hour. */
export const GEOCODE_TTL_MS = 3_600_000;
const PREFIX = 'amora.geocode.';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Coordinates rounded to 2 decimals (about 1 km): the cache key, and all the server is told.
 * A town is all the form needs, and a coarse position is all that should leave the device.
 */
export function roundCoord(n: number): number {
  return Math.round(n * 100) / 100;
}

export function geocodeCacheKey(lat: number, lon: number): string {
  return `${PREFIX}${roundCoord(lat).toFixed(2)},${roundCoord(lon).toFixed(2)}`;
}

function isPlace(v: unknown): v is Place {
  if (!v || typeof v !== 'object') return false;
  const p = v as Record<string, unknown>;
  const optional = (x: unknown) => x === null || x === undefined || typeof x === 'string';
  return typeof p.country === 'string' && optional(p.region) && optional(p.city);
}

/** The cached result for these coordinates if younger than an hour; undefined when there is none. */
export function readGeocodeCache(
  storage: Store | undefined,
  lat: number,
  lon: number,
  now = Date.now(),
): GeocodeResult | undefined {
  if (!storage) return undefined;
  const key = geocodeCacheKey(lat, lon);
  try {
    const raw = storage.getItem(key);
    if (!raw) return undefined;
    const entry = JSON.parse(raw) as { at?: unknown; result?: unknown };
    const at = typeof entry.at === 'number' ? entry.at : Number.NaN;
    if (!(now - at >= 0 && now - at < GEOCODE_TTL_MS)) {
      storage.removeItem(key);
      return undefined;
    }
    if (entry.result === false) return false;
    if (isPlace(entry.result)) {
      return {
        country: entry.result.country,
        region: entry.result.region ?? null,
        city: entry.result.city ?? null,
      };
    }
    return undefined;
  } catch {
    return undefined;
  }
}

export function writeGeocodeCache(
  storage: Store | undefined,
  lat: number,
  lon: number,
  result: GeocodeResult,
  now = Date.now(),
): void {
  try {
    storage?.setItem(geocodeCacheKey(lat, lon), JSON.stringify({ at: now, result }));
  } catch {
    // storage full or disabled: the next click asks the server again
  }
}

/**
 * The place at these coordinates: from the cache when it is fresh, else from the server (asked with
 * the rounded position). A failed call counts as "no place" and is remembered as false for the hour.
 */
export async function lookupPlace(
  lat: number,
  lon: number,
  fetchPlace: (lat: number, lon: number) => Promise<GeocodeResult>,
  storage: Store | undefined,
  now: () => number = Date.now,
): Promise<GeocodeResult> {
  const cached = readGeocodeCache(storage, lat, lon, now());
  if (cached !== undefined) return cached;
  let result: GeocodeResult;
  try {
    result = await fetchPlace(roundCoord(lat), roundCoord(lon));
    if (result !== false && !isPlace(result)) result = false;
  } catch {
    result = false;
  }
  writeGeocodeCache(storage, lat, lon, result, now());
  return result;
}

/** Maps a PermissionStatus state (or its absence) to the states of spec §3. */
export function permissionFrom(state: string | undefined, supported: boolean): GeoPermission {
  if (!supported) return 'unsupported';
  if (state === 'granted' || state === 'denied' || state === 'prompt') return state;
  return 'unknown';
}

/** A region name as the site lists it (case and accents aside), or null when the site does not know it. */
export function matchRegion(regions: readonly string[], name: string | null): string | null {
  if (!name) return null;
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
  const want = fold(name);
  return regions.find((r) => fold(r) === want) ?? null;
}
