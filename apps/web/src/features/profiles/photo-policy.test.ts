import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { photoPolicyKeys } from './photo-policy.ts';

type Tree = { [k: string]: string | Tree };
const dir = path.resolve(import.meta.dirname, '../../../../../packages/i18n/locales');
const catalogs = Object.fromEntries(
  ['en', 'de', 'es', 'fr', 'it', 'nl', 'pl'].map((l) => [
    l,
    JSON.parse(fs.readFileSync(path.join(dir, `${l}.json`), 'utf8')) as Tree,
  ]),
);
/** A text by key; a plural key (uploaded) by its `_other` form. */
function text(tree: Tree, key: string): string | undefined {
  const parts = key.split('.');
  const last = parts.pop()!;
  const node = parts.reduce<unknown>((n, p) => (n as Tree | undefined)?.[p], tree) as Tree | undefined;
  const v = node?.[last] ?? node?.[`${last}_other`];
  return typeof v === 'string' ? v : undefined;
}

describe('the photo texts follow the site setting photo_approval', () => {
  it("'auto' never claims a check or an approval; 'manual' says photos are checked first", () => {
    const auto = photoPolicyKeys('auto');
    const manual = photoPolicyKeys('manual');
    for (const k of Object.keys(auto) as (keyof typeof auto)[]) {
      expect(auto[k]).not.toBe(manual[k]);
      const said = text(catalogs.en!, auto[k])!;
      expect(said, auto[k]).toBeDefined();
      expect(said).not.toMatch(/check|approv|review|verif/i);
    }
    const manualText = Object.values(manual).map((k) => text(catalogs.en!, k));
    expect(manualText.join(' ')).toMatch(/checked/);
    expect(manualText.join(' ')).toMatch(/approved/i);
  });

  it('has both sets in every language, translated', () => {
    for (const policy of ['auto', 'manual'] as const) {
      for (const key of Object.values(photoPolicyKeys(policy))) {
        for (const [lang, tree] of Object.entries(catalogs)) {
          expect(text(tree, key), `${lang} ${key}`).toBeTruthy();
          if (lang !== 'en' && policy === 'auto')
            expect(text(tree, key), `${lang} ${key}`).not.toBe(text(catalogs.en!, key));
        }
      }
    }
  });
});
