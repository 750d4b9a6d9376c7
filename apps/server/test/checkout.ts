import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/platform/db.ts';
import type { Visitor } from './helpers.ts';

/** The visitor orders (package p2 by iDEAL unless `body` says otherwise), with a fresh attempt id. */
export const order = (v: Visitor, body: Record<string, unknown> = {}) =>
  v.post('/api/orders', { package_id: 'p2', method: 'ideal', attempt_id: randomUUID(), ...body });

/** The cookies a visitor's browser sends (its session among them). */
export const cookiesOf = (v: Visitor) => [...v.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/**
 * The payer's choice on the sandbox's hosted checkout page, in the payer's browser: the page is
 * opened (it answers only the member who made the payment) and its form posted, as a browser does.
 */
export async function payAtCheckout(app: FastifyInstance, v: Visitor, checkoutUrl: string, outcome: string) {
  const url = new URL(checkoutUrl);
  const page = await v.get(url.pathname, { host: url.host });
  const token = /name="token" value="([^"]*)"/.exec(page.body)?.[1] ?? '';
  return app.inject({
    method: 'POST',
    url: url.pathname,
    remoteAddress: v.ip,
    headers: { host: url.host, cookie: cookiesOf(v), 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}&token=${encodeURIComponent(token)}`,
  });
}

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

/** The sandbox provider's own controls, with its key (as a provider dashboard would be used). */
export async function sandboxControl(
  app: FastifyInstance,
  host: string,
  id: string,
  action: string,
  body: Record<string, unknown>,
) {
  const res = await app.inject({
    method: 'POST',
    url: `/sandbox/v2/_control/payments/${id}/${action}`,
    headers: { host, authorization: `Bearer ${app.sandboxKey}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
}
