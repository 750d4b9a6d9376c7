import type { Settings } from '@amora/contracts';
import { isoTag, type Locale } from '@amora/i18n';
import { useTranslation } from '../../app/translation.ts';

export type RegionLabel = 'province' | 'state' | 'canton' | 'voivodeship' | 'region';

/** The regions a site lists for a country, with their label (spec §3: province, state, canton...). */
export function regionsOf(
  settings: Pick<Settings, 'region_data'>,
  country: string | undefined,
): { label: RegionLabel; regions: string[] } | null {
  if (!country) return null;
  const data = settings.region_data[country];
  return data ? { label: data.label, regions: data.regions } : null;
}

/**
 * Country names by language, kept for the page's life: a page of cards names the same few
 * countries again and again, and each card asked ICU anew (about 0.5 ms a lookup on a phone's
 * CPU, the first one more, 24 cards on a search page, all in hydration's one task). The names the
 * server sent with the page (`seedCountryNames`) come first; the browser's ICU data is opened only
 * for a country they do not name (building it is most of the cost).
 */
const countryNames = new Map<string, (code: string) => string>();
const seeded = new Map<string, Record<string, string>>();

/** The country names the page came with (BootState.countryNames), in its language. */
export function seedCountryNames(language: string, names: Record<string, string> | undefined): void {
  if (names) seeded.set(language, { ...seeded.get(language), ...names });
  countryNames.delete(language);
}

function countryNamesIn(language: string): (code: string) => string {
  let lookup = countryNames.get(language);
  if (!lookup) {
    let names: Intl.DisplayNames | null | undefined;
    const known = new Map<string, string>(Object.entries(seeded.get(language) ?? {}));
    lookup = (code: string) => {
      let name = known.get(code);
      if (name === undefined) {
        if (names === undefined) names = regionNames(language);
        try {
          name = names?.of(code) ?? code;
        } catch {
          name = code;
        }
        known.set(code, name);
      }
      return name;
    };
    countryNames.set(language, lookup);
  }
  return lookup;
}

function regionNames(language: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([isoTag(language as Locale)], { type: 'region' });
  } catch {
    return null;
  }
}

/** The names of `codes` in `language`, as a page's cards and filters show them (the server's side of the seed). */
export function countryNamesOf(language: string, codes: readonly string[]): Record<string, string> {
  const lookup = countryNamesIn(language);
  return Object.fromEntries(codes.map((c) => [c, lookup(c)]));
}

/** Country names in the page's language (from the browser's own data: nothing to translate). */
export function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  return countryNamesIn(i18n.language);
}

/** "City, Region, Country" without the parts that are missing or repeated. */
export function placeLine(parts: (string | null | undefined)[]): string {
  const out: string[] = [];
  for (const p of parts) {
    const v = p?.trim();
    if (v && !out.some((o) => o.toLowerCase() === v.toLowerCase())) out.push(v);
  }
  return out.join(', ');
}
