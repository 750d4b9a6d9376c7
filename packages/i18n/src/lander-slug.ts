import { isLocale, type Locale } from './index.ts';

/**
 * Landing-page slugs by niche (spec §2): niche 1 is the plain locale code, niches 2-7 put a
 * prefix before it ('she-', 'bdsm-', 'bbw-', 'gilf-', 'milf-', 'gay-'). 'auto' in a slug stands
 * for the visitor's locale, and English is written 'eng' ('en' is read as well).
 */
export const LANDER_NICHES = ['plain', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'] as const;
export type LanderNiche = (typeof LANDER_NICHES)[number];

export interface LanderSlug {
  niche: LanderNiche;
  locale: Locale;
}

const PREFIXED = new Set<string>(LANDER_NICHES.filter((n) => n !== 'plain'));

/**
 * Reads a lander's slug: no slug is the plain niche in the visitor's locale; an unknown one is
 * null (the page answers 404). Pure: the caller passes the visitor's locale for 'auto'.
 */
export function parseLanderSlug(slug: string | undefined, visitorLocale: Locale): LanderSlug | null {
  if (slug === undefined || slug === '') return { niche: 'plain', locale: visitorLocale };
  const s = slug.toLowerCase();
  const dash = s.indexOf('-');
  const prefix = dash === -1 ? '' : s.slice(0, dash);
  if (dash !== -1 && !PREFIXED.has(prefix)) return null;
  const niche = (dash === -1 ? 'plain' : prefix) as LanderNiche;
  const code = dash === -1 ? s : s.slice(dash + 1);
  const locale = code === 'auto' ? visitorLocale : code === 'eng' ? 'en' : code;
  return isLocale(locale) ? { niche, locale } : null;
}

/** The slug of a niche in a locale, as links write it ('she-eng', 'de'). */
export function landerSlug(niche: LanderNiche, locale: Locale): string {
  const code = locale === 'en' ? 'eng' : locale;
  return niche === 'plain' ? code : `${niche}-${code}`;
}
