import {
  type Catalog,
  catalogLoaders,
  isoTag,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  type Locale,
} from '@amora/i18n';
import { type i18n, Translations, useTranslation } from './translation.ts';

/** The page's translations, holding the one catalog it needs; others load on demand. */
export function createI18n(locale: Locale, catalog: Catalog): i18n {
  return new Translations(locale, catalog);
}

/** Switches the language: loads the catalog chunk, remembers the choice for 365 days. */
export async function changeLocale(instance: i18n, locale: Locale): Promise<void> {
  if (!instance.hasResourceBundle(locale, 'translation')) {
    instance.addResourceBundle(locale, 'translation', await catalogLoaders[locale]());
  }
  const secure = location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
  document.cookie = `${LOCALE_COOKIE}=${locale}; max-age=${LOCALE_COOKIE_MAX_AGE_S}; path=/; samesite=lax${secure}`;
  await instance.changeLanguage(locale);
  document.documentElement.lang = locale;
}

/**
 * Formatters made once per language and options: building an Intl formatter opens ICU's data for
 * it, and a page of cards or prices asked for a new one per value, inside hydration's task.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function formatter<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let f = formatters.get(key) as F | undefined;
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}

/** Locale-aware formatting of dates, numbers and prices. */
export function useFormat() {
  const { i18n } = useTranslation();
  const tag = isoTag(i18n.language as Locale);
  return {
    locale: i18n.language as Locale,
    date: (d: Date | string, opts: Intl.DateTimeFormatOptions = { dateStyle: 'long' }) =>
      formatter(
        `date ${tag} ${JSON.stringify(opts)}`,
        () => new Intl.DateTimeFormat(tag, { timeZone: 'UTC', ...opts }),
      ).format(typeof d === 'string' ? new Date(d) : d),
    number: (n: number) => formatter(`number ${tag}`, () => new Intl.NumberFormat(tag)).format(n),
    price: (amount: number, currency: string) =>
      formatter(
        `price ${tag} ${currency}`,
        () => new Intl.NumberFormat(tag, { style: 'currency', currency }),
      ).format(amount),
  };
}
