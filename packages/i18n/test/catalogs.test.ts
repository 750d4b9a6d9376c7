import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Catalog, LOCALE_CODES } from '../src/index.ts';
import { INFO_PAGES } from '../src/pages.ts';

const dir = path.resolve(import.meta.dirname, '..');
const read = (sub: string, l: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, sub, `${l}.json`), 'utf8'));

function flatten(c: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(c)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** What every language writes as English does (the FAQ, VAT, e-mail and Premium labels). */
const EVERY_LANGUAGE = ['footer.faq', 'footer.vat', 'info.emailLabel', 'nav.tab.premium'];

/**
 * Strings that are rightly the same as English in a language (names, codes, loanwords).
 * Keep this list short: every entry is a string a translator looked at and kept.
 */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  // 'Passkeys' is the word German and Dutch use (Apple, Google, Microsoft).
  de: [...EVERY_LANGUAGE, 'nav.logout', 'chat.gifts.cocktail', 'settings.passkeys.title'],
  nl: [
    ...EVERY_LANGUAGE,
    'errorPage.defaultMessage',
    'chat.gifts.price_one',
    'chat.gifts.price_other',
    'chat.gifts.cocktail',
    'chat.gifts.champagne',
    'settings.passkeys.title',
  ],
  fr: [...EVERY_LANGUAGE, 'chat.gifts.cocktail', 'chat.gifts.champagne'],
  es: [...EVERY_LANGUAGE, 'errorPage.defaultMessage', 'member.sexuality.bi'],
  it: [...EVERY_LANGUAGE, 'nav.logout', 'chat.gifts.cocktail', 'chat.gifts.champagne'],
  pl: EVERY_LANGUAGE,
};

/** The operator console's words that these languages use as English does (loanwords, labels). */
const CONSOLE_SAME_AS_ENGLISH: Record<string, string[]> = {
  de: [
    'admin.fictional.facts.premium',
    'admin.fictional.facts.credits',
    'admin.core.account.passkeysTitle',
    'admin.members.premium',
    'admin.members.credits',
    'admin.members.adjustDelta',
    'admin.payments.code',
    'admin.payments.stateLabel',
    'admin.sites.domain',
    'admin.sites.optional',
    'admin.sites.kind.text',
    'admin.fictional.kind',
    'admin.fictional.name',
    'admin.fictional.region',
  ],
  es: [
    'admin.members.premium',
    'admin.members.photoStatus.active',
    'admin.payments.personal',
    'admin.fictional.kind',
  ],
  fr: [
    'admin.fictional.facts.premium',
    'admin.members.premium',
    'admin.members.pages',
    'admin.members.page',
    'admin.members.email',
    'admin.members.photosTitle_one',
    'admin.members.photosTitle_other',
    'admin.members.photoStatus.active',
    'admin.members.ledgerReason.message',
    'admin.payments.code',
    'admin.payments.source.console',
    'admin.sites.nav',
    'admin.sites.title',
    'admin.sites.nicheN',
    'admin.sites.field.niche',
    'admin.fictional.messages',
    'admin.fictional.kind',
    'admin.fictional.conversationsN_one',
    'admin.fictional.conversationsN_other',
    'admin.fictional.photos',
    'admin.fictional.photoN',
  ],
  it: [
    'admin.fictional.facts.premium',
    'admin.members.premium',
    'admin.members.email',
    'admin.members.statusLabel',
    'admin.payments.source.console',
    'admin.fictional.kind',
  ],
  nl: [
    'admin.fictional.facts.premium',
    'admin.fictional.facts.credits',
    'admin.sites.field.niche',
    'admin.core.account.passkeysTitle',
    'admin.members.creditsN_one',
    'admin.members.creditsN_other',
    'admin.members.premium',
    'admin.members.email',
    'admin.members.statusLabel',
    'admin.members.credits',
    'admin.members.adjustDelta',
    'admin.members.reportStatus.open',
    'admin.payments.code',
    'admin.payments.stateLabel',
    'admin.payments.state.open',
    'admin.payments.source.console',
    'admin.sites.nav',
    'admin.sites.title',
    'admin.sites.editTitle',
    'admin.sites.nicheN',
    'admin.fictional.inbox',
    'admin.fictional.kind',
  ],
  pl: [
    'admin.fictional.facts.premium',
    'admin.members.premium',
    'admin.members.email',
    'admin.payments.stateLabel',
    'admin.fictional.kind',
    'admin.fictional.region',
  ],
};

const en = flatten(read('locales', 'en'));

describe.each(LOCALE_CODES.filter((l) => l !== 'en'))('catalog %s', (locale) => {
  const cat = flatten(read('locales', locale));
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

  it('has every key of English, with the plural forms the language needs', () => {
    const missing: string[] = [];
    for (const key of en.keys()) {
      // A plural only when English has the _other form (error codes like reset_too_many are not plurals).
      if (PLURAL.test(key) && en.has(key.replace(PLURAL, '_other'))) {
        const base = key.replace(PLURAL, '');
        for (const cat2 of categories) if (!cat.has(`${base}_${cat2}`)) missing.push(`${base}_${cat2}`);
      } else if (!cat.has(key)) missing.push(key);
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('has no keys English does not have', () => {
    const extra = [...cat.keys()].filter(
      (k) => !en.has(k) && !(PLURAL.test(k) && en.has(k.replace(PLURAL, '_other'))),
    );
    expect(extra).toEqual([]);
  });

  it('is translated: no string left as the English copy', () => {
    const allowed = new Set([...(SAME_AS_ENGLISH[locale] ?? []), ...(CONSOLE_SAME_AS_ENGLISH[locale] ?? [])]);
    const copies = [...en].filter(([k, v]) => cat.get(k) === v && !allowed.has(k) && /[a-z]{3}/i.test(v));
    expect(copies.map(([k]) => k)).toEqual([]);
  });

  it('keeps every placeholder of the English text', () => {
    const broken: string[] = [];
    for (const [key, value] of cat) {
      const source = en.get(key) ?? en.get(key.replace(PLURAL, '_other'));
      if (source === undefined) continue;
      const want = placeholders(source).filter((p) => p !== 'count');
      const have = new Set(placeholders(value));
      if (want.some((p) => !have.has(p))) broken.push(key);
    }
    expect(broken).toEqual([]);
  });
});

describe('info pages', () => {
  const source = read('pages', 'en');
  it.each(LOCALE_CODES.filter((l) => l !== 'en'))(
    '%s has every page with the same sections as English',
    (locale) => {
      const pages = read('pages', locale);
      for (const page of INFO_PAGES) {
        expect(pages[page]?.title, `${locale} ${page}`).toBeTruthy();
        expect(pages[page].title).not.toBe(source[page].title);
        expect(pages[page].sections.length, `${locale} ${page} sections`).toBe(source[page].sections.length);
        pages[page].sections.forEach((s: { paragraphs: string[] }, i: number) => {
          expect(s.paragraphs.length, `${locale} ${page} §${i}`).toBe(
            source[page].sections[i].paragraphs.length,
          );
        });
      }
    },
  );
  it('English has content for every footer page', () => {
    for (const page of INFO_PAGES) expect(source[page].sections.length).toBeGreaterThan(2);
  });
});

describe('e-mail catalogs', () => {
  const source = flatten(read('mail', 'en'));
  it.each(LOCALE_CODES.filter((l) => l !== 'en'))(
    '%s has every mail text, translated, with its placeholders',
    (locale) => {
      const mail = flatten(read('mail', locale));
      expect([...source.keys()].filter((k) => !mail.has(k))).toEqual([]);
      expect([...mail.keys()].filter((k) => !source.has(k))).toEqual([]);
      expect([...source].filter(([k, v]) => mail.get(k) === v).map(([k]) => k)).toEqual([]);
      for (const [k, v] of source)
        expect(placeholders(mail.get(k) ?? ''), `${locale} ${k}`).toEqual(placeholders(v));
    },
  );
});
