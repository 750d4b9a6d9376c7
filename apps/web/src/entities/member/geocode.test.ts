import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../test/helpers.ts';
import {
  GEOCODE_TTL_MS,
  geocodeCacheKey,
  lookupPlace,
  matchRegion,
  permissionFrom,
  readGeocodeCache,
  writeGeocodeCache,
} from './geocode.ts';

const NYC = { country: 'US', region: 'New York', city: 'New York' };

describe('geocode cache (spec §9: up to 1 hour)', () => {
  it('keys by position rounded to about a kilometre', () => {
    expect(geocodeCacheKey(40.7128, -74.006)).toBe('amora.geocode.40.71,-74.01');
    expect(geocodeCacheKey(40.7149, -74.0061)).toBe(geocodeCacheKey(40.7128, -74.006));
    expect(geocodeCacheKey(0, 0)).toBe('amora.geocode.0.00,0.00');
  });

  it('returns a result for an hour, then forgets it', () => {
    const s = memoryStorage();
    writeGeocodeCache(s, 40.7128, -74.006, NYC, 1_000);
    expect(readGeocodeCache(s, 40.7128, -74.006, 1_000 + GEOCODE_TTL_MS - 1)).toEqual(NYC);
    expect(readGeocodeCache(s, 40.7128, -74.006, 1_000 + GEOCODE_TTL_MS)).toBeUndefined();
    expect(s.length).toBe(0);
  });

  it('remembers a failure as false', () => {
    const s = memoryStorage();
    writeGeocodeCache(s, 1, 2, false, 0);
    expect(readGeocodeCache(s, 1, 2, 10)).toBe(false);
  });

  it('survives garbage, clocks in the past and no storage', () => {
    const s = memoryStorage();
    s.setItem(geocodeCacheKey(1, 2), '{nope');
    expect(readGeocodeCache(s, 1, 2, 0)).toBeUndefined();
    s.setItem(geocodeCacheKey(1, 2), JSON.stringify({ at: 'x', result: NYC }));
    expect(readGeocodeCache(s, 1, 2, 0)).toBeUndefined();
    writeGeocodeCache(s, 1, 2, NYC, 5_000);
    expect(readGeocodeCache(s, 1, 2, 1_000)).toBeUndefined();
    expect(readGeocodeCache(undefined, 1, 2)).toBeUndefined();
    expect(() => writeGeocodeCache(undefined, 1, 2, NYC)).not.toThrow();
  });
});

describe('lookupPlace', () => {
  it('asks the server once per hour with the rounded position', async () => {
    const s = memoryStorage();
    const fetchPlace = vi.fn(async () => NYC);
    let now = 0;
    expect(await lookupPlace(40.7128, -74.006, fetchPlace, s, () => now)).toEqual(NYC);
    expect(fetchPlace).toHaveBeenCalledWith(40.71, -74.01);
    now = GEOCODE_TTL_MS - 1;
    expect(await lookupPlace(40.713, -74.0059, fetchPlace, s, () => now)).toEqual(NYC);
    expect(fetchPlace).toHaveBeenCalledTimes(1);
    now = GEOCODE_TTL_MS + 5;
    await lookupPlace(40.7128, -74.006, fetchPlace, s, () => now);
    expect(fetchPlace).toHaveBeenCalledTimes(2);
  });

  it('stores false when the call fails or answers nonsense', async () => {
    const s = memoryStorage();
    const failing = vi.fn(async () => {
      throw new Error('offline');
    });
    expect(await lookupPlace(10, 20, failing, s, () => 0)).toBe(false);
    expect(readGeocodeCache(s, 10, 20, 1)).toBe(false);
    expect(await lookupPlace(10, 20, failing, s, () => 2)).toBe(false);
    expect(failing).toHaveBeenCalledTimes(1);
    const odd = vi.fn(async () => ({ nope: true }) as never);
    expect(await lookupPlace(30, 40, odd, s, () => 0)).toBe(false);
  });
});

describe('geolocation permission and regions', () => {
  it('maps browser permission states to the five of spec §3', () => {
    expect(permissionFrom('granted', true)).toBe('granted');
    expect(permissionFrom('denied', true)).toBe('denied');
    expect(permissionFrom('prompt', true)).toBe('prompt');
    expect(permissionFrom(undefined, true)).toBe('unknown');
    expect(permissionFrom('granted', false)).toBe('unsupported');
  });

  it("finds the site's spelling of a region", () => {
    const regions = ['New York', 'Zürich', 'Noord-Holland'];
    expect(matchRegion(regions, 'new york')).toBe('New York');
    expect(matchRegion(regions, 'Zurich')).toBe('Zürich');
    expect(matchRegion(regions, 'Bavaria')).toBeNull();
    expect(matchRegion(regions, null)).toBeNull();
  });
});
