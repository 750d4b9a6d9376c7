import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../../src/features/payments/provider.ts';
import { reconcileOrders } from '../../src/features/payments/reconcile.job.ts';
import { directDebitForm, order, payAtCheckout, sandboxControl, smsCodeTo } from '../checkout.ts';
import { useTestApp, type Visitor } from '../helpers.ts';
import { downProvider, startProviderStandIn } from './provider-stand-in.ts';

/**
 * Issue 24 items 3 and 4: a payment provider that is slow or down, and reconciliation behind many
 * abandoned checkouts. The provider is the built-in sandbox (Mollie's API) behind a stand-in on a
 * real port that can hold its answers; the app's adapter talks to it over HTTP. Invariants: every
 * payment the provider made is booked once, no retry makes a second payment, balance = ledger.
 */
const t = useTestApp({ members: 6, env: { PAYMENT_SANDBOX_SETTLE_SECONDS: '3600' } });
const NL = 'nl.localhost:3999';
const dutchMember = () => t.member({ country: 'NL' }, NL);

let standIn: Awaited<ReturnType<typeof startProviderStandIn>>;
let sandbox: PaymentProvider;
beforeAll(async () => {
  sandbox = t.app.payments!;
  standIn = await startProviderStandIn(t.app, NL);
});
afterAll(async () => {
  await standIn?.close();
});
afterEach(() => {
  // Every test starts with the provider answering in time.
  t.app.payments = sandbox;
  standIn.pass();
});

/** The app's provider for the next calls: the stand-in (slow or not), a dead port, or the sandbox. */
const useProvider = (p: PaymentProvider) => {
  t.app.payments = p;
};

const orderRow = async (userId: string) =>
  (
    await t.db.query<{ id: string; status: string; provider_payment_id: string | null; attempt_id: string }>(
      'SELECT id, status, provider_payment_id, attempt_id FROM orders WHERE user_id = $1 ORDER BY created_at DESC',
      [userId],
    )
  )[0];

/** The provider's payments for one of our orders (by the order id in their metadata). */
const paymentsAtProvider = async (orderId: string) =>
  (
    await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sandbox_payments WHERE metadata->>'order_id' = $1`,
      [orderId],
    )
  )[0]!.n;

/** Balance, ledger sum and purchases booked: the money invariants. */
const books = async (userId: string) =>
  (
    await t.db.query<{ credits: number; ledger: number; purchases: number; paid_user: boolean }>(
      `SELECT u.credits, u.paid_user,
              (SELECT coalesce(sum(delta), 0)::int FROM credit_ledger WHERE user_id = u.id) AS ledger,
              (SELECT count(*)::int FROM credit_ledger WHERE user_id = u.id AND reason = 'purchase') AS purchases
         FROM users u WHERE u.id = $1`,
      [userId],
    )
  )[0]!;

const control = (id: string, action: string, body: Record<string, unknown>) =>
  sandboxControl(t.app, NL, id, action, body);

const pay = (v: Visitor, url: string, outcome: string) => payAtCheckout(t.app, v, url, outcome);

describe('a slow provider (its answer comes after our timeout)', () => {
  it('checkout: the order is kept, the member is told we are confirming, and the retry reuses the payment', async () => {
    const { v, id } = await dutchMember();
    standIn.holdCreates();
    useProvider(standIn.provider());
    const attempt = randomUUID();
    const res = await order(v, { attempt_id: attempt });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('payment_confirming');
    expect(res.json().error.message).toMatch(/bevestigen/);
    expect(res.headers['retry-after']).toBe('10');
    await standIn.settled();
    // The provider made the payment; the order is kept, waiting to learn it.
    const kept = await orderRow(id);
    expect(kept).toMatchObject({ status: 'open', provider_payment_id: null });
    expect(await paymentsAtProvider(kept!.id)).toBe(1);

    // The provider answers again: the member's retry of the same attempt is the same payment.
    standIn.pass();
    const again = await order(v, { attempt_id: attempt });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().order.id).toBe(kept!.id);
    expect(await paymentsAtProvider(kept!.id)).toBe(1);
    useProvider(sandbox);
    await pay(v, again.json().checkout_url, 'paid');
    expect(await books(id)).toMatchObject({ credits: 155, ledger: 155, purchases: 1, paid_user: true });
  });

  it('checkout: the payment the provider made is booked by its webhook, although our create never heard back', async () => {
    const { v, id } = await dutchMember();
    standIn.holdCreates();
    useProvider(standIn.provider());
    expect((await order(v)).statusCode).toBe(503);
    await standIn.settled();
    useProvider(sandbox);
    const kept = await orderRow(id);
    const [payment] = await t.db.query<{ id: string }>(
      `SELECT id FROM sandbox_payments WHERE metadata->>'order_id' = $1`,
      [kept!.id],
    );
    // The payer paid at the provider (its dashboard stands in for the checkout we never linked to):
    // its webhook names a payment we never recorded, and finds the order waiting for it.
    await control(payment!.id, 'status', { status: 'paid' });
    expect(await orderRow(id)).toMatchObject({ status: 'paid', provider_payment_id: payment!.id });
    await control(payment!.id, 'webhooks', { action: 'replay', times: 5 });
    expect(await books(id)).toMatchObject({ credits: 155, ledger: 155, purchases: 1 });
  });

  it('repeat order by stored card: the charge the provider made is confirmed by a job and booked once; the retry charges nothing more', async () => {
    const { v, id } = await dutchMember();
    const first = (await order(v, { method: 'visa', package_id: 'p0' })).json();
    await pay(v, first.checkout_url, 'paid');
    expect((await books(id)).credits).toBe(30);

    standIn.holdCreates();
    useProvider(standIn.provider());
    const attempt = randomUUID();
    const res = await v.post('/api/orders/repeat', { package_id: 'p1', attempt_id: attempt });
    expect(res.statusCode, res.body).toBe(200);
    // Not failed, not paid: the member's page shows it as being confirmed.
    expect(res.json().order.status).toBe('open');
    await standIn.settled();
    const pending = await orderRow(id);
    expect(await paymentsAtProvider(pending!.id)).toBe(1); // charged at the provider
    expect((await books(id)).credits).toBe(30); // not booked yet

    useProvider(sandbox);
    expect(await t.app.jobs.drain({ names: ['payments.confirm'] })).toBeGreaterThan(0);
    expect(await orderRow(id)).toMatchObject({ id: pending!.id, status: 'paid' });
    expect(await books(id)).toMatchObject({ credits: 90, ledger: 90, purchases: 2 });

    const retry = await v.post('/api/orders/repeat', { package_id: 'p1', attempt_id: attempt });
    expect(retry.json().order).toMatchObject({ id: pending!.id, status: 'paid' });
    expect(await paymentsAtProvider(pending!.id)).toBe(1);
    expect(await books(id)).toMatchObject({ credits: 90, ledger: 90, purchases: 2 });
  });

  it('direct debit: the debit the provider made is found by the retry of the same form (the SMS code already spent)', async () => {
    const { v, id } = await dutchMember();
    const phone = '+31633333333';
    expect((await v.post('/api/direct-debit/code', { phone })).statusCode).toBe(202);
    const form = directDebitForm({ phone, code: await smsCodeTo(t.app, phone) });
    standIn.holdCreates();
    useProvider(standIn.provider());
    const res = await v.post('/api/direct-debit', form);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.status).toBe('open');
    await standIn.settled();
    const kept = await orderRow(id);
    expect(await paymentsAtProvider(kept!.id)).toBe(1);

    standIn.pass();
    const again = await v.post('/api/direct-debit', form);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().order).toMatchObject({ id: kept!.id, status: 'pending' });
    expect(await paymentsAtProvider(kept!.id)).toBe(1);
    // The sandbox's bank pays it (its settle job), and it is booked once.
    useProvider(sandbox);
    await t.app.jobs.drain({ names: ['sandbox.settle'] });
    expect(await orderRow(id)).toMatchObject({ status: 'paid' });
    expect(await books(id)).toMatchObject({ credits: 65, ledger: 65, purchases: 1 });
  });
});

describe('a provider that is down (connection refused)', () => {
  it("answers 'nothing was charged, try again', keeps the order, and the retry makes one payment", async () => {
    const { v, id } = await dutchMember();
    useProvider(await downProvider(t.app.sandboxKey!));
    const attempt = randomUUID();
    const res = await order(v, { attempt_id: attempt });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('payment_provider_unavailable');
    expect(res.json().error.message).toMatch(/niets afgeschreven/);
    const kept = await orderRow(id);
    expect(kept).toMatchObject({ status: 'open', provider_payment_id: null });

    useProvider(sandbox);
    const again = await order(v, { attempt_id: attempt });
    expect(again.statusCode).toBe(201);
    expect(again.json().order.id).toBe(kept!.id);
    expect(await paymentsAtProvider(kept!.id)).toBe(1);
  });

  it('an order the provider never made a payment for expires once no create can still make one, and gives its code back', async () => {
    const { v, id } = await dutchMember();
    const siteId = await t.siteId('nl.localhost');
    await t.db.query(
      `INSERT INTO discount_codes (site_id, code, value_percentage, validity) VALUES ($1, 'DOWN10', 10, 'single_use')`,
      [siteId],
    );
    useProvider(await downProvider(t.app.sandboxKey!));
    expect((await order(v, { code: 'DOWN10' })).statusCode).toBe(503);
    useProvider(sandbox);
    const kept = await orderRow(id);
    // The code is held by the order while its payment may exist.
    expect((await order(v, { code: 'DOWN10' })).json().error.code).toBe('code_used');
    // Some minutes later the provider, asked, still has no payment for it.
    await t.db.query(
      `UPDATE orders SET created_at = now() - interval '20 minutes', updated_at = now() - interval '20 minutes',
         payment_requested_at = now() - interval '20 minutes' WHERE id = $1`,
      [kept!.id],
    );
    await reconcileOrders(t.db, sandbox);
    const [after] = await t.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [
      kept!.id,
    ]);
    expect(after!.status).toBe('expired');
    expect((await order(v, { code: 'DOWN10' })).statusCode).toBe(201);
  });
});

describe('a provider that is down when asked about a payment', () => {
  it('a webhook answers 503 (the provider posts it again), the return page shows the order as it is, nothing 500s; it settles once the provider is back', async () => {
    const { v, id } = await dutchMember();
    const { order: o, checkout_url } = (await order(v)).json();
    const tr = checkout_url.split('/').pop();
    await control(tr, 'webhooks', { action: 'hold' });
    await pay(v, checkout_url, 'paid');
    useProvider(await downProvider(t.app.sandboxKey!));
    const hook = await t.app.inject({
      method: 'POST',
      url: '/payments/webhook',
      headers: { host: NL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${tr}`,
    });
    expect(hook.statusCode).toBe(503);
    expect(hook.headers['retry-after']).toBe('60');
    const back = await v.post(`/api/orders/${o.id}/sync`);
    expect(back.statusCode).toBe(200);
    expect(back.json().order.status).toBe('open');
    expect((await books(id)).purchases).toBe(0);
    useProvider(sandbox);
    await control(tr, 'webhooks', { action: 'release' });
    expect(await books(id)).toMatchObject({ credits: 155, ledger: 155, purchases: 1 });
  });
});

describe('reconciliation behind many abandoned checkouts', () => {
  it('books three lost webhooks at once behind 226 abandoned checkouts, and expires the abandoned ones with the provider (or when it has none)', async () => {
    const { id: abandoner } = await dutchMember();
    const siteId = await t.siteId('nl.localhost');
    // 226 checkouts nobody finished, an hour old: the provider's payments are still open at their
    // side until it expires them.
    await t.db.query(
      `WITH o AS (
         INSERT INTO orders (user_id, site_id, attempt_id, package_id, credits, amount, currency, country, method,
                             provider, provider_payment_id, created_at, updated_at)
         SELECT $1, $2, gen_random_uuid(), 'p2', 150, 3999, 'EUR', 'NL', 'ideal', 'sandbox',
                'tr_abandoned' || g, now() - interval '1 hour', now() - interval '1 hour'
           FROM generate_series(1, 226) g RETURNING id, provider_payment_id)
       INSERT INTO sandbox_payments (id, idempotency, amount, currency, description, method, status, metadata, created_at)
       SELECT provider_payment_id, id::text, 3999, 'EUR', 'abandoned', 'ideal', 'open',
              jsonb_build_object('order_id', id, 'method', 'ideal'), now() - interval '1 hour' FROM o`,
      [abandoner, siteId],
    );
    // Six of them the provider no longer knows at all (its records of them are gone).
    await t.db.query(
      `DELETE FROM sandbox_payments WHERE id IN ('tr_abandoned1', 'tr_abandoned2', 'tr_abandoned3',
         'tr_abandoned4', 'tr_abandoned5', 'tr_abandoned6')`,
    );
    // Three members paid; their webhooks were lost.
    const payers: { id: string; order: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const { v, id } = await dutchMember();
      const { order: o, checkout_url } = (await order(v)).json();
      await control(checkout_url.split('/').pop(), 'webhooks', { action: 'hold' });
      await pay(v, checkout_url, 'paid');
      payers.push({ id, order: o.id });
    }
    await t.db.query(
      `UPDATE orders SET updated_at = now() - interval '10 minutes' WHERE id = ANY($1::uuid[])`,
      [payers.map((p) => p.order)],
    );
    for (const p of payers) expect((await books(p.id)).purchases).toBe(0);

    // Even a run that may look at only 10 orders books them: never-checked orders go first, newest first.
    const first = await reconcileOrders(t.db, sandbox, { maxOrders: 10 });
    expect(
      first
        .filter((c) => c.order.status === 'paid')
        .map((c) => c.order.id)
        .sort(),
    ).toEqual(payers.map((p) => p.order).sort());
    for (const p of payers) {
      expect(await books(p.id)).toMatchObject({ credits: 155, ledger: 155, purchases: 1, paid_user: true });
    }
    // The next run reaches every other open order: the abandoned ones end as their payments did.
    await reconcileOrders(t.db, sandbox);
    const left = await t.db.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM orders WHERE user_id = $1 GROUP BY status`,
      [abandoner],
    );
    expect(left).toEqual([{ status: 'expired', n: 226 }]);
    // Runs again book nothing twice.
    await reconcileOrders(t.db, sandbox, { olderThanS: 0 });
    for (const p of payers) expect((await books(p.id)).purchases).toBe(1);
  });
});
