import type { Order, PricedPackage } from '@amora/contracts';
import { DEFAULT_PACKAGES, ORDER_STATES } from '@amora/contracts/money';
import en from '@amora/i18n/locales/en.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { pageModules } from '../../routes.tsx';
import { newAttemptId } from './attempt.ts';
import { ibanError, ibanForReading, ibanForSending, secondsLeft } from './direct-debit.ts';
import {
  checkoutChoices,
  choiceOf,
  firstPaidOrder,
  packageIdFrom,
  paymentView,
  perCredit,
  saving,
  statusTone,
  usableMethods,
} from './logic.ts';

const priced: PricedPackage[] = DEFAULT_PACKAGES.map((p) => ({
  id: p.id,
  credits: p.credits,
  amount: p.prices.EUR!,
  list_amount: p.prices.EUR!,
  currency: 'EUR',
  popular: p.id === 'p2',
}));

const order = (o: Partial<Order>): Order => ({
  id: 'a',
  package_id: 'p1',
  credits: 60,
  amount: 1999,
  currency: 'EUR',
  method: 'ideal',
  status: 'paid',
  created_at: '2026-01-02T10:00:00.000Z',
  paid_at: '2026-01-02T10:01:00.000Z',
  reversed_credits: 0,
  reversed_amount: 0,
  list_amount: 1999,
  discount_percentage: null,
  transaction_fee: 0,
  ...o,
});

describe('credits logic', () => {
  it('reads package ids from the path', () => {
    expect(packageIdFrom('p2')).toBe('p2');
    expect(packageIdFrom('p9')).toBeNull();
    expect(packageIdFrom(undefined)).toBeNull();
  });

  it('works out the price per credit and what bigger packages save', () => {
    expect(perCredit(priced[0]!)).toBeCloseTo(39.96);
    expect(saving(priced[0]!, priced)).toBeNull();
    expect(saving(priced[2]!, priced)).toBe(0.33);
    expect(saving(priced[3]!, priced)).toBe(0.43);
  });

  it('maps order states to the payment states of spec §4', () => {
    expect(paymentView('open')).toBe('pending');
    expect(paymentView('pending')).toBe('pending');
    expect(paymentView('paid')).toBe('completed');
    for (const s of ['failed', 'cancelled', 'expired'] as const) expect(paymentView(s)).toBe('failed');
    expect(paymentView('refunded')).toBe('refunded');
    expect(paymentView('charged_back')).toBe('charged_back');
    expect(statusTone('paid')).toBe('success');
    expect(statusTone('charged_back')).toBe('danger');
  });

  it('offers Apple Pay only where the device can pay with it', () => {
    expect(usableMethods(['ideal', 'applepay', 'visa'], false)).toEqual(['ideal', 'visa']);
    expect(usableMethods(['ideal', 'applepay', 'visa'], true)).toEqual(['ideal', 'applepay', 'visa']);
  });

  it('offers one card choice where the card form takes Visa and Mastercard (issue 26 item 8)', () => {
    // The US checkout: not "Mastercard", "Visa" and "Credit card" as three choices.
    expect(checkoutChoices(['mastercard', 'visa', 'creditcard', 'paypal'])).toEqual(['creditcard', 'paypal']);
    expect(checkoutChoices(['ideal', 'visa'])).toEqual(['ideal', 'visa']);
    expect(choiceOf('visa')).toBe('creditcard');
    expect(choiceOf('ideal')).toBe('ideal');
  });

  it("knows a member's first paid order only from the complete list", () => {
    const now = order({ id: 'b', paid_at: '2026-02-01T10:00:00.000Z' });
    const older = order({ id: 'a' });
    expect(firstPaidOrder(now, [now], true)).toBe(true);
    expect(firstPaidOrder(now, [now], false)).toBe(false);
    expect(firstPaidOrder(now, [now, older], true)).toBe(false);
    expect(firstPaidOrder(now, [now, order({ id: 'c', status: 'failed', paid_at: null })], true)).toBe(true);
    expect(firstPaidOrder(order({ status: 'failed', paid_at: null }), [], true)).toBe(false);
  });

  it('makes v4 UUIDs for checkout attempts', () => {
    expect(newAttemptId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('routes the credits pages, and an unknown package to the 404 page', () => {
    expect(pageModules('/credits')).toEqual(['src/features/credits/CreditsPage.tsx']);
    expect(pageModules('/credits/repeat-order')).toEqual(['src/features/credits/RepeatOrderPage.tsx']);
    expect(pageModules('/directdebit')).toEqual(['src/features/credits/DirectDebitPage.tsx']);
    expect(pageModules('/credits/p2')).toEqual(['src/features/credits/PaymentMethodPage.tsx']);
    expect(pageModules('/credits/p2/ideal')).toEqual(['src/features/credits/PaymentMethodPage.tsx']);
    expect(pageModules('/credits/p9')).toEqual(['src/pages/NotFound.tsx']);
    expect(pageModules('/transactions')).toEqual(['src/features/credits/TransactionsPage.tsx']);
    expect(pageModules('/transactions/x')).toEqual(['src/features/credits/TransactionPage.tsx']);
    expect(pageModules('/premium')).toEqual(['src/features/credits/PremiumPage.tsx']);
    expect(pageModules('/pricing')).toEqual(['src/features/credits/PricingPage.tsx']);
  });

  it('checks an IBAN as the server does: checksum, length, a SEPA country', () => {
    expect(ibanError('NL91ABNA0417164300')).toBeNull();
    expect(ibanError(' nl91 abna 0417 1643 00 ')).toBeNull();
    expect(ibanError('NL91ABNA0417164301')).toBe('iban_invalid'); // checksum
    expect(ibanError('NL91ABNA041716430')).toBe('iban_invalid'); // length
    expect(ibanError('TR330006100519786457841326')).toBe('iban_invalid'); // valid, not SEPA
    expect(ibanError('')).toBe('iban_invalid');
    expect(ibanForSending('nl91 abna 0417 1643 00')).toBe('NL91ABNA0417164300');
    expect(ibanForReading('nl91abna0417164300')).toBe('NL91 ABNA 0417 1643 00');
  });

  it('counts down whole seconds to the next code', () => {
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 61_000)).toBe(0);
  });

  it('has a label for every order state and the translated method names', () => {
    const c = en.credits as unknown as { status: Record<string, string>; methods: Record<string, string> };
    for (const s of ORDER_STATES) expect(c.status[s]).toBeTruthy();
    for (const m of ['creditcard', 'sct', 'sdd']) expect(c.methods[m]).toBeTruthy();
  });
});
