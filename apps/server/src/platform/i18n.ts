import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { type Catalog, DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '@amora/i18n';
import de from '@amora/i18n/locales/de.json' with { type: 'json' };
import en from '@amora/i18n/locales/en.json' with { type: 'json' };
import es from '@amora/i18n/locales/es.json' with { type: 'json' };
import fr from '@amora/i18n/locales/fr.json' with { type: 'json' };
import it from '@amora/i18n/locales/it.json' with { type: 'json' };
import nl from '@amora/i18n/locales/nl.json' with { type: 'json' };
import pl from '@amora/i18n/locales/pl.json' with { type: 'json' };
import i18next, { type i18n, type TFunction } from 'i18next';
import { mailCatalogs } from './mail/catalogs.ts';

/** All catalogs, loaded once on the server (the browser loads one locale lazily). */
export const catalogs: Record<Locale, Catalog> = { en, nl, de, it, fr, es, pl };

let instance: i18n | undefined;

/**
 * One shared i18next instance with every locale; per-request work uses getFixedT. Two
 * namespaces: `translation` (the pages' and errors' catalogs) and `mail` (the e-mail catalogs,
 * which the browser never downloads).
 */
export function serverI18n(): i18n {
  if (instance) return instance;
  instance = i18next.createInstance();
  void instance.init({
    resources: Object.fromEntries(
      LOCALE_CODES.map((l) => [l, { translation: catalogs[l], mail: mailCatalogs[l] }]),
    ),
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

/** The e-mail catalogs' texts in one language (platform/mail). */
export function mailTFor(locale: Locale): TFunction<'mail'> {
  return serverI18n().getFixedT(locale, 'mail');
}

/** A locale's catalog as the browser fetches it: JSON under a name with its content hash. */
export interface CatalogFile {
  /**
   * The address, /i18n/<locale>-<hash>.json, or /i18n/<locale>-console-<hash>.json for the
   * console's part (cached for good: a new catalog is a new name).
   */
  url: string;
  json: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Which part of a catalog: 'pages' for every member and visitor page (all texts but the operator
 * console's `admin.*`), 'console' the console's `admin.*` alone, which only /admin pages fetch
 * (18 % of the catalog: 4.6 of 21.4 KiB gzip in English).
 */
export type CatalogPart = 'pages' | 'console';

const catalogFileCache = new Map<string, CatalogFile>();

function catalogPart(locale: Locale, part: CatalogPart): Catalog {
  const { admin, ...pages } = catalogs[locale];
  return part === 'console' ? { admin: admin ?? {} } : pages;
}

/**
 * The page's catalog travels as a file of its own, not inside every page's HTML: fetched while
 * the scripts load (the head preloads it), kept by the browser and CDNs across pages. Compressed
 * once per process (brotli 11, gzip 9). The console's texts are a second file (CatalogPart).
 */
export function catalogFile(locale: Locale, part: CatalogPart = 'pages'): CatalogFile {
  const key = `${locale}:${part}`;
  let file = catalogFileCache.get(key);
  if (!file) {
    const json = Buffer.from(JSON.stringify(catalogPart(locale, part)));
    const hash = createHash('sha256').update(json).digest('base64url').slice(0, 10);
    file = {
      url: `/i18n/${locale}-${part === 'console' ? 'console-' : ''}${hash}.json`,
      json,
      br: brotliCompressSync(json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(json, { level: 9 }),
    };
    catalogFileCache.set(key, file);
  }
  return file;
}
