import { describe, expect, it } from 'vitest';
import { hasTrafficSource, parseTracking, signupsOpen, TRACKING_MAX_LENGTH } from './rules.ts';

describe('parseTracking (spec §3 tracking record, §9 parameters)', () => {
  it('maps every alias to its field', () => {
    expect(parseTracking({ network: 'n', ref: 'r', sub: 'a', sub2: 'b', sub3: 'c' })).toEqual({
      network: 'n',
      ref: 'r',
      sub1: 'a',
      sub2: 'b',
      sub3: 'c',
    });
    expect(parseTracking({ aff_sub: 'a', aff_sub2: 'b', aff_sub3: 'c' })).toEqual({
      sub1: 'a',
      sub2: 'b',
      sub3: 'c',
    });
    expect(parseTracking({ sub1: 'x' })).toEqual({ sub1: 'x' });
  });

  it('lets the first alias of a field win', () => {
    expect(parseTracking({ sub1: 'two', sub: 'one', aff_sub: 'three' })).toEqual({ sub1: 'one' });
    expect(parseTracking({ aff_sub2: 'later', sub2: 'first' })).toEqual({ sub2: 'first' });
    // An empty first alias does not hide the next one.
    expect(parseTracking({ sub: '{}', sub1: 'real' })).toEqual({ sub1: 'real' });
  });

  it('strips braces and control characters, trims', () => {
    expect(parseTracking({ network: '{adnet}', sub2: ' {x}y{z} ' })).toEqual({
      network: 'adnet',
      sub2: 'xyz',
    });
    expect(parseTracking({ ref: 'a\u0000b\nc\u007f' })).toEqual({ ref: 'abc' });
    expect(parseTracking({ network: '{}', ref: '   ' })).toEqual({});
  });

  it('bounds lengths', () => {
    const t = parseTracking({ network: 'x'.repeat(5000) });
    expect(t.network).toHaveLength(TRACKING_MAX_LENGTH);
  });

  it('ignores garbage: unknown names, non-strings, prototype keys', () => {
    expect(parseTracking({ utm_source: 'u', page: '2', evil: 'x' })).toEqual({});
    expect(
      parseTracking({ network: 5, ref: ['a'], sub1: { a: 1 }, sub2: null } as Record<string, unknown>),
    ).toEqual({});
    expect(parseTracking(JSON.parse('{"__proto__":{"network":"p"},"constructor":"c"}'))).toEqual({});
    expect(parseTracking({})).toEqual({});
  });

  it('knows a source when any field is set; signups follow it', () => {
    expect(hasTrafficSource({})).toBe(false);
    expect(hasTrafficSource({ sub3: 'x' })).toBe(true);
    expect(signupsOpen('all', false)).toBe(true);
    expect(signupsOpen('with_trafficsource', false)).toBe(false);
    expect(signupsOpen('with_trafficsource', true)).toBe(true);
    expect(signupsOpen('none', true)).toBe(false);
  });
});
