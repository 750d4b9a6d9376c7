import type { Settings } from '@amora/contracts';
import { isoTag, type Locale } from '@amora/i18n';
import { useMemo } from 'react';
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

/** Country names in the page's language (from the browser's own data: nothing to translate). */
export function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([isoTag(i18n.language as Locale)], { type: 'region' });
    } catch {
      names = null;
    }
    return (code: string) => {
      try {
        return names?.of(code) ?? code;
      } catch {
        return code;
      }
    };
  }, [i18n.language]);
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
