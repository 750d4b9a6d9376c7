import { sepaIban } from '@amora/contracts/iban';

/** The direct-debit form's fields (spec §3), as typed. */
export type DirectDebitValues = {
  holder: string;
  iban: string;
  street: string;
  house_number: string;
  postal_code: string;
  city: string;
  phone: string;
  code: string;
  mandate: boolean;
};
export const DIRECT_DEBIT_FIELDS = [
  'holder',
  'iban',
  'street',
  'house_number',
  'postal_code',
  'city',
  'phone',
  'code',
  'mandate',
] as const satisfies readonly (keyof DirectDebitValues)[];

/**
 * The IBAN of the direct-debit form, checked as the server checks it (ibantools: checksum and
 * length of the country, a SEPA country), so a typo is caught before the code is spent.
 */
export const ibanError = (value: string): 'iban_invalid' | null => (sepaIban(value) ? null : 'iban_invalid');

/**
 * The IBAN's electronic format: capitals, no spaces or dashes (as ibantools' electronicFormatIBAN,
 * which the check above uses; two lines of our own keep its 3.4 KiB off the page's first load).
 */
const electronicFormat = (value: string) => value.replace(/[- ]/g, '').toUpperCase();

/** The IBAN as sent: capitals, no spaces. */
export const ibanForSending = (value: string) => electronicFormat(value);

/** The IBAN as people read it, in groups of four (what was typed, when it is no IBAN at all). */
export function ibanForReading(value: string): string {
  const iban = electronicFormat(value);
  return iban ? iban.replace(/(.{4})(?!$)/g, '$1 ') : value;
}

/** An example IBAN of the payer's country for the field's hint (the standard's own examples). */
const EXAMPLES: Record<string, string> = {
  NL: 'NL91 ABNA 0417 1643 00',
  BE: 'BE68 5390 0754 7034',
  DE: 'DE89 3704 0044 0532 0130 00',
  AT: 'AT61 1904 3002 3457 3201',
  FR: 'FR14 2004 1010 0505 0001 3M02 606',
  ES: 'ES91 2100 0418 4502 0005 1332',
  IT: 'IT60 X054 2811 1010 0000 0123 456',
};
export const ibanExample = (country: string | undefined) => EXAMPLES[country ?? ''] ?? EXAMPLES.DE!;

/** Whole seconds left until `until` (ms since the epoch), never below 0. */
export const secondsLeft = (until: number, now: number) => Math.max(0, Math.ceil((until - now) / 1000));
