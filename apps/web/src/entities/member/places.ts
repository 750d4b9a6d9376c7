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
 * CPU, the first one more, 24 cards on a search page, all in hydration's one task).
 */
const countryNames = new Map<string, (code: string) => string>();

function countryNamesIn(language: string): (code: string) => string {
  let lookup = countryNames.get(language);
  if (!lookup) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([isoTag(language as Locale)], { type: 'region' });
    } catch {
      names = null;
    }
    const known = new Map<string, string>();
    lookup = (code: string) => {
      let name = known.get(code);
      if (name === undefined) {
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
