import type { PaymentMethod } from '@amora/contracts/money';
import type { TFunction } from '../../app/translation.ts';

/**
 * Names of the payment methods. Brand names are the same in every language and stay out of the
 * catalogs; the generic ones (credit card, bank transfer, direct debit) are translated.
 */
const BRANDS: Partial<Record<PaymentMethod, string>> = {
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  prezelewy24: 'Przelewy24',
  blik: 'BLIK',
  eps: 'EPS',
  cartebancaire: 'Cartes Bancaires',
  nexi: 'Nexi',
  visa: 'Visa',
  mastercard: 'Mastercard',
  maestro: 'Maestro',
  applepay: 'Apple Pay',
  paypal: 'PayPal',
  paysafecard: 'paysafecard',
  giropay: 'giropay',
  sofort: 'Sofort',
};
const TRANSLATED = ['creditcard', 'sct', 'sdd'] as const;

/** A method's name as members and operators read it (the console's records hold the id as text). */
export function methodName(m: PaymentMethod | (string & {}), t: TFunction): string {
  return (TRANSLATED as readonly string[]).includes(m)
    ? t(`credits.methods.${m}`)
    : (BRANDS[m as PaymentMethod] ?? m);
}

type Kind = 'card' | 'bank' | 'wallet' | 'voucher';
const KIND: Record<PaymentMethod, Kind> = {
  ideal: 'bank',
  bancontact: 'card',
  prezelewy24: 'bank',
  blik: 'wallet',
  eps: 'bank',
  cartebancaire: 'card',
  nexi: 'card',
  visa: 'card',
  mastercard: 'card',
  maestro: 'card',
  creditcard: 'card',
  applepay: 'wallet',
  paypal: 'wallet',
  paysafecard: 'voucher',
  sct: 'bank',
  sdd: 'bank',
  giropay: 'bank',
  sofort: 'bank',
};

/** A small line drawing of the kind of method (card, bank, wallet, voucher); decorative. */
export function MethodIcon({ method }: { method: PaymentMethod }) {
  const kind = KIND[method];
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" className="method-icon">
      <g fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
        {kind === 'card' ? (
          <>
            <rect x="3" y="5.5" width="18" height="13" rx="2" />
            <path d="M3 9.5h18M6.5 15h4" />
          </>
        ) : kind === 'bank' ? (
          <>
            <path d="M3.5 9.5L12 4.5l8.5 5z" />
            <path d="M5.5 10v7M9.8 10v7M14.2 10v7M18.5 10v7M3.5 19.5h17" />
          </>
        ) : kind === 'wallet' ? (
          <>
            <path d="M4 7.5h14.5a1.5 1.5 0 0 1 1.5 1.5v9a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18z" />
            <path d="M4 7.5l11-3v3M16 13.5h1.5" />
          </>
        ) : (
          <>
            <path d="M3.5 7h17v3a2 2 0 0 0 0 4v3h-17v-3a2 2 0 0 0 0-4z" />
            <path d="M14 7v10" strokeDasharray="1.5 2" />
          </>
        )}
      </g>
    </svg>
  );
}
