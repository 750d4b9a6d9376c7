/** Where a demo member lives (country, region, city) and which naming tradition follows from it. */

import { REGION_DATA } from '../../features/profiles/regions.ts';
import { COUNTRY_LOCALES, type LocaleMix, REGION_LOCALES, REGION_POPULATION } from './content.ts';
import { type Rng, weighted } from './rng.ts';
import type { DemoLanguage, NameLocale } from './types.ts';

/** Weights of a region's cities by rank (REGION_DATA lists the capital or biggest first). */
const CITY_WEIGHTS = [3, 1.6, 1.2, 1, 0.9, 0.8];

/** The language mix of a region of a multilingual country; undefined elsewhere. */
function regionLocales(country: string, region: string): LocaleMix | undefined {
  return REGION_LOCALES[country]?.[region] ?? COUNTRY_LOCALES[country];
}

/**
 * A region weighted by population (square root) and, in multilingual countries, by how much it speaks
 * the site's language; then one of its cities, weighted by rank.
 */
export function placeFor(
  rng: Rng,
  country: string,
  language: DemoLanguage,
): { region: string; city: string } {
  const data = REGION_DATA[country];
  if (!data || data.regions.length === 0) return { region: '', city: '' };
  const pops = REGION_POPULATION[country] ?? {};
  const speaksSiteLanguage = (name: string) =>
    (regionLocales(country, name) ?? []).reduce((sum, [l, w]) => sum + (l === language ? w : 0), 0);
  const countryHasSiteLanguage = data.regions.some((r) => speaksSiteLanguage(r.name) > 0);
  const region = weighted(
    rng,
    data.regions.map(
      (r) =>
        [
          r,
          Math.sqrt(pops[r.name] ?? 1) * (countryHasSiteLanguage ? 0.25 + 3 * speaksSiteLanguage(r.name) : 1),
        ] as const,
    ),
  );
  const city = weighted(
    rng,
    region.cities.map((c, i) => [c, CITY_WEIGHTS[i] ?? 0.8] as const),
  );
  return { region: region.name, city };
}

/** One of the site's countries. */
export function countryFor(rng: Rng, countries: readonly string[]): string {
  if (countries.length === 1) return countries[0]!;
  // The first listed country is the site's home market: 60% of the members live there.
  const rest = 0.4 / (countries.length - 1);
  return weighted(
    rng,
    countries.map((c, i) => [c, i === 0 ? 0.6 : rest] as const),
  );
}

/** Which naming tradition a member from `country` (and `region`) follows on a site in `language`. */
export function nameLocaleFor(rng: Rng, country: string, region: string, language: DemoLanguage): NameLocale {
  const mix = regionLocales(country, region);
  if (mix) return weighted(rng, mix);
  switch (country) {
    case 'US':
    case 'GB':
    case 'IE':
    case 'AU':
    case 'NZ':
      return 'en';
    case 'NL':
      return 'nl';
    case 'DE':
    case 'AT':
      return 'de';
    case 'PL':
      return 'pl';
    case 'FR':
      return 'fr';
    case 'IT':
      return 'it';
    case 'ES':
      return 'es';
    default:
      return language;
  }
}
