/**
 * The IBAN rule of the direct-debit form (spec §3), shared by the contract schema, the server and
 * the form: checksum and length of its country (ibantools), and a SEPA country. No zod here.
 */
import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools';

/** The IBAN in electronic form (capitals, no spaces) when it is a valid IBAN of a SEPA country, else null. */
export function sepaIban(raw: string): string | null {
  const iban = electronicFormatIBAN(raw) ?? '';
  return isValidIBAN(iban) && isSEPACountry(iban.slice(0, 2)) ? iban : null;
}
