/**
 * The browser's translations: a small `t` over the same catalog files the server's i18next reads,
 * in place of i18next and react-i18next (15 KiB gzip of every page, issue 16 item 6). It does what
 * the catalogs use of i18next, the same way (translation.test.ts renders every key of every
 * catalog with both): nested keys with dots, `{{name}}` values, plurals by `Intl.PluralRules`
 * (`key_one`, `key_few`, `key_many`, `key_other`, and `key_zero` for a count of 0), a fallback to
 * English when English is loaded, `defaultValue`, the key itself when nothing matches, and
 * `<tag>text</tag>` in a text for `Trans`. The server renders pages with this same code, so the
 * HTML and the browser's first render agree; it keeps i18next for mail.
 */

import { PageFormats } from '@amora/contracts/intl';
import { type Catalog, DEFAULT_LOCALE, type Locale } from '@amora/i18n';
import {
  cloneElement,
  createContext,
  createElement,
  Fragment,
  type ReactElement,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { valueAt } from './dotted-path.ts';

/** A text's values (`{{name}}`), `count` for plurals, `defaultValue` when the key is missing. */
export type TOptions = { count?: number; defaultValue?: string; [name: string]: unknown };
export type TFunction = (key: string, options?: TOptions) => string;

const rules = new Map<string, Intl.PluralRules>();
function pluralCategory(locale: string, count: number): string {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  return rule.select(count);
}

/**
 * `{{name}}` becomes the value (a dotted name reaches into an object); null or an undefined value
 * given becomes ''; a name not given stays as written. Values are not read again for `{{}}`.
 */
export function interpolate(text: string, values: TOptions): string {
  return text.replace(/\{\{(.+?)\}\}/g, (whole, inner: string) => {
    const name = inner.trim().replace(/^-\s*/, '');
    const value = Object.hasOwn(values, name) ? values[name] : valueAt(values, name);
    if (value === undefined) return Object.hasOwn(values, name) ? '' : whole;
    return value === null ? '' : String(value);
  });
}

/** The app's translations: one catalog per loaded language, the page's language, and `t`. */
export class Translations {
  private readonly catalogs = new Map<Locale, Catalog>();
  private readonly listeners = new Set<() => void>();

  constructor(
    public language: Locale,
    catalog: Catalog,
    /** The page's dates, numbers and prices as written (the server's, given to the browser). */
    readonly formats: PageFormats = new PageFormats(),
  ) {
    this.catalogs.set(language, catalog);
  }

  private resolve(key: string, options: TOptions | undefined, locale: Locale): unknown {
    const count = options?.count;
    const plural = count !== undefined && typeof count !== 'string';
    for (const code of locale === DEFAULT_LOCALE ? [locale] : [locale, DEFAULT_LOCALE]) {
      const catalog = this.catalogs.get(code);
      if (!catalog) continue;
      const keys = plural ? [`${key}_${pluralCategory(code, count as number)}`, key] : [key];
      if (count === 0) keys.unshift(`${key}_zero`);
      for (const k of keys) {
        const value = valueAt(catalog, k);
        if (value !== undefined && value !== null) return value;
      }
    }
    return undefined;
  }

  /** The text of `key` in the page's language (or `locale`), its values filled in. */
  t: TFunction = (key, options) => this.fixed(this.language)(key, options);

  /** A `t` for one language (what `useTranslation` hands out until the language changes). */
  fixed(locale: Locale): TFunction {
    return (key, options) => interpolate(this.text(key, options, locale), options ?? {});
  }

  /** The text of `key` as the catalog has it, before its values are filled in. */
  text(key: string, options: TOptions | undefined, locale: Locale = this.language): string {
    const text = this.resolve(key, options, locale) ?? options?.defaultValue ?? key;
    return typeof text === 'string' ? text : `key '${key} (${locale})' returned an object instead of string.`;
  }

  exists(key: string): boolean {
    return this.resolve(key, undefined, this.language) !== undefined;
  }

  hasResourceBundle(locale: Locale, _ns = 'translation'): boolean {
    return this.catalogs.has(locale);
  }

  /** Adds texts to a language's catalog (deep, overwriting), as i18next's addResourceBundle does. */
  addResourceBundle(locale: Locale, _ns: string, texts: object, _deep = true, _overwrite = true): void {
    this.catalogs.set(locale, merge(this.catalogs.get(locale) ?? {}, texts as Catalog));
  }

  async changeLanguage(locale: Locale): Promise<void> {
    this.language = locale;
    for (const l of this.listeners) l();
  }

  /** Calls `listener` after each change of language; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

function merge(into: Catalog, from: Catalog): Catalog {
  const out: Catalog = { ...into };
  for (const [k, v] of Object.entries(from)) {
    const old = out[k];
    out[k] = typeof v === 'object' && typeof old === 'object' ? merge(old, v) : v;
  }
  return out;
}

/** react-i18next's name for it; the app's code keeps `const { i18n } = useTranslation()`. */
export type i18n = Translations;

interface Context {
  t: TFunction;
  i18n: Translations;
}
const TranslationContext = createContext<Context | null>(null);

export function I18nProvider({ i18n, children }: { i18n: Translations; children?: ReactNode }) {
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => i18n.subscribe(() => setLanguage(i18n.language)), [i18n]);
  const value = useMemo(() => ({ t: i18n.fixed(language), i18n }), [i18n, language]);
  return createElement(TranslationContext.Provider, { value }, children);
}

/** `t` in the page's language and the translations; a component re-renders when the language changes. */
export function useTranslation(): Context {
  const context = useContext(TranslationContext);
  if (!context) throw new Error('useTranslation outside I18nProvider');
  return context;
}

/**
 * A text with elements in it: `<name>inner</name>` in the text becomes `components[name]` with
 * the inner text as its children (react-i18next's Trans with named components, which is how the
 * catalogs use it). Tags are read from the catalog's text before values are filled in, so a value
 * never turns into markup.
 */
export function Trans({
  i18nKey,
  values = {},
  components = {},
}: {
  i18nKey: string;
  values?: TOptions;
  components?: Record<string, ReactElement>;
}) {
  const { i18n } = useTranslation();
  const template = i18n.text(i18nKey, values);
  const nodes: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>/gs;
  let at = 0;
  for (let m = tag.exec(template); m; m = tag.exec(template)) {
    if (m.index > at) nodes.push(interpolate(template.slice(at, m.index), values));
    const element = components[m[1] as string];
    const inner = interpolate(m[2] as string, values);
    nodes.push(element ? cloneElement(element, { key: nodes.length }, inner) : inner);
    at = m.index + m[0].length;
  }
  if (at < template.length) nodes.push(interpolate(template.slice(at), values));
  return createElement(Fragment, null, ...nodes);
}
