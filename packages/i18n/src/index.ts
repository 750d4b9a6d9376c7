/** Locales of spec §3: code, iso tag, gif locale. Default and fallback en; no URL prefix. */
export const LOCALES = [
  { code: 'en', iso: 'en-US', gif: 'en_US', name: 'English' },
  { code: 'nl', iso: 'nl-NL', gif: 'nl_NL', name: 'Nederlands' },
  { code: 'de', iso: 'de-DE', gif: 'de_DE', name: 'Deutsch' },
  { code: 'it', iso: 'it-IT', gif: 'it_IT', name: 'Italiano' },
  { code: 'fr', iso: 'fr-FR', gif: 'fr_FR', name: 'Français' },
  { code: 'es', iso: 'es-ES', gif: 'es_ES', name: 'Español' },
  { code: 'pl', iso: 'pl-PL', gif: 'pl_PL', name: 'Polski' },
] as const;

export type Locale = (typeof LOCALES)[number]['code'];
export const LOCALE_CODES: readonly Locale[] = LOCALES.map((l) => l.code);
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_COOKIE = 'i18n_locale';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export function isLocale(v: unknown): v is Locale {
  return typeof v === 'string' && (LOCALE_CODES as readonly string[]).includes(v);
}

export function isoTag(locale: Locale): string {
  return LOCALES.find((l) => l.code === locale)?.iso ?? 'en-US';
}

/** Locale per country for the language dropdown (spec §9). */
export const COUNTRY_LOCALES: Record<string, Locale[]> = {
  US: ['en', 'es'],
  NL: ['nl'],
  BE: ['nl', 'fr', 'de'],
  FR: ['fr'],
  IT: ['it'],
  ES: ['es'],
  DE: ['de'],
  AT: ['de'],
  IE: ['en'],
  GB: ['en'],
  CA: ['en', 'fr'],
  PL: ['pl'],
  AU: ['en'],
  NZ: ['en'],
  CH: ['de', 'it', 'fr', 'en'],
};

/**
 * The locale used when a request has none chosen: the cookie if valid, else the first two
 * letters of the site's domain language when supported, else en (spec §4).
 */
export function resolveLocale(cookieValue: string | undefined, domainLanguage: string): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  const fromDomain = domainLanguage.slice(0, 2).toLowerCase();
  return isLocale(fromDomain) ? fromDomain : DEFAULT_LOCALE;
}

/**
 * Locales the language dropdown offers (spec §9): all of them for a logged-out visitor whose
 * geoip and selected country differ; otherwise the current locale, the country's locales and
 * the browser language, in that order, without duplicates.
 */
export function dropdownLocales(opts: {
  current: Locale;
  loggedIn: boolean;
  geoipCountry: string;
  selectedCountry: string;
  browserLanguage?: string;
}): Locale[] {
  if (
    !opts.loggedIn &&
    opts.geoipCountry &&
    opts.selectedCountry &&
    opts.geoipCountry !== opts.selectedCountry
  ) {
    return [...LOCALE_CODES];
  }
  const out: Locale[] = [opts.current];
  for (const l of COUNTRY_LOCALES[opts.geoipCountry] ?? []) if (!out.includes(l)) out.push(l);
  const browser = opts.browserLanguage?.slice(0, 2).toLowerCase();
  if (isLocale(browser) && !out.includes(browser)) out.push(browser);
  return out;
}

/** Home country assumed for a site language when no geoip information is available. */
export function defaultCountryFor(domainLanguage: string): string {
  const region = domainLanguage.split('-')[1];
  if (region) return region.toUpperCase();
  return (
    { en: 'US', nl: 'NL', de: 'DE', it: 'IT', fr: 'FR', es: 'ES', pl: 'PL' }[domainLanguage.slice(0, 2)] ??
    'US'
  );
}

/** Support phone display (spec §9): US numbers hyphenated without +1; links strip dashes and spaces. */
export function formatSupportPhone(phone: string, country: string): { display: string; href: string } {
  const href = `tel:${phone.replace(/[-\s]/g, '')}`;
  if (country === 'US') {
    const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
    if (digits.length === 10) {
      return { display: `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`, href };
    }
  }
  return { display: phone, href };
}

export type Catalog = { [key: string]: string | Catalog };

/** Lazily loads one locale's catalog (one chunk per locale in the browser bundle). */
export const catalogLoaders: Record<Locale, () => Promise<Catalog>> = {
  en: () => import('../locales/en.json').then((m) => m.default as Catalog),
  nl: () => import('../locales/nl.json').then((m) => m.default as Catalog),
  de: () => import('../locales/de.json').then((m) => m.default as Catalog),
  it: () => import('../locales/it.json').then((m) => m.default as Catalog),
  fr: () => import('../locales/fr.json').then((m) => m.default as Catalog),
  es: () => import('../locales/es.json').then((m) => m.default as Catalog),
  pl: () => import('../locales/pl.json').then((m) => m.default as Catalog),
};

export * from './lander-slug.ts';
export * from './pages.ts';
