/**
 * Money rules shared by server and browser (spec §1, §3, §9): credit packages p0-p3, the
 * currency a visitor pays in, the payment methods offered where they work, order states, and
 * amounts formatted for a locale. No zod here: the browser imports this module
 * (`@amora/contracts/money`) and must not pull the schema library into its bundle.
 */

import { numberFormat } from './intl.ts';

export const PACKAGE_IDS = ['p0', 'p1', 'p2', 'p3'] as const;
export type PackageId = (typeof PACKAGE_IDS)[number];

export const CURRENCIES = ['EUR', 'PLN', 'CHF', 'GBP', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The currency a payer from `country` is charged in; EUR where no own currency is priced. */
export function currencyForCountry(country: string): Currency {
  const own: Record<string, Currency> = { PL: 'PLN', CH: 'CHF', GB: 'GBP', US: 'USD' };
  return own[country] ?? 'EUR';
}

/** A package as a site defines it: credits and a tax-inclusive price per currency, in minor units. */
export interface PackageConfig {
  id: PackageId;
  credits: number;
  prices: Partial<Record<Currency, number>>;
}

/** Packages of a site that sets none (prices include VAT, as EU consumers expect). */
export const DEFAULT_PACKAGES: PackageConfig[] = [
  { id: 'p0', credits: 25, prices: { EUR: 999, PLN: 4499, CHF: 990, GBP: 899, USD: 1099 } },
  { id: 'p1', credits: 60, prices: { EUR: 1999, PLN: 8999, CHF: 1990, GBP: 1799, USD: 2199 } },
  { id: 'p2', credits: 150, prices: { EUR: 3999, PLN: 17999, CHF: 3990, GBP: 3499, USD: 4499 } },
  { id: 'p3', credits: 400, prices: { EUR: 8999, PLN: 39999, CHF: 8990, GBP: 7999, USD: 9999 } },
];

/** The 18 payment method ids of spec §3 (the spelling 'prezelewy24' is the spec's). */
export const PAYMENT_METHODS = [
  'sdd',
  'prezelewy24',
  'blik',
  'sct',
  'giropay',
  'mastercard',
  'visa',
  'creditcard',
  'cartebancaire',
  'nexi',
  'ideal',
  'bancontact',
  'applepay',
  'paysafecard',
  'maestro',
  'paypal',
  'sofort',
  'eps',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isPaymentMethod(v: unknown): v is PaymentMethod {
  return typeof v === 'string' && (PAYMENT_METHODS as readonly string[]).includes(v);
}

const SEPA_EUR = ['NL', 'BE', 'DE', 'AT', 'FR', 'IT', 'ES', 'IE', 'PL', 'LU', 'FI', 'PT'];

interface MethodRule {
  /** Countries where it is offered; undefined: everywhere. */
  countries?: string[];
  currencies: readonly Currency[];
  /** False for schemes that no longer exist (giropay ended 2024, Sofort 2024): ids kept for old orders. */
  offered: boolean;
  /** Only where the browser can pay with it (Apple Pay on Apple devices). */
  device?: 'apple';
}

const ALL = CURRENCIES;
/** Where each method works. Cards everywhere; local schemes in their country and currency. */
export const METHOD_RULES: Record<PaymentMethod, MethodRule> = {
  ideal: { countries: ['NL'], currencies: ['EUR'], offered: true },
  bancontact: { countries: ['BE'], currencies: ['EUR'], offered: true },
  prezelewy24: { countries: ['PL'], currencies: ['PLN', 'EUR'], offered: true },
  blik: { countries: ['PL'], currencies: ['PLN'], offered: true },
  eps: { countries: ['AT'], currencies: ['EUR'], offered: true },
  cartebancaire: { countries: ['FR'], currencies: ['EUR'], offered: true },
  nexi: { countries: ['IT'], currencies: ['EUR'], offered: true },
  visa: { currencies: ALL, offered: true },
  mastercard: { currencies: ALL, offered: true },
  maestro: { countries: ['NL', 'BE', 'DE', 'AT'], currencies: ['EUR'], offered: true },
  creditcard: { currencies: ALL, offered: true },
  applepay: { currencies: ALL, offered: true, device: 'apple' },
  paypal: { currencies: ALL, offered: true },
  paysafecard: { currencies: ALL, offered: true },
  sct: { countries: SEPA_EUR, currencies: ['EUR'], offered: true },
  // SEPA direct debit runs through its own form (/directdebit), not the hosted checkout.
  sdd: { countries: SEPA_EUR, currencies: ['EUR'], offered: false },
  giropay: { countries: ['DE'], currencies: ['EUR'], offered: false },
  sofort: { countries: ['DE', 'AT', 'BE', 'NL'], currencies: ['EUR'], offered: false },
};

/** Methods a payer from `country` paying in `currency` is offered at checkout, local ones first. */
export function methodsFor(country: string, currency: Currency): PaymentMethod[] {
  const ok = (m: PaymentMethod) => {
    const r = METHOD_RULES[m];
    return r.offered && r.currencies.includes(currency) && (!r.countries || r.countries.includes(country));
  };
  // The country's own schemes first (iDEAL in NL), then regional ones (SEPA), then worldwide ones.
  const reach = (m: PaymentMethod) => METHOD_RULES[m].countries?.length ?? 1000;
  return PAYMENT_METHODS.filter(ok).sort((a, b) => reach(a) - reach(b));
}

/** Order states (issue: credits purchase): open -> pending -> paid | failed | cancelled | expired; paid -> refunded | charged_back. */
export const ORDER_STATES = [
  'open',
  'pending',
  'paid',
  'failed',
  'cancelled',
  'expired',
  'refunded',
  'charged_back',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** States after which nothing more happens to an unpaid order. */
export const UNPAID_ENDS: readonly OrderState[] = ['failed', 'cancelled', 'expired'];

/** An amount in minor units as the locale writes it (e.g. € 19,99 in nl, 19,99 zł in pl). */
export function formatMoney(minor: number, currency: string, localeTag: string): string {
  return numberFormat(localeTag, { style: 'currency', currency }).format(minor / 100);
}
