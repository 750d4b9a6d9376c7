import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, PageFormats } from './intl.ts';
import { zoneOffsetMinutes } from './rules.ts';

describe('formatters made once', () => {
  it('hands out the same formatter for the same locale and options, another for others', () => {
    expect(numberFormat('de-DE', { style: 'currency', currency: 'EUR' })).toBe(
      numberFormat('de-DE', { style: 'currency', currency: 'EUR' }),
    );
    expect(numberFormat('de-DE', { style: 'currency', currency: 'EUR' })).not.toBe(
      numberFormat('de-DE', { style: 'currency', currency: 'PLN' }),
    );
    expect(
      dateTimeFormat('nl-NL', { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date('2026-03-01T00:00:00Z'),
      ),
    ).toBe('1 maart 2026');
  });
});

describe('a page’s formats', () => {
  const at = new Date('2026-11-30T21:30:00Z');

  it('writes what the server wrote, as the browser is given it, and formats the rest', () => {
    const server = new PageFormats();
    const price = server.number('nl-NL', 19.99, { style: 'currency', currency: 'EUR' });
    const time = server.date('en-NZ', at, {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Pacific/Auckland',
    });
    expect(price).toMatch(/^€\s19,99$/);
    expect(time).toMatch(/^10:30\sam$/);

    // The browser is given the server's strings: a string it holds is the server's, even where its
    // own ICU would write another (here planted to tell them apart).
    const given = server.toJSON();
    const key = Object.keys(given).find((k) => k.startsWith('n|'))!;
    const browser = new PageFormats({ ...given, [key]: 'as the server wrote it' });
    expect(browser.number('nl-NL', 19.99, { style: 'currency', currency: 'EUR' })).toBe(
      'as the server wrote it',
    );
    // Another value, locale or option set is formatted here.
    expect(browser.number('nl-NL', 9.99, { style: 'currency', currency: 'EUR' })).toMatch(/^€\s9,99$/);
    expect(browser.number('de-DE', 19.99, { style: 'currency', currency: 'EUR' })).toMatch(/^19,99\s€$/);
  });

  it('keeps a date in the runtime’s own zone only where that zone is known by name', () => {
    const server = new PageFormats();
    server.date('en-US', at, { hour: '2-digit', minute: '2-digit', timeZone: 'Pacific/Auckland' });
    server.date('en-US', at, { dateStyle: 'medium' }); // the server's own zone: never kept
    expect(Object.keys(server.toJSON())).toHaveLength(1);

    // The browser in Auckland (its zone known by name) finds the server's time for its own zone.
    const given = Object.fromEntries(Object.entries(server.toJSON()).map(([k]) => [k, 'the server’s']));
    const inAuckland = new PageFormats(given, 'Pacific/Auckland');
    expect(inAuckland.date('en-US', at, { hour: '2-digit', minute: '2-digit', timeZone: undefined })).toBe(
      'the server’s',
    );
    // Elsewhere, or without knowing its zone, it formats in its own.
    const unknown = new PageFormats(given);
    expect(unknown.date('en-US', at, { hour: '2-digit', minute: '2-digit', timeZone: undefined })).not.toBe(
      'the server’s',
    );
  });
});

describe('a time zone’s offset now', () => {
  it('counts minutes as Date.getTimezoneOffset does: east of UTC negative', () => {
    expect(zoneOffsetMinutes('UTC')).toBe(0);
    expect(zoneOffsetMinutes('Europe/Amsterdam', new Date('2026-01-15T12:00:00Z'))).toBe(-60);
    expect(zoneOffsetMinutes('Europe/Amsterdam', new Date('2026-07-15T12:00:00Z'))).toBe(-120);
    expect(zoneOffsetMinutes('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe(300);
    expect(zoneOffsetMinutes('Asia/Kolkata')).toBe(-330);
    expect(zoneOffsetMinutes('America/St_Johns', new Date('2026-01-15T12:00:00Z'))).toBe(210);
  });
});
