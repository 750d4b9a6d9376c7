import { describe, expect, it } from 'vitest';
import { LANDER_NICHES, landerSlug, parseLanderSlug } from './lander-slug.ts';

describe('lander slugs (spec §2 niches)', () => {
  it('reads a plain locale as niche 1 in that language', () => {
    expect(parseLanderSlug('de', 'fr')).toEqual({ niche: 'plain', locale: 'de' });
    expect(parseLanderSlug('pl', 'en')).toEqual({ niche: 'plain', locale: 'pl' });
  });

  it('reads every niche prefix', () => {
    for (const niche of ['she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'] as const) {
      expect(parseLanderSlug(`${niche}-nl`, 'en')).toEqual({ niche, locale: 'nl' });
    }
  });

  it("writes and reads English as 'eng', and reads 'en' too", () => {
    expect(parseLanderSlug('eng', 'de')).toEqual({ niche: 'plain', locale: 'en' });
    expect(parseLanderSlug('milf-eng', 'de')).toEqual({ niche: 'milf', locale: 'en' });
    expect(parseLanderSlug('en', 'de')).toEqual({ niche: 'plain', locale: 'en' });
    expect(landerSlug('plain', 'en')).toBe('eng');
    expect(landerSlug('gay', 'en')).toBe('gay-eng');
  });

  it("replaces 'auto' by the visitor's locale", () => {
    expect(parseLanderSlug('auto', 'it')).toEqual({ niche: 'plain', locale: 'it' });
    expect(parseLanderSlug('bbw-auto', 'es')).toEqual({ niche: 'bbw', locale: 'es' });
  });

  it('takes no slug as the plain niche in the visitor locale', () => {
    expect(parseLanderSlug(undefined, 'nl')).toEqual({ niche: 'plain', locale: 'nl' });
    expect(parseLanderSlug('', 'pl')).toEqual({ niche: 'plain', locale: 'pl' });
  });

  it('is case-insensitive', () => {
    expect(parseLanderSlug('SHE-DE', 'en')).toEqual({ niche: 'she', locale: 'de' });
  });

  it('refuses unknown niches, languages and shapes', () => {
    for (const bad of [
      'xx',
      'fetish-de',
      'she-xx',
      'she',
      'she-',
      '-de',
      'she-de-x',
      'plain-de',
      'engl',
      'de-she',
      'auto-de',
    ])
      expect(parseLanderSlug(bad, 'en'), bad).toBeNull();
  });

  it('round-trips every niche and locale', () => {
    for (const niche of LANDER_NICHES)
      for (const locale of ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl'] as const)
        expect(parseLanderSlug(landerSlug(niche, locale), 'fr')).toEqual({ niche, locale });
  });
});
