import {
  type Catalog,
  catalogLoaders,
  DEFAULT_LOCALE,
  isoTag,
  LOCALE_CODES,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  type Locale,
} from '@amora/i18n';
import i18next, { type i18n } from 'i18next';
import { useTranslation } from 'react-i18next';

/** An i18next instance holding the one catalog the page needs; others load on demand. */
export function createI18n(locale: Locale, catalog: Catalog): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { [locale]: { translation: catalog } },
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALE_CODES],
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
    react: { useSuspense: false },
  });
  return instance;
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

/** Locale-aware formatting of dates, numbers and prices. */
export function useFormat() {
  const { i18n } = useTranslation();
  const tag = isoTag(i18n.language as Locale);
  return {
    locale: i18n.language as Locale,
    date: (d: Date | string, opts: Intl.DateTimeFormatOptions = { dateStyle: 'long' }) =>
      new Intl.DateTimeFormat(tag, { timeZone: 'UTC', ...opts }).format(
        typeof d === 'string' ? new Date(d) : d,
      ),
    number: (n: number) => new Intl.NumberFormat(tag).format(n),
    price: (amount: number, currency: string) =>
      new Intl.NumberFormat(tag, { style: 'currency', currency }).format(amount),
  };
}
