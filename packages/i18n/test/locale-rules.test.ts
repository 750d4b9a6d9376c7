import { describe, expect, it } from 'vitest';
import {
  defaultCountryFor,
  dropdownLocales,
  formatSupportPhone,
  LOCALE_CODES,
  resolveLocale,
} from '../src/index.ts';

describe('resolveLocale', () => {
  it('prefers a valid cookie, then the first two letters of the domain language, then en', () => {
    expect(resolveLocale('pl', 'nl-NL')).toBe('pl');
    expect(resolveLocale(undefined, 'nl-NL')).toBe('nl');
    expect(resolveLocale('xx', 'de')).toBe('de');
    expect(resolveLocale(undefined, 'pt-BR')).toBe('en');
  });
});

describe('dropdownLocales (spec §9)', () => {
  it('offers all seven to a logged-out visitor whose geoip and selected country differ', () => {
    expect(
      dropdownLocales({ current: 'nl', loggedIn: false, geoipCountry: 'DE', selectedCountry: 'NL' }),
    ).toEqual([...LOCALE_CODES]);
  });
  it('otherwise offers the current locale, the country locales and the browser language', () => {
    expect(
      dropdownLocales({
        current: 'en',
        loggedIn: false,
        geoipCountry: 'BE',
        selectedCountry: 'BE',
        browserLanguage: 'pl-PL',
      }),
    ).toEqual(['en', 'nl', 'fr', 'de', 'pl']);
    expect(
      dropdownLocales({
        current: 'de',
        loggedIn: true,
        geoipCountry: 'CH',
        selectedCountry: 'NL',
        browserLanguage: 'de-CH',
      }),
    ).toEqual(['de', 'it', 'fr', 'en']);
    expect(
      dropdownLocales({ current: 'en', loggedIn: false, geoipCountry: 'US', selectedCountry: 'US' }),
    ).toEqual(['en', 'es']);
  });
});

describe('formatSupportPhone (spec §9)', () => {
  it('shows US numbers hyphenated without +1 and strips dashes and spaces for the link', () => {
    expect(formatSupportPhone('+1 302 555 0147', 'US')).toEqual({
      display: '302-555-0147',
      href: 'tel:+13025550147',
    });
    expect(formatSupportPhone('+31 20 808 1234', 'NL')).toEqual({
      display: '+31 20 808 1234',
      href: 'tel:+31208081234',
    });
  });
});

describe('defaultCountryFor', () => {
  it('uses the region of the domain language, or the main country of the language', () => {
    expect(defaultCountryFor('nl-BE')).toBe('BE');
    expect(defaultCountryFor('de')).toBe('DE');
    expect(defaultCountryFor('en')).toBe('US');
  });
});
