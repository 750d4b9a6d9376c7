import crypto from 'node:crypto';
import type { directDebitBodySchema } from '@amora/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { tFor } from '../../platform/i18n.ts';
import type { Site } from '../../platform/sites.ts';
import type { SmsTransport } from '../../platform/sms.ts';
import {
  countSmsToday,
  currentCode,
  directDebitBlocked,
  putCode,
  recentDebits,
  restoreCode,
  spendTry,
  takeCode,
} from './direct-debit.repo.ts';
import { usableCode } from './discounts.service.ts';
import { insertMandate, mandateById } from './mandates.repo.ts';
import { findAttempt, memberCountry } from './orders.repo.ts';
import { customerOf, type OrderChange, payWithMandate } from './orders.service.ts';
import { packageIn, pricing } from './pricing.ts';
import { type PaymentProvider, ProviderUnavailable, providerError } from './provider.ts';

/** SMS code rules: 6 digits, 10 minutes, 5 tries, a new one after 60 s, 5 a day per member and per phone number. */
export const SMS_CODE = { validS: 600, tries: 5, resendS: 60, perDay: 5, perPhoneDay: 5 } as const;
/** Version of the one-time mandate text the member agrees to (kept with each mandate). */
export const MANDATE_TEXT_VERSION = 'sdd-one-time-2026-11';

const hashCode = (userId: string, code: string) =>
  crypto.createHash('sha256').update(`${userId}:${code}`).digest('hex');
/** A phone number's key for the daily cap (the number itself is not kept there). */
const phoneKey = (phone: string) =>
  `smsphone:${crypto.createHash('sha256').update(phone).digest('hex').slice(0, 40)}`;

/**
 * Sends a new code to the phone given on the form, with a cool-down and daily caps per member and
 * per phone number (so no number can be flooded from many accounts).
 */
export async function sendCode(
  db: Db,
  sms: SmsTransport,
  args: { site: Site; userId: string; locale: string; phone: string },
): Promise<{ resend_after: number }> {
  const last = await currentCode(db, args.userId);
  if (last && !last.expired && last.age_s < SMS_CODE.resendS) {
    throw new AppError('sms_wait', 429, { seconds: SMS_CODE.resendS - last.age_s });
  }
  if ((await countSmsToday(db, `sms:${args.userId}`)) >= SMS_CODE.perDay)
    throw new AppError('sms_too_many', 429);
  if ((await countSmsToday(db, phoneKey(args.phone))) >= SMS_CODE.perPhoneDay)
    throw new AppError('sms_too_many', 429);
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await putCode(db, args.userId, args.phone, hashCode(args.userId, code), SMS_CODE.validS);
  const t = tFor(args.locale as 'en');
  await sms.send(args.phone, t('credits.sms_code', { code, site: args.site.config.name }));
  return { resend_after: SMS_CODE.resendS };
}

/** The direct-debit form as the contract's schema parsed it (the mandate box is ticked by then). */
export type DirectDebitForm = Omit<z.output<typeof directDebitBodySchema>, 'mandate'>;

/**
 * One SEPA direct debit (spec §5 direct debit, §8 errors): the IBAN checked (checksum, SEPA
 * country), the member not blocked, within the site's limits, the SMS code right (a few tries,
 * expiry); then a one-time mandate at the provider, recorded with its reference, creditor id,
 * date and text version, and a debit of the package under it (pending until the bank answers).
 */
export async function payByDirectDebit(
  db: Db,
  provider: PaymentProvider,
  args: { site: Site; userId: string; locale: string; origin: string; form: DirectDebitForm },
): Promise<OrderChange> {
  const f = args.form;
  // The contract's schema has checked the IBAN (sepaIban) and put it in electronic form.
  const iban = f.iban;
  const c = args.site.config.direct_debit;
  if (!c.creditor_id) throw new AppError('payment_method_unavailable', 400);
  const orderArgs = {
    site: args.site,
    userId: args.userId,
    locale: args.locale,
    packageId: f.package_id,
    attemptId: f.attempt_id,
    origin: args.origin,
    ...(f.discount_code ? { code: f.discount_code } : {}),
  };
  // The same form again after the debit was started (its answer went missing, the provider was
  // slow): the code was spent on that order, which is found or settled, never made twice.
  const prior = await findAttempt(db, args.userId, f.attempt_id);
  const priorMandate = prior?.mandate_id ? await mandateById(db, prior.mandate_id) : undefined;
  if (priorMandate) return payWithMandate(db, provider, priorMandate, orderArgs);
  if (await directDebitBlocked(db, args.userId)) throw new AppError('direct_debit_blocked', 403);
  const prices = pricing(args.site, (await memberCountry(db, args.userId)) ?? '');
  if (!prices.direct_debit) throw new AppError('payment_method_unavailable', 400);
  const pkg = packageIn(prices, f.package_id);
  if (
    pkg.currency !== 'EUR' ||
    pkg.amount > c.max_order_amount ||
    (await recentDebits(db, args.userId)) >= c.max_per_30_days
  ) {
    throw new AppError('direct_debit_limit', 403);
  }
  // A discount code is checked before the SMS code is spent and a mandate made: a code that does
  // not apply leaves everything as it was. The order checks it again and redeems it in its transaction.
  const discountCode = f.discount_code || undefined;
  if (discountCode) {
    await usableCode(db, args.site, args.userId, discountCode, {
      amount: pkg.amount,
      currency: pkg.currency,
      country: prices.country,
      method: 'sdd',
    });
  }

  // Every guess spends a try before it is compared (one UPDATE): parallel guesses cannot get more.
  const code = await spendTry(db, args.userId, SMS_CODE.tries);
  if (!code) throw new AppError('sms_code_expired', 400);
  const hash = hashCode(args.userId, f.code);
  if (code.phone !== f.phone || code.code_hash !== hash) {
    throw new AppError(
      code.attempts >= SMS_CODE.tries ? 'sms_code_expired' : 'code_invalid',
      400,
      {},
      { code: 'code_invalid' },
    );
  }
  const taken = await takeCode(db, args.userId, hash);
  if (!taken) throw new AppError('sms_code_expired', 400);

  const reference = `${args.site.config.name
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 10)
    .toUpperCase()}-${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
  let mandateId: string;
  let customerId: string;
  try {
    customerId = await customerOf(db, provider, args.userId);
    mandateId = await provider.createDirectDebitMandate(
      customerId,
      { holder: f.holder, iban, reference, signedOn: new Date().toISOString().slice(0, 10) },
      `sdd:${args.userId}:${f.attempt_id}`,
    );
  } catch (err) {
    if (err instanceof ProviderUnavailable) {
      // No payment was asked for (a mandate alone charges nothing, and the same attempt makes the
      // same one): the code is given back, so the form can be sent again as it is.
      await restoreCode(db, args.userId, taken);
      throw providerError(err);
    }
    throw err;
  }
  const mandate = await insertMandate(db, {
    user_id: args.userId,
    site_id: args.site.id,
    provider: provider.name,
    customer_id: customerId,
    mandate_id: mandateId,
    kind: 'sdd',
    label: `${iban.slice(0, 2)}•• •••• ${iban.slice(-4)}`,
    method: 'sdd',
    reference,
    creditor_id: c.creditor_id,
    text_version: MANDATE_TEXT_VERSION,
    holder: f.holder,
    address: { street: f.street, house_number: f.house_number, postal_code: f.postal_code, city: f.city },
    phone_last4: f.phone.slice(-4),
  });
  return payWithMandate(db, provider, mandate, orderArgs);
}
