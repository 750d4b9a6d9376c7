import { type Catalog, DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '@amora/i18n';
import de from '@amora/i18n/locales/de.json' with { type: 'json' };
import en from '@amora/i18n/locales/en.json' with { type: 'json' };
import es from '@amora/i18n/locales/es.json' with { type: 'json' };
import fr from '@amora/i18n/locales/fr.json' with { type: 'json' };
import it from '@amora/i18n/locales/it.json' with { type: 'json' };
import nl from '@amora/i18n/locales/nl.json' with { type: 'json' };
import pl from '@amora/i18n/locales/pl.json' with { type: 'json' };
import i18next, { type i18n, type TFunction } from 'i18next';

/** All catalogs, loaded once on the server (the browser loads one locale lazily). */
export const catalogs: Record<Locale, Catalog> = { en, nl, de, it, fr, es, pl };

let instance: i18n | undefined;

/** One shared i18next instance with every locale; per-request work uses getFixedT. */
export function serverI18n(): i18n {
  if (instance) return instance;
  instance = i18next.createInstance();
  void instance.init({
    resources: Object.fromEntries(LOCALE_CODES.map((l) => [l, { translation: catalogs[l] }])),
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALE_CODES],
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
    returnNull: false,
  });
  return instance;
}

export function tFor(locale: Locale): TFunction {
  return serverI18n().getFixedT(locale);
}
