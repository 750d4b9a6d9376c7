import type { PageFormats } from '@amora/contracts/intl';
import {
  type Catalog,
  catalogLoaders,
  isoTag,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  type Locale,
} from '@amora/i18n';
import { type i18n, Translations, useTranslation } from './translation.ts';

/** The page's translations, holding the one catalog it needs (others load on demand), and its formats. */
export function createI18n(locale: Locale, catalog: Catalog, formats?: PageFormats): i18n {
  return new Translations(locale, catalog, formats);
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

/** Locale-aware formatting of dates, numbers and prices (as the page's server wrote them: contracts intl.ts PageFormats). */
export function useFormat() {
  const { i18n } = useTranslation();
  const tag = isoTag(i18n.language as Locale);
  return {
    locale: i18n.language as Locale,
    date: (d: Date | string, opts: Intl.DateTimeFormatOptions = { dateStyle: 'long' }) =>
      i18n.formats.date(tag, typeof d === 'string' ? new Date(d) : d, { timeZone: 'UTC', ...opts }),
    number: (n: number) => i18n.formats.number(tag, n),
    price: (amount: number, currency: string) =>
      i18n.formats.number(tag, amount, { style: 'currency', currency }),
    percent: (fraction: number) => i18n.formats.number(tag, fraction, { style: 'percent' }),
  };
}
