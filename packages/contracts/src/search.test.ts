import { describe, expect, it } from 'vitest';
import {
  defaultFilters,
  filtersFromSearch,
  filtersToSearch,
  nicheGender,
  normalizeFilters,
  sameFilters,
} from './search.ts';

const site = (niche: number, countries = ['US'], geo = 'US') => ({
  niche,
  countries,
  geoip_selected_country: geo,
});

describe('search filter defaults (spec §3 search filter)', () => {
  it('starts a member from their own profile: whom they seek, their country, their age ± 10', () => {
    expect(defaultFilters(site(1), { seeking: 'female', country: 'US', age: 34 })).toEqual({
      gender: 'female',
      country: 'US',
      min_age: 24,
      max_age: 44,
    });
    expect(defaultFilters(site(1), { seeking: 'both', country: 'US', age: 40 })).toEqual({
      country: 'US',
      min_age: 30,
      max_age: 50,
    });
  });

  it('keeps the age range within 18-99', () => {
    expect(defaultFilters(site(1), { seeking: 'male', country: 'US', age: 19 })).toMatchObject({
      min_age: 18,
      max_age: 29,
    });
    expect(defaultFilters(site(1), { seeking: 'male', country: 'US', age: 95 })).toMatchObject({
      min_age: 85,
      max_age: 99,
    });
  });

  it('uses a site country when the member lives elsewhere', () => {
    expect(defaultFilters(site(1, ['NL', 'BE']), { seeking: 'male', country: 'BE', age: 30 }).country).toBe(
      'BE',
    );
    expect(defaultFilters(site(1, ['NL', 'BE']), { seeking: 'male', country: 'FR', age: 30 }).country).toBe(
      'NL',
    );
  });

  it('starts a visitor from the niche: men on the gay site, women elsewhere', () => {
    expect(nicheGender(7)).toBe('male');
    expect(nicheGender(2)).toBe('female');
    expect(nicheGender(1)).toBe('female');
    expect(defaultFilters(site(7), null)).toEqual({
      gender: 'male',
      country: 'US',
      min_age: 18,
      max_age: 99,
    });
    expect(defaultFilters(site(2), null)).toEqual({
      gender: 'female',
      country: 'US',
      min_age: 18,
      max_age: 99,
    });
    expect(defaultFilters(site(5), null)).toMatchObject({ gender: 'female', min_age: 55 });
    expect(defaultFilters(site(6), null)).toMatchObject({ min_age: 35, max_age: 60 });
  });

  it("takes the visitor's chosen country when the site serves it", () => {
    expect(defaultFilters(site(1, ['DE', 'AT', 'CH'], 'CH'), null).country).toBe('CH');
    expect(defaultFilters(site(1, ['DE', 'AT', 'CH'], 'US'), null).country).toBe('DE');
  });
});

describe('filters in the URL', () => {
  it('round-trips every filter', () => {
    const f = { gender: 'male' as const, country: 'US', countryregion: 'New York', min_age: 25, max_age: 40 };
    const qs = filtersToSearch(f);
    expect(qs).toBe('gender=male&country=US&countryregion=New+York&min_age=25&max_age=40');
    expect(filtersFromSearch(qs)).toEqual(f);
    expect(filtersFromSearch(new URLSearchParams(qs))).toEqual(f);
  });

  it('reads no filters from a URL without any (the defaults apply)', () => {
    expect(filtersFromSearch('')).toBeNull();
    expect(filtersFromSearch('?utm_source=x&sub1=y')).toBeNull();
  });

  it('reads a partial URL as "any" for what it leaves out', () => {
    expect(filtersFromSearch('?gender=female')).toEqual({ gender: 'female', min_age: 18, max_age: 99 });
    expect(filtersToSearch({ min_age: 18, max_age: 99 })).toBe('min_age=18&max_age=99');
  });

  it('ignores garbage and repairs ranges', () => {
    expect(
      filtersFromSearch('?gender=robot&country=usa&min_age=abc&max_age=500&countryregion=%20%20'),
    ).toEqual({ min_age: 18, max_age: 99 });
    expect(filtersFromSearch('?min_age=50&max_age=30')).toEqual({ min_age: 30, max_age: 50 });
    expect(filtersFromSearch('?country=us&min_age=10')).toEqual({ country: 'US', min_age: 18, max_age: 99 });
  });

  it('drops a region without its country', () => {
    expect(normalizeFilters({ countryregion: 'Texas', min_age: 20, max_age: 30 })).toEqual({
      min_age: 20,
      max_age: 30,
    });
    expect(filtersFromSearch('?countryregion=Texas')).toEqual({ min_age: 18, max_age: 99 });
  });

  it('tells equal searches apart from different ones', () => {
    expect(sameFilters({ min_age: 30, max_age: 20 }, { min_age: 20, max_age: 30 })).toBe(true);
    expect(sameFilters({ min_age: 20, max_age: 30, gender: 'male' }, { min_age: 20, max_age: 30 })).toBe(
      false,
    );
  });
});
