import { describe, expect, it } from 'vitest';
import en from '../demo-content/en.json' with { type: 'json' };
import places from '../demo-content/places.json' with { type: 'json' };
import { ABOUT, languageSchema, loadContent, NAMES, placesSchema, REGION_LOCALES } from './content.ts';
import { DEMO_LANGUAGES } from './types.ts';

/** A deep copy of en.json with `change` applied. */
function brokenEn(change: (data: typeof en) => void): unknown {
  const data = structuredClone(en);
  change(data);
  return data;
}

const failure = (data: unknown) => () => loadContent('en.json', languageSchema, data);

describe('demo content data', () => {
  it('loads every language', () => {
    for (const lng of DEMO_LANGUAGES) {
      expect(NAMES[lng].surnames.length, lng).toBeGreaterThan(0);
      expect(ABOUT[lng].open.length, lng).toBeGreaterThan(0);
    }
    expect(REGION_LOCALES.BE?.Brussel).toEqual([
      ['fr', 0.65],
      ['nl', 0.35],
    ]);
  });

  it('accepts the data files as they are', () => {
    expect(loadContent('en.json', languageSchema, en)).toEqual(en);
    expect(loadContent('places.json', placesSchema, places)).toEqual(places);
  });

  it('names the file and the path of what is wrong', () => {
    expect(failure(brokenEn((d) => Object.assign(d.about.self[0]!, { minage: 40 })))).toThrow(
      /seed\/demo-content\/en\.json: about\.self\.0: .*minage/,
    );
    expect(failure(brokenEn((d) => d.names.f.young.push('')))).toThrow(/names\.f\.young\.\d+/);
  });

  it('rejects unknown placeholders, interests and niches', () => {
    expect(failure(brokenEn((d) => (d.about.open[0]!.t = 'Hi from {town}!')))).toThrow(/about\.open\.0\.t/);
    expect(failure(brokenEn((d) => (d.about.open[0]!.t = ' Hi!')))).toThrow(/about\.open\.0\.t/);
    expect(failure(brokenEn((d) => d.about.hobby[0]!.tags!.push('knitting')))).toThrow(
      /about\.hobby\.0\.tags/,
    );
    expect(failure(brokenEn((d) => Object.assign(d.about.look[0]!, { niche: [8] })))).toThrow(
      /about\.look\.0\.niche/,
    );
  });

  it('needs a sentence that fits everyone in each part', () => {
    const onlyTagged = brokenEn((d) => {
      d.about.hobby = d.about.hobby.filter((f) => 'tags' in f);
    });
    expect(failure(onlyTagged)).toThrow(/about\.hobby: needs a sentence without filters/);
    const onlyCity = brokenEn((d) => {
      d.about.close = [{ t: 'Greetings from {city}.' }];
    });
    expect(failure(onlyCity)).toThrow(/about\.close/);
  });

  it('checks the places tables', () => {
    const data = structuredClone(places) as { countryLocales: Record<string, unknown> };
    data.countryLocales.BE = [['xx', 1]];
    expect(() => loadContent('places.json', placesSchema, data)).toThrow(/places\.json: countryLocales\.BE/);
  });
});
