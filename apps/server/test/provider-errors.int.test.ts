import http from 'node:http';
import type { AddressInfo } from 'node:net';
import en from '@amora/i18n/locales/en.json' with { type: 'json' };
import nl from '@amora/i18n/locales/nl.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MollieProvider } from '../src/features/payments/mollie.provider.ts';
import { ProviderRefused, ProviderUnavailable, providerError } from '../src/features/payments/provider.ts';
import { order } from './checkout.ts';
import { useTestApp } from './helpers.ts';

/**
 * Issue 25 item 6: a provider's 4xx (a method it does not take for this amount, a key it refuses)
 * was told to the member as 'try again in a moment', which never helps. Mollie's API here is a
 * stand-in on a port of the test's own that answers as Mollie does when it refuses a request.
 */
let answer: { status: number; body: unknown } = { status: 201, body: {} };
const requests: string[] = [];
const mollie = http.createServer((req, res) => {
  requests.push(`${req.method} ${req.url}`);
  req.resume();
  req.on('end', () => {
    res.writeHead(answer.status, { 'content-type': 'application/hal+json' });
    res.end(JSON.stringify(answer.body));
  });
});
await new Promise<void>((resolve) => mollie.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(mollie.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => mollie.close(() => resolve())));

/** Mollie's error document for a refused request. */
const refusal = (status: number, title: string, detail: string, field?: string) => ({
  status,
  body: {
    status,
    title,
    detail,
    ...(field ? { field } : {}),
    _links: {
      documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' },
    },
  },
});

const t = useTestApp({
  members: 2,
  env: {
    PAYMENT_PROVIDER: 'mollie',
    MOLLIE_API_KEY: 'test_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    MOLLIE_BASE_URL: base,
  },
});
const NL = 'nl.localhost:3999';
beforeAll(() => {
  requests.length = 0;
});

describe("a provider's refusal (4xx)", () => {
  it('is told truthfully, translated, and nothing is bought', async () => {
    const { v, id } = await t.member({ country: 'NL' }, NL);
    answer = refusal(422, 'Unprocessable Entity', 'The amount is lower than the minimum for iDEAL', 'amount');
    const res = await order(v, { method: 'ideal' });
    expect(requests.some((r) => r.startsWith('POST /v2/payments'))).toBe(true);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'payment_refused', message: nl.errors.payment_refused });
    expect(res.json().error.message).not.toBe(nl.errors.payment_provider_unavailable);
    // A key the provider does not accept is a refusal too, not something to wait out.
    answer = refusal(401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
    expect((await order(v, { method: 'ideal' })).json().error.code).toBe('payment_refused');
    // The orders stay (issue 24 item 3: a create is never undone by deleting its order) without a
    // payment at the provider, and expire when none can be made any more.
    const [row] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND (provider_payment_id IS NOT NULL OR status = 'paid')`,
      [id],
    );
    expect(row!.n).toBe(0);
  });

  it('a fault or a wait stays "try again in a moment"; a refund refused says so', async () => {
    const provider = new MollieProvider({ name: 'mollie', apiKey: 'test_x', serverURL: base, retryForMs: 0 });
    answer = refusal(422, 'Unprocessable Entity', 'The amount exceeds what is left to refund', 'amount');
    const refused = await provider.refund('tr_abc', 500, 'EUR', 'key-1').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderRefused);
    expect(providerError(refused as ProviderRefused, 'refund_refused')).toMatchObject({
      code: 'refund_refused',
      status: 422,
    });
    for (const status of [429, 500, 503]) {
      answer = refusal(status, 'Busy', 'Try later');
      const err = await provider.refund('tr_abc', 500, 'EUR', `key-${status}`).catch((e: unknown) => e);
      expect(err, String(status)).toBeInstanceOf(ProviderUnavailable);
      expect(err, String(status)).not.toBeInstanceOf(ProviderRefused);
      expect(providerError(err as ProviderUnavailable)).toMatchObject({
        code: 'payment_provider_unavailable',
        status: 503,
      });
    }
    expect(en.errors.refund_refused).toMatch(/nothing was refunded/);
  });
});
