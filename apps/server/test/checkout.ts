import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/platform/db.ts';
import type { Visitor } from './helpers.ts';

/** The visitor orders (package p2 by iDEAL unless `body` says otherwise), with a fresh attempt id. */
export const order = (v: Visitor, body: Record<string, unknown> = {}) =>
  v.post('/api/orders', { package_id: 'p2', method: 'ideal', attempt_id: randomUUID(), ...body });

/** The payer's choice on the sandbox's hosted checkout page (a form post, as the browser sends it). */
export const payAtCheckout = (app: FastifyInstance, host: string, checkoutUrl: string, outcome: string) =>
  app.inject({
    method: 'POST',
    url: new URL(checkoutUrl).pathname,
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });

/**
 * Makes the sandbox refuse the next recurring payment of a member's stored card (the member's
 * provider customer, made at their first card payment): the test control of the built-in provider.
 */
export async function failNextRecurring(t: { app: FastifyInstance; db: Db }, host: string, userId: string) {
  const [customer] = await t.db.query<{ customer_id: string }>(
    'SELECT customer_id FROM payment_customers WHERE user_id = $1',
    [userId],
  );
  return t.app.inject({
    method: 'POST',
    url: `/sandbox/v2/_control/customers/${customer!.customer_id}/fail-next-recurring`,
    headers: { host, authorization: `Bearer ${t.app.sandboxKey}` },
  });
}

/** The SEPA direct-debit form as a member fills it in, for package p1 (`over` changes fields). */
export const directDebitForm = (over: Record<string, unknown> = {}) => ({
  package_id: 'p1',
  attempt_id: randomUUID(),
  holder: 'Anna de Vries',
  iban: 'NL91 ABNA 0417 1643 00',
  street: 'Keizersgracht',
  house_number: '12a',
  postal_code: '1015 CS',
  city: 'Amsterdam',
  phone: '+31 6 1234 5678',
  code: '000000',
  mandate: true,
  ...over,
});

/** The one-time code of the newest text message to a phone (the SMS outbox), or ''. */
export const smsCodeTo = async (app: FastifyInstance, phone: string) =>
  (await app.sms.list()).find((m) => m.to === phone)?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
