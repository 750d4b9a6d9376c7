import { type Catalog, DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '@amora/i18n';
import de from '@amora/i18n/locales/de.json' with { type: 'json' };
import en from '@amora/i18n/locales/en.json' with { type: 'json' };
import es from '@amora/i18n/locales/es.json' with { type: 'json' };
import fr from '@amora/i18n/locales/fr.json' with { type: 'json' };
import it from '@amora/i18n/locales/it.json' with { type: 'json' };
import nl from '@amora/i18n/locales/nl.json' with { type: 'json' };
import pl from '@amora/i18n/locales/pl.json' with { type: 'json' };
import i18next, { type i18n } from 'i18next';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, Trans as I18nextTrans } from 'react-i18next';
import { describe, expect, it as test } from 'vitest';
import { I18nProvider, type TOptions, Trans, Translations } from './translation.ts';

const catalogs: Record<Locale, Catalog> = { en, nl, de, it, fr, es, pl };
const COUNTS = [0, 1, 2, 5, 22];

/** i18next as the app set it up before (app/i18n.ts): these catalogs, English the fallback. */
function i18nextWith(locale: Locale, loaded: Locale[]): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources: Object.fromEntries(loaded.map((l) => [l, { translation: catalogs[l] }])),
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

function ours(locale: Locale, loaded: Locale[]): Translations {
  const t = new Translations(locale, catalogs[locale]);
  for (const l of loaded) if (l !== locale) t.addResourceBundle(l, 'translation', catalogs[l]);
  return t;
}

/** Every text's key with the text. */
function leaves(catalog: Catalog, prefix = ''): [string, string][] {
  return Object.entries(catalog).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );
}

/** Sample values for a text's `{{names}}`: a string, a number, an empty string in turn. */
function samples(text: string, i: number): TOptions {
  const names = [...text.matchAll(/\{\{(.+?)\}\}/g)].map((m) => (m[1] as string).trim());
  const pick = [(n: string) => `<${n} & $1 $$>`, () => 42, () => ''];
  return Object.fromEntries(names.map((n, j) => [n, pick[(i + j) % pick.length]!(n)]));
}

// Every key of every catalog (one a language lacks included) and each plural family's base key,
// with all the texts it has in any language (for the names of their values).
const allKeys = new Map<string, string>([['no.such.key', '']]);
for (const c of Object.values(catalogs)) {
  for (const [k, text] of leaves(c)) {
    for (const key of [k, k.replace(/_(zero|one|two|few|many|other)$/, '')]) {
      allKeys.set(key, `${allKeys.get(key) ?? ''} ${text}`);
    }
  }
}

describe('the browser t renders every text as i18next does', () => {
  // The browser's first load holds one language; after a switch, English may be loaded too.
  const setups = LOCALE_CODES.flatMap((l) => [
    { locale: l, loaded: [l] },
    ...(l === DEFAULT_LOCALE ? [] : [{ locale: l, loaded: [l, DEFAULT_LOCALE] }]),
  ]);
  test.each(setups)('$locale with $loaded loaded', ({ locale, loaded }) => {
    const reference = i18nextWith(locale, loaded);
    const small = ours(locale, loaded);
    let compared = 0;
    for (const [key, text] of allKeys) {
      const calls: TOptions[] = [
        {},
        samples(text, 0),
        samples(text, 1),
        ...COUNTS.map((count, i) => ({ ...samples(text, i), count })),
        { defaultValue: 'Default {{x}}', x: 'y' },
        { count: 3, defaultValue: 'n' },
      ];
      for (const options of calls) {
        expect(small.t(key, options), `${key} ${JSON.stringify(options)}`).toBe(reference.t(key, options));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1500 * 9);
  });

  test('values: given as undefined or null is empty, not given stays, dotted names reach in', () => {
    const reference = i18nextWith('en', ['en']);
    const small = ours('en', ['en']);
    const key = 'settings.email.sent';
    for (const options of [
      { email: undefined },
      { email: null },
      {},
      { other: 1 },
      { email: 0 },
      { email: false },
    ]) {
      expect(small.t(key, options)).toBe(reference.t(key, options));
    }
    const cases: [string, TOptions][] = [
      ['{{a.b}} {{ a }} {{c}}', { a: { b: 'deep' } }],
      ['{{a}} {{a}}', { a: '{{a}}' }],
    ];
    for (const [defaultValue, values] of cases) {
      expect(small.t('missing', { defaultValue, ...values })).toBe(
        reference.t('missing', { defaultValue, ...values }),
      );
    }
  });

  test('added texts (the console catalog) are found; exists and language follow', async () => {
    const small = ours('pl', ['pl']);
    const { admin, ...pages } = catalogs.pl;
    const t = new Translations('pl', pages);
    expect(t.exists('admin.core.title')).toBe(false);
    t.addResourceBundle('pl', 'translation', { admin: admin as Catalog }, true, true);
    expect(t.exists('admin.core.title')).toBe(true);
    expect(t.t('admin.core.title')).toBe(small.t('admin.core.title'));
    expect(t.t('nav.search')).toBe(small.t('nav.search'));
    t.addResourceBundle('de', 'translation', catalogs.de);
    await t.changeLanguage('de');
    expect(t.language).toBe('de');
    expect(t.t('admin.core.title')).toBe(i18nextWith('de', ['de']).t('admin.core.title'));
  });
});

describe('Trans renders the texts with elements as react-i18next does', () => {
  const uses: [string, TOptions, Record<string, ReactElement>][] = [
    ['auth.reset.sent', { email: 'ann@example.com' }, { strong: createElement('strong') }],
    ['signup.complete.sentTo', { email: 'ann@example.com' }, { strong: createElement('strong') }],
    ['settings.email.current', { email: 'ann@example.com' }, { strong: createElement('strong') }],
    [
      'signup.didYouMean',
      { email: 'ann@gmail.com' },
      { fix: createElement('button', { type: 'button', className: 'link-button' }) },
    ],
    [
      'signup.legal',
      { min_age: 18 },
      {
        terms: createElement('a', { href: '/pages/terms', target: '_blank' }),
        privacy: createElement('a', { href: '/pages/privacy', target: '_blank' }),
      },
    ],
  ];
  test.each(LOCALE_CODES)('%s', (locale) => {
    for (const [i18nKey, values, components] of uses) {
      const reference = renderToStaticMarkup(
        createElement(
          I18nextProvider,
          { i18n: i18nextWith(locale, [locale]) },
          createElement(I18nextTrans, { i18nKey, values, components }),
        ),
      );
      const small = renderToStaticMarkup(
        createElement(
          I18nProvider,
          { i18n: ours(locale, [locale]) },
          createElement(Trans, { i18nKey, values, components }),
        ),
      );
      expect(small, `${locale} ${i18nKey}`).toBe(reference);
      expect(small).toMatch(/<\/(strong|button|a)>/);
    }
  });
});
