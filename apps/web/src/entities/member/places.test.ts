import { describe, expect, it } from 'vitest';
import { countryNamesOf, seedCountryNames } from './places.ts';

describe('country names', () => {
  it("use the names the page came with first, and the browser's own data for any other country", () => {
    // Names as the server's renderer wrote them into the page (its ICU may differ from the browser's).
    seedCountryNames('nl', { TR: 'Turkije (server)' });
    expect(countryNamesOf('nl', ['TR', 'DE'])).toEqual({
      TR: 'Turkije (server)',
      DE: new Intl.DisplayNames(['nl-NL'], { type: 'region' }).of('DE'),
    });
    // Another language is not named from this one's seed.
    expect(countryNamesOf('fr', ['TR']).TR).toBe(
      new Intl.DisplayNames(['fr-FR'], { type: 'region' }).of('TR'),
    );
  });
});
