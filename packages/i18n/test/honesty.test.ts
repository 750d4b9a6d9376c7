import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../src/index.ts';

const dir = path.resolve(import.meta.dirname, '..');

function strings(v: unknown, prefix: string, out: [string, string][]) {
  if (typeof v === 'string') out.push([prefix, v]);
  else if (Array.isArray(v)) for (const [i, x] of v.entries()) strings(x, `${prefix}.${i}`, out);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) strings(x, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/**
 * Claims the product cannot stand behind on a site that runs fictional chat partners and shows
 * members from the whole country: "real profiles / members" and "near you", in each language.
 */
const CLAIMS: Record<string, RegExp> = {
  en: /\breal (profiles?|members?|people|singles)\b|\bnear you\b|\bin your area\b/i,
  de: /\bechte[nr]? (Profile?|Mitglieder|Menschen|Singles|Frauen|Männer)\b|in deiner (Nähe|Umgebung)/i,
  es: /\b(perfiles|miembros|personas|solteros) reales\b|\bcerca de ti\b/i,
  fr: /\bvrais (profils|membres|célibataires)\b|\bprès de chez (vous|toi)\b/i,
  it: /\b(profili|membri|persone|single) (reali|veri)\b|\bvicino a te\b/i,
  nl: /\bechte (profielen|leden|mensen|singles)\b|\bbij (jou|u) in de buurt\b/i,
  pl: /\bprawdziw(e|i|ych) (profile|profili|członkowie|członków|osoby|single|singli)\b|\bw (twojej|swojej) okolicy\b|\bz okolicy\b/i,
};

describe('honest claims', () => {
  it('no catalog in any of the 7 languages promises real profiles or members near you', () => {
    expect(Object.keys(CLAIMS).sort()).toEqual([...LOCALE_CODES].sort());
    const found: string[] = [];
    for (const l of LOCALE_CODES) {
      for (const sub of ['locales', 'mail']) {
        const catalog = JSON.parse(fs.readFileSync(path.join(dir, sub, `${l}.json`), 'utf8'));
        for (const [key, text] of strings(catalog, '', [])) {
          if (CLAIMS[l]?.test(text)) found.push(`${sub}/${l}: ${key}: ${text}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('the check recognises the claims it is meant to catch', () => {
    expect(CLAIMS.en?.test('Browse real profiles')).toBe(true);
    expect(CLAIMS.nl?.test('Echte leden bij jou in de buurt')).toBe(true);
    expect(CLAIMS.pl?.test('czatuj z singlami z okolicy')).toBe(true);
  });
});
