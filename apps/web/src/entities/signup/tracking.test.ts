import { describe, expect, it } from 'vitest';
import {
  captureTracking,
  hasTrafficSource,
  mergeTracking,
  readTracking,
  trackingFromSearch,
} from './tracking.ts';

function memoryStorage(init: Record<string, string> = {}) {
  const m = new Map(Object.entries(init));
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    dump: () => Object.fromEntries(m),
  };
}

describe('tracking capture (spec §3, §9)', () => {
  it('reads aliases and strips braces', () => {
    expect(trackingFromSearch('?network={adnet}&aff_sub=abc&sub2=%7Bx%7D&ref=r1&utm_source=zz')).toEqual({
      network: 'adnet',
      sub1: 'abc',
      sub2: 'x',
      ref: 'r1',
    });
    // The first alias in TRACKING_ALIASES order wins.
    expect(trackingFromSearch('?sub1=two&sub=one')).toEqual({ sub1: 'one' });
    expect(trackingFromSearch('')).toEqual({});
  });

  it('stores the parameters of a landing URL and keeps them on later pages', () => {
    const storage = memoryStorage();
    expect(captureTracking('?network=n1&sub=s1', storage)).toEqual({ network: 'n1', sub1: 's1' });
    expect(captureTracking('?page=2', storage)).toEqual({ network: 'n1', sub1: 's1' });
    expect(readTracking(storage)).toEqual({ network: 'n1', sub1: 's1' });
  });

  it('keeps the first source (first touch wins, as on the server)', () => {
    const storage = memoryStorage();
    captureTracking('?network=n1&sub1=s1&sub3=z', storage);
    expect(captureTracking('?network=n2', storage)).toEqual({ network: 'n1', sub1: 's1', sub3: 'z' });
    expect(readTracking(storage)).toEqual({ network: 'n1', sub1: 's1', sub3: 'z' });
    expect(mergeTracking({ ref: 'a' }, {})).toEqual({ ref: 'a' });
    expect(mergeTracking({ ref: 'a' }, { sub2: 'b' })).toEqual({ ref: 'a' });
    expect(mergeTracking({}, { sub2: 'b' })).toEqual({ sub2: 'b' });
  });

  it('survives garbage in storage and knows when a traffic source exists', () => {
    expect(readTracking(memoryStorage({ 'amora.tracking': '{not json' }))).toEqual({});
    expect(readTracking(memoryStorage({ 'amora.tracking': '{"network":5,"ref":"ok","evil":"x"}' }))).toEqual({
      ref: 'ok',
    });
    expect(readTracking(undefined)).toEqual({});
    expect(hasTrafficSource({})).toBe(false);
    expect(hasTrafficSource({ sub3: 'x' })).toBe(true);
  });
});
