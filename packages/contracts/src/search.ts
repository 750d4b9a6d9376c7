/**
 * The members' search filter (spec §3) as the search page and the server's render of it both read
 * it: from the URL, else the viewer's defaults; its query string is the page's cache key. No zod
 * (`@amora/contracts/search`): the search page imports it.
 */
import type { OwnProfile } from './profiles.ts';
import { AGE_SPREAD, MAX_AGE, MIN_AGE } from './rules.ts';
import type { Settings } from './settings.ts';

/** The search filter of spec §3: gender, country, region, age range (absent = any). */
export interface SearchFilters {
  gender?: 'male' | 'female';
  country?: string;
  countryregion?: string;
  min_age: number;
  max_age: number;
}

/** Query parameters of /members (and of GET /api/search), in the order they are written. */
export const FILTER_PARAMS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;

const clampAge = (n: number) => Math.min(MAX_AGE, Math.max(MIN_AGE, Math.round(n)));

function ageParam(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,3}$/.test(raw.trim())) return undefined;
  return clampAge(Number(raw));
}

/** Puts the age range in order (a swapped range is read as meant) and within 18-99. */
export function normalizeFilters(f: SearchFilters): SearchFilters {
  let min = clampAge(f.min_age);
  let max = clampAge(f.max_age);
  if (min > max) [min, max] = [max, min];
  const out: SearchFilters = { min_age: min, max_age: max };
  if (f.gender) out.gender = f.gender;
  if (f.country) {
    out.country = f.country;
    // A region only means something inside its country.
    if (f.countryregion?.trim()) out.countryregion = f.countryregion.trim();
  }
  return out;
}

/**
 * The filters a URL carries, or null when it carries none (then the defaults apply). A URL with
 * any filter parameter is the whole filter: what it leaves out means "any", so a shared link
 * shows the same search to everyone who opens it.
 */
export function filtersFromSearch(search: string | URLSearchParams): SearchFilters | null {
  const p = typeof search === 'string' ? new URLSearchParams(search) : search;
  if (!FILTER_PARAMS.some((k) => p.has(k))) return null;
  const gender = p.get('gender');
  const country = p.get('country')?.trim().toUpperCase();
  const region = p.get('countryregion')?.trim().slice(0, 100);
  return normalizeFilters({
    gender: gender === 'male' || gender === 'female' ? gender : undefined,
    country: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
    countryregion: region || undefined,
    min_age: ageParam(p.get('min_age')) ?? MIN_AGE,
    max_age: ageParam(p.get('max_age')) ?? MAX_AGE,
  });
}

/** The query string for filters (no leading '?'); the age range is always written, so it is never empty. */
export function filtersToSearch(f: SearchFilters): string {
  const n = normalizeFilters(f);
  const p = new URLSearchParams();
  if (n.gender) p.set('gender', n.gender);
  if (n.country) p.set('country', n.country);
  if (n.countryregion) p.set('countryregion', n.countryregion);
  p.set('min_age', String(n.min_age));
  p.set('max_age', String(n.max_age));
  return p.toString();
}

/**
 * Whom a visitor sees first, by the site's niche (spec §2/§3 niches): the gay site shows men;
 * the she (women for women), bdsm, bbw, gilf, milf and plain sites show women.
 */
export function nicheGender(niche: number): 'male' | 'female' {
  return niche === 7 ? 'male' : 'female';
}

/** Age range a visitor starts with, by niche: gilf and milf sites are about older women. */
export function nicheAges(niche: number): { min_age: number; max_age: number } {
  if (niche === 5) return { min_age: 55, max_age: MAX_AGE };
  if (niche === 6) return { min_age: 35, max_age: 60 };
  return { min_age: MIN_AGE, max_age: MAX_AGE };
}

type DefaultsSettings = Pick<Settings, 'niche' | 'countries' | 'geoip_selected_country'>;
type DefaultsProfile = Pick<OwnProfile, 'seeking' | 'country' | 'age'>;

/** A site country: the wanted one when the site serves it, else the site's first. */
function siteCountry(settings: DefaultsSettings, wanted: string | undefined): string | undefined {
  if (wanted && settings.countries.includes(wanted)) return wanted;
  return settings.countries[0];
}

/**
 * The search a page starts with when its URL has no filters: for a member from their own profile
 * (whom they seek, their country, their age ± 10), for a visitor from the site's niche and the
 * visitor's country.
 */
export function defaultFilters(settings: DefaultsSettings, profile: DefaultsProfile | null): SearchFilters {
  if (profile) {
    return normalizeFilters({
      gender: profile.seeking === 'both' ? undefined : profile.seeking,
      country: siteCountry(settings, profile.country),
      min_age: profile.age - AGE_SPREAD,
      max_age: profile.age + AGE_SPREAD,
    });
  }
  return normalizeFilters({
    gender: nicheGender(settings.niche),
    country: siteCountry(settings, settings.geoip_selected_country),
    ...nicheAges(settings.niche),
  });
}

/** The filters as the API query (without cursor and limit). */
export function filtersToQuery(f: SearchFilters) {
  const n = normalizeFilters(f);
  return {
    gender: n.gender,
    country: n.country,
    countryregion: n.countryregion,
    min_age: n.min_age,
    max_age: n.max_age,
  };
}

/** Same search? (for cache keys and for telling whether the page shows the defaults). */
export function sameFilters(a: SearchFilters, b: SearchFilters): boolean {
  return filtersToSearch(a) === filtersToSearch(b);
}

/** Cards per page of results. */
export const SEARCH_PAGE_SIZE = 24;

/**
 * The query key of a search's pages: per filter set (spec §4: results stored page by page, so
 * leaving for a profile and coming back shows the pages already loaded) and viewer (a member's id,
 * else 'visitor'). The server fills the first page under it when it renders /members.
 */
export const searchKey = (filtersQuery: string, viewerId: string | null) =>
  ['search', filtersQuery, viewerId ?? 'visitor'] as const;

/** The search API's query for the first page of `f` (the page asks the next ones with a cursor). */
export function firstPageQuery(f: SearchFilters) {
  return { ...filtersToQuery(f), limit: SEARCH_PAGE_SIZE };
}
