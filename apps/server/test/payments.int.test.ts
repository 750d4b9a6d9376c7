import { randomUUID } from 'node:crypto';
import { directDebitBodySchema } from '@amora/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { book } from '../src/features/credits/ledger.ts';
import { payByDirectDebit } from '../src/features/payments/direct-debit.service.ts';
import { reconcileOrders } from '../src/features/payments/reconcile.job.ts';
import type { Db, Queryable } from '../src/platform/db.ts';
import { tFor } from '../src/platform/i18n.ts';
import { enqueueJob } from '../src/platform/jobs.ts';
import {
  cookiesOf,
  directDebitForm,
  failNextRecurring,
  order,
  payAtCheckout,
  sandboxControl,
  smsCodeTo,
} from './checkout.ts';
import { createTestApp, useTestApp, type Visitor } from './helpers.ts';

// The sandbox's bank keeps pending payments pending during the tests (they settle them by control).
const t = useTestApp({ members: 8, env: { PAYMENT_SANDBOX_SETTLE_SECONDS: '3600' } });
const NL = 'nl.localhost:3999';

/** A new, activated member of the Dutch site (5 signup credits, not premium). */
const dutchMember = () => t.member({ country: 'NL' }, NL);

/** A count(*) AS n query's answer. */
const count = async (sql: string, id: string) => (await t.db.query<{ n: number }>(sql, [id]))[0]!.n;

const paymentId = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;

const control = (id: string, action: string, body: Record<string, unknown>) =>
  sandboxControl(t.app, NL, id, action, body);

const pay = (v: Visitor, checkoutUrl: string, outcome: string) =>
  payAtCheckout(t.app, v, checkoutUrl, outcome);

const state = async (userId: string) =>
  (
    await t.db.query<{ credits: number; paid_user: boolean; purchases: number; dd_blocked: boolean }>(
      `SELECT credits, paid_user, direct_debit_blocked AS dd_blocked,
              (SELECT count(*)::int FROM credit_ledger WHERE user_id = $1 AND reason = 'purchase') AS purchases
         FROM users WHERE id = $1`,
      [userId],
    )
  )[0]!;

describe('prices', () => {
  let v: Visitor;
  beforeAll(async () => {
    ({ v } = await dutchMember());
  });

  it("are the site's packages in the member's currency, popular marked, with the methods of their country", async () => {
    const res = await v.get('/api/pricing');
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.currency).toBe('EUR');
    expect(p.packages.map((x: { id: string }) => x.id)).toEqual(['p0', 'p1', 'p2', 'p3']);
    expect(p.packages.find((x: { popular: boolean }) => x.popular).id).toBe('p2');
    expect(p.methods[0]).toBe('ideal');
    expect(p.methods).not.toContain('bancontact');
    expect(p.methods).not.toContain('giropay');
    expect(p.methods).not.toContain('sofort');
    expect(p.costs).toEqual({ message: 1, photo: 2, gift: 3 });
    // The built-in sandbox takes the payments: the checkout pages say no money moves.
    expect(p.test_payments).toBe(true);
  });

  it('for a visitor from Poland: złoty, BLIK and Przelewy24', async () => {
    const res = await t.app.inject({
      url: '/api/pricing',
      headers: { host: 'localhost:3999', cookie: 'country=PL' },
    });
    const p = res.json();
    expect(p.currency).toBe('PLN');
    expect(p.methods.slice(0, 2).sort()).toEqual(['blik', 'prezelewy24']);
    expect(p.methods).not.toContain('ideal');
  });
});

describe('buying credits through the sandbox provider', () => {
  it('a paid order books the credits once and makes the member premium at once', async () => {
    const { v, id } = await dutchMember();
    expect((await v.get('/api/user.php')).json().user.paid_user).toBe(false);
    const res = await order(v, { amount: 1, currency: 'USD', credits: 99999 });
    expect(res.statusCode, res.body).toBe(201);
    const { order: o, checkout_url } = res.json();
    // The browser's numbers are ignored: the server priced the popular package for NL.
    expect(o).toMatchObject({
      package_id: 'p2',
      credits: 150,
      amount: 3999,
      currency: 'EUR',
      status: 'open',
    });
    expect(checkout_url).toMatch(/^http:\/\/nl\.localhost:3999\/sandbox\/checkout\/tr_\w+$/);

    const page = await v.get(new URL(checkout_url).pathname);
    expect(page.body).toContain('Testbetaling');
    expect(page.body).toContain('€');

    const back = await pay(v, checkout_url, 'paid');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`http://nl.localhost:3999/transactions/${o.id}`);
    // The webhook came in as the provider posts it; the server asked the provider and booked.
    expect(await state(id)).toMatchObject({ credits: 155, paid_user: true, purchases: 1 });
    // Premium at once, although this member's session was cached a moment ago.
    expect((await v.get('/api/user.php')).json().user).toMatchObject({ paid_user: true, credits: 155 });
    const detail = (await v.get(`/api/orders/${o.id}`)).json();
    expect(detail.order.status).toBe('paid');
    expect(detail.user).toEqual({ credits: 155, paid_user: true });
    expect(Date.parse(detail.refund_until) - Date.parse(detail.order.paid_at)).toBe(14 * 86_400_000);
    const list = (await v.get('/api/orders')).json();
    expect(list.orders.map((x: { id: string }) => x.id)).toEqual([o.id]);
  });

  it('twenty parallel clicks of one checkout attempt are one order and one provider payment', async () => {
    const { v, id } = await dutchMember();
    const attempt = randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, () => order(v, { attempt_id: attempt })));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(new Set(results.map((r) => r.json().checkout_url)).size).toBe(1);
    const n = await count('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', id);
    expect(n).toBe(1);
    const p = await count(
      'SELECT count(*)::int AS n FROM sandbox_payments WHERE idempotency = (SELECT id::text FROM orders WHERE user_id = $1)',
      id,
    );
    expect(p).toBe(1);
  });

  it('the same paid webhook ten times at once credits once; a return page before the webhook, once', async () => {
    const { v, id } = await dutchMember();
    const { order: o, checkout_url } = (await order(v)).json();
    const tr = paymentId(checkout_url);
    await control(tr, 'webhooks', { action: 'hold' });
    await pay(v, checkout_url, 'paid');
    expect((await state(id)).credits).toBe(5); // the webhook is held back
    const synced = (await v.post(`/api/orders/${o.id}/sync`)).json();
    expect(synced.order.status).toBe('paid');
    expect(synced.user.credits).toBe(155);
    await control(tr, 'webhooks', { action: 'release' });
    await control(tr, 'webhooks', { action: 'replay', times: 10 });
    expect(await state(id)).toMatchObject({ credits: 155, purchases: 1 });
    const events = await t.db.query('SELECT status FROM order_events WHERE order_id = $1 ORDER BY id', [
      o.id,
    ]);
    expect(events.map((e) => e.status)).toEqual(['open', 'paid']);
  });

  it('pending, then paid: the order waits in pending and books when the bank says paid', async () => {
    const { v, id } = await dutchMember();
    const { order: o, checkout_url } = (await order(v, { method: 'sct' })).json();
    await control(paymentId(checkout_url), 'status', { status: 'pending' });
    expect((await v.get(`/api/orders/${o.id}`)).json().order.status).toBe('pending');
    expect((await state(id)).credits).toBe(5);
    await control(paymentId(checkout_url), 'status', { status: 'paid' });
    expect((await v.get(`/api/orders/${o.id}`)).json().order.status).toBe('paid');
    expect((await state(id)).credits).toBe(155);
  });

  it('a failed or cancelled payment books nothing, and a later webhook cannot move it back', async () => {
    const { v, id } = await dutchMember();
    for (const [outcome, status] of [
      ['failed', 'failed'],
      ['canceled', 'cancelled'],
      ['expired', 'expired'],
    ]) {
      const { order: o, checkout_url } = (await order(v)).json();
      await pay(v, checkout_url, outcome!);
      expect((await v.get(`/api/orders/${o.id}`)).json().order.status).toBe(status);
      await control(paymentId(checkout_url), 'webhooks', { action: 'replay', times: 3 });
      expect((await v.get(`/api/orders/${o.id}`)).json().order.status).toBe(status);
    }
    expect(await state(id)).toMatchObject({ credits: 5, paid_user: false, purchases: 0 });
  });

  it('forged webhooks (random ids, ids that are not payments) change nothing and get the same answer', async () => {
    const { v, id } = await dutchMember();
    const { order: o } = (await order(v)).json();
    for (const forged of ['tr_NotARealOne1', 'tr_', "1' OR 1=1", 'x'.repeat(64), o.id]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/payments/webhook',
        headers: { host: NL, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `id=${encodeURIComponent(forged)}`,
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await v.get(`/api/orders/${o.id}`)).json().order.status).toBe('open');
    expect((await state(id)).credits).toBe(5);
  });

  it("nobody reads another member's order", async () => {
    const { v } = await dutchMember();
    const other = await dutchMember();
    const { order: o } = (await order(v)).json();
    expect((await other.v.get(`/api/orders/${o.id}`)).statusCode).toBe(404);
    expect((await other.v.post(`/api/orders/${o.id}/sync`)).statusCode).toBe(404);
    expect((await other.v.get('/api/orders')).json().orders).toEqual([]);
    expect((await other.v.get('/api/orders/not-a-uuid')).statusCode).toBe(404);
  });

  it('refuses a method not offered in the member’s country, and a retired scheme, with a translated message', async () => {
    const { v } = await dutchMember();
    for (const method of ['blik', 'giropay', 'sofort']) {
      const res = await order(v, { method });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('payment_method_unavailable');
      expect(res.json().error.message).toMatch(/betaalmethode/);
    }
    expect((await order(v, { package_id: 'p9' })).statusCode).toBe(400);
  });
});

describe('refunds and chargebacks', () => {
  it('a full refund takes back what is left, never below zero; the rest is recorded and blocks direct debit', async () => {
    const { v, id } = await dutchMember();
    const { order: o, checkout_url } = (await order(v, { package_id: 'p0' })).json();
    await pay(v, checkout_url, 'paid');
    expect((await state(id)).credits).toBe(30);
    const siteId = await t.siteId('nl.localhost');
    // 20 of them spent in chats
    await t.db.tx((q) => book(q, { userId: id, siteId, delta: -20, reason: 'message', ref: 'spent' }));
    await t.app.payments!.refund(paymentId(checkout_url), 999, 'EUR', `refund-${o.id}`);
    const detail = (await v.get(`/api/orders/${o.id}`)).json();
    expect(detail.order).toMatchObject({ status: 'refunded', reversed_credits: 10 });
    expect(await state(id)).toMatchObject({ credits: 0, dd_blocked: true });
    const [row] = await t.db.query('SELECT uncollected_credits FROM orders WHERE id = $1', [o.id]);
    expect(row!.uncollected_credits).toBe(15);
  });

  it('a chargeback books a reversal once, however often the webhook comes', async () => {
    const { v, id } = await dutchMember();
    const { order: o, checkout_url } = (await order(v, { package_id: 'p1' })).json();
    await pay(v, checkout_url, 'paid');
    await control(paymentId(checkout_url), 'chargeback', {});
    await control(paymentId(checkout_url), 'webhooks', { action: 'replay', times: 5 });
    expect((await v.get(`/api/orders/${o.id}`)).json().order).toMatchObject({
      status: 'charged_back',
      reversed_credits: 60,
    });
    expect(await state(id)).toMatchObject({ credits: 5, dd_blocked: false });
    const rows = await t.db.query(
      `SELECT delta FROM credit_ledger WHERE user_id = $1 AND reason = 'chargeback'`,
      [id],
    );
    expect(rows.map((r) => r.delta)).toEqual([-60]);
  });
});

describe('stored card and repeat order', () => {
  it('a card payment stores the card; a repeat order pays with it at once, without a checkout', async () => {
    const { v, id } = await dutchMember();
    expect((await v.get('/api/payments/stored')).json()).toEqual({ card: null, direct_debit: null });
    const { checkout_url } = (await order(v, { method: 'mastercard', package_id: 'p0' })).json();
    await pay(v, checkout_url, 'paid');
    expect((await v.get('/api/payments/stored')).json().card).toEqual({
      label: 'Mastercard •••• 4444',
      method: 'mastercard',
    });
    const attempt = randomUUID();
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () =>
        v.post('/api/orders/repeat', { package_id: 'p1', attempt_id: attempt }),
      ),
    );
    expect(clicks.every((r) => r.statusCode === 200)).toBe(true);
    const repeat = clicks[0]!.json();
    expect(repeat.order).toMatchObject({ status: 'paid', credits: 60, method: 'mastercard' });
    expect(new Set(clicks.map((r) => r.json().order.id)).size).toBe(1);
    expect(await state(id)).toMatchObject({ credits: 5 + 25 + 60, purchases: 2 });
  });

  it('a failed repeat payment books nothing and says so; without a stored card there is nothing to repeat', async () => {
    const { v, id } = await dutchMember();
    expect(
      (await v.post('/api/orders/repeat', { package_id: 'p1', attempt_id: randomUUID() })).statusCode,
    ).toBe(409);
    const { checkout_url } = (await order(v, { method: 'visa', package_id: 'p0' })).json();
    await pay(v, checkout_url, 'paid');
    expect((await failNextRecurring(t, NL, id)).statusCode).toBe(200);
    const failed = (
      await v.post('/api/orders/repeat', { package_id: 'p1', attempt_id: randomUUID() })
    ).json();
    expect(failed.order.status).toBe('failed');
    expect(await state(id)).toMatchObject({ credits: 30, purchases: 1 });
    const retry = (await v.post('/api/orders/repeat', { package_id: 'p1', attempt_id: randomUUID() })).json();
    expect(retry.order.status).toBe('paid');
    expect((await state(id)).credits).toBe(90);
  });
});

describe('SEPA direct debit', () => {
  const form = directDebitForm;
  /** The code of the newest text message to this phone (the SMS outbox). */
  const smsCode = (phone = '+31612345678') => smsCodeTo(t.app, phone);

  it('sends a code, refuses a wrong one, and with the right one records the mandate and debits (pending, then paid)', async () => {
    const { v, id } = await dutchMember();
    expect((await v.get('/api/pricing')).json().direct_debit).toBe(true);
    const sent = await v.post('/api/direct-debit/code', { phone: '+31 6 1234 5678' });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ resend_after: 60 });
    const again = await v.post('/api/direct-debit/code', { phone: '+31612345678' });
    expect(again.statusCode).toBe(429);
    const code = await smsCode();
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await v.post('/api/direct-debit', form({ code: code === '111111' ? '222222' : '111111' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Code ongeldig');
    const badIban = await v.post('/api/direct-debit', form({ code, iban: 'NL91 ABNA 0417 1643 01' }));
    expect(badIban.json().error.fields.iban).toMatch(/IBAN/);
    const noMandate = await v.post('/api/direct-debit', form({ code, mandate: false }));
    expect(noMandate.statusCode).toBe(400);

    const ok = await v.post('/api/direct-debit', form({ code }));
    expect(ok.statusCode, ok.body).toBe(201);
    const { order: o } = ok.json();
    expect(o).toMatchObject({ status: 'pending', method: 'sdd', credits: 60 });
    const [m] = await t.db.query(
      'SELECT reference, creditor_id, text_version, holder, label, signed_at FROM payment_mandates WHERE user_id = $1',
      [id],
    );
    expect(m).toMatchObject({ creditor_id: 'NL00ZZZ123456780000', text_version: 'sdd-one-time-2026-11' });
    expect(m!.label).toBe('NL•• •••• 4300');
    expect(m!.signed_at).toBeTruthy();
    await expect(
      t.db.query(`UPDATE payment_mandates SET reference = 'X' WHERE user_id = $1`, [id]),
    ).rejects.toThrow();
    // The code is used up: the same form again is refused.
    expect((await v.post('/api/direct-debit', form({ code }))).statusCode).toBe(400);

    const paymentOf = (
      await t.db.query<{ p: string }>('SELECT provider_payment_id AS p FROM orders WHERE id = $1', [o.id])
    )[0]!.p;
    await control(paymentOf, 'status', { status: 'paid' });
    expect(await state(id)).toMatchObject({ credits: 65, paid_user: true });
  });

  it('five wrong codes use the code up', async () => {
    const { v } = await dutchMember();
    await v.post('/api/direct-debit/code', { phone: '+31611111111' });
    const code = await smsCode('+31611111111');
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++)
      await v.post('/api/direct-debit', form({ code: wrong, phone: '+31611111111' }));
    const res = await v.post('/api/direct-debit', form({ code, phone: '+31611111111' }));
    expect(res.json().error.code).toBe('sms_code_expired');
  });

  it('a member blocked for direct debit, or over the limits, is told so', async () => {
    const { v, id } = await dutchMember();
    await v.post('/api/direct-debit/code', { phone: '+31622222222' });
    const code = await smsCode('+31622222222');
    const tooDear = await v.post(
      '/api/direct-debit',
      form({ code, package_id: 'p3', phone: '+31622222222' }),
    );
    expect(tooDear.json().error.code).toBe('direct_debit_limit');
    expect(tooDear.json().error.message).toMatch(/goedkoper pakket/);
    await t.db.query('UPDATE users SET direct_debit_blocked = true WHERE id = $1', [id]);
    const blocked = await v.post('/api/direct-debit', form({ code, phone: '+31622222222' }));
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('direct_debit_blocked');
  });
});

describe('reconciliation', () => {
  it('settles an order whose webhooks were lost, and leaves settled ones alone', async () => {
    const { v, id } = await dutchMember();
    const { order: o, checkout_url } = (await order(v)).json();
    await control(paymentId(checkout_url), 'webhooks', { action: 'hold' });
    await pay(v, checkout_url, 'paid');
    expect((await state(id)).credits).toBe(5);
    // Not yet: the order changed a moment ago.
    expect((await reconcileOrders(t.db, t.app.payments!)).some((c) => c.order.id === o.id)).toBe(false);
    await t.db.query(`UPDATE orders SET updated_at = now() - interval '10 minutes' WHERE id = $1`, [o.id]);
    const changes = await reconcileOrders(t.db, t.app.payments!);
    expect(changes.find((c) => c.order.id === o.id)?.order.status).toBe('paid');
    expect(await state(id)).toMatchObject({ credits: 155, purchases: 1 });
    expect(
      (await reconcileOrders(t.db, t.app.payments!, { olderThanS: 0 })).some((c) => c.order.id === o.id),
    ).toBe(false);
  });
});

describe('the sandbox checkout answers only the member who made the payment (issue 25 item 1)', () => {
  it('an unauthenticated post, another member, or a post without the page settle nothing; the payer sees that no money moves', async () => {
    const { v, id } = await dutchMember();
    const other = await dutchMember();
    const { order: o, checkout_url } = (await order(v)).json();
    const path = new URL(checkout_url).pathname;
    const form = { host: NL, 'content-type': 'application/x-www-form-urlencoded' };
    expect((await t.app.inject({ url: path, headers: { host: NL } })).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: path,
      headers: form,
      payload: 'outcome=paid',
    });
    expect(anonymous.statusCode).toBe(404);
    expect((await other.v.get(path)).statusCode).toBe(404);
    expect((await payAtCheckout(t.app, other.v, checkout_url, 'paid')).statusCode).toBe(404);
    const withoutPage = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { ...form, cookie: cookiesOf(v) },
      payload: 'outcome=paid',
    });
    expect(withoutPage.statusCode).toBe(404);
    expect((await v.get(`/api/orders/${o.id}`)).json().order.status).toBe('open');
    expect(await state(id)).toMatchObject({ credits: 5, paid_user: false });

    const page = await v.get(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('class="banner" role="note"');
    expect(page.body).toContain(tFor('nl')('sandbox.banner').replace(/'/g, '&#39;'));
    expect((await pay(v, checkout_url, 'paid')).statusCode).toBe(303);
    expect(await state(id)).toMatchObject({ credits: 155, paid_user: true });
  });
});

describe("the sandbox's bank is a job (issue 24 item 10, issue 26 item 5)", () => {
  it('"pending, then paid" outlives the instance it was chosen on: another instance settles it', async () => {
    const { v, id } = await dutchMember();
    const { order: o, checkout_url } = (await order(v, { method: 'sct' })).json();
    await pay(v, checkout_url, 'pending');
    expect((await v.get(`/api/orders/${o.id}`)).json().order.status).toBe('pending');
    const queued = await t.db.query(
      `SELECT 1 FROM jobs WHERE name = 'sandbox.settle' AND state = 'queued' AND payload->>'id' = $1`,
      [paymentId(checkout_url)],
    );
    expect(queued).toHaveLength(1);
    // Another instance on the same database: whatever timer the first had would have died with it.
    const other = await createTestApp({ db: t.db, env: { PAYMENT_SANDBOX_SETTLE_SECONDS: '3600' } });
    try {
      expect(await other.app.jobs.drain({ names: ['sandbox.settle'] })).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
    expect((await v.get(`/api/orders/${o.id}`)).json().order.status).toBe('paid');
    expect(await state(id)).toMatchObject({ credits: 155, purchases: 1, paid_user: true });
  });

  it('a sandbox direct debit settles after its time (pending, then paid)', async () => {
    const { v, id } = await dutchMember();
    const phone = '+31677777777';
    await v.post('/api/direct-debit/code', { phone });
    const res = await v.post(
      '/api/direct-debit',
      directDebitForm({ phone, code: await smsCodeTo(t.app, phone) }),
    );
    expect(res.json().order.status).toBe('pending');
    await t.app.jobs.drain({ names: ['sandbox.settle'] });
    expect((await v.get(`/api/orders/${res.json().order.id}`)).json().order.status).toBe('paid');
    expect(await state(id)).toMatchObject({ credits: 65, purchases: 1 });
  });

  it('an open sandbox payment expires as Mollie’s do, and its order gives a held single-use code back', async () => {
    const siteId = await t.siteId('nl.localhost');
    await t.db.query(
      `INSERT INTO discount_codes (site_id, code, value_percentage, validity) VALUES ($1, 'HELD10', 10, 'single_use')`,
      [siteId],
    );
    const { v } = await dutchMember();
    const { order: o, checkout_url } = (await order(v, { code: 'HELD10' })).json();
    expect((await order(v, { code: 'HELD10' })).json().error.code).toBe('code_used');
    // The payer left the checkout a while ago.
    await t.db.query(`UPDATE sandbox_payments SET created_at = now() - interval '20 minutes' WHERE id = $1`, [
      paymentId(checkout_url),
    ]);
    await enqueueJob(t.db, 'sandbox.expire');
    await t.app.jobs.drain({ names: ['sandbox.expire'] });
    expect((await v.get(`/api/orders/${o.id}`)).json().order.status).toBe('expired');
    expect((await order(v, { code: 'HELD10' })).statusCode).toBe(201);
  });
});

describe('premium follows the purchases that still stand (issue 25 item 2)', () => {
  /** Photos of a member, put in directly (the upload path is tested with the photos). */
  async function addPhotos(userId: string, n: number) {
    const siteId = await t.siteId('nl.localhost');
    for (let i = 0; i < n; i++) {
      await t.db.query(
        `INSERT INTO photos (user_id, site_id, storage_key, status, is_main, position, width, height, reviewed_at)
         VALUES ($1, $2, $3, 'active', $4, $5, 800, 600, now())`,
        [userId, siteId, `test/${userId}/${i}`, i === 0, i],
      );
    }
  }
  const photoState = async (userId: string) =>
    (
      await t.db.query<{ photo_count: number; held: number; total: number; main_held: boolean }>(
        `SELECT u.photo_count,
                (SELECT count(*)::int FROM photos WHERE user_id = u.id AND over_limit) AS held,
                (SELECT count(*)::int FROM photos WHERE user_id = u.id) AS total,
                (SELECT bool_or(over_limit) FROM photos WHERE user_id = u.id AND is_main) AS main_held
           FROM users u WHERE u.id = $1`,
        [userId],
      )
    )[0]!;

  /** A member premium by one paid purchase (p0), with 5 photos and 4 conversations started. */
  async function premiumMember() {
    const m = await dutchMember();
    const { order: o, checkout_url } = (await order(m.v, { package_id: 'p0' })).json();
    await pay(m.v, checkout_url, 'paid');
    await addPhotos(m.id, 5);
    await t.db.query('UPDATE users SET conversations_started = 4 WHERE id = $1', [m.id]);
    // The member's session is read (and cached) as premium.
    expect((await m.v.get('/api/user.php')).json().user.paid_user).toBe(true);
    return { ...m, order: o, tr: paymentId(checkout_url) };
  }

  it('a full refund of the only purchase ends premium at once: photos beyond 3 held back, not deleted; the member is told', async () => {
    const m = await premiumMember();
    await t.app.payments!.refund(m.tr, m.order.amount, 'EUR', `refund-${m.order.id}`);
    expect(await state(m.id)).toMatchObject({ paid_user: false, credits: 5 });
    expect(await photoState(m.id)).toEqual({ photo_count: 3, held: 2, total: 5, main_held: false });
    // At once, although the session was cached as premium a moment ago.
    expect((await m.v.get('/api/user.php')).json().user.paid_user).toBe(false);
    const own = (await m.v.get('/api/profile')).json();
    expect(own.photos).toHaveLength(5);
    expect(own.photos.filter((p: { locked: boolean }) => p.locked)).toHaveLength(2);
    const other = await dutchMember();
    const seen = await other.v.get(`/api/members/${m.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().photos).toHaveLength(3);
    const mail = await t.smtp.waitFor(m.body.email, (x) => x.subject.includes('premium'));
    expect(mail.subject).toMatch(/^Je premium lidmaatschap bij .+ is beëindigd$/);
    expect(mail.text).toContain('volledig terugbetaald');
    expect(mail.text).toContain('verborgen: 2');
    // A free member again: a 4th conversation started while premium stays (the database allows
    // it), and a member who buys again is premium again with every photo back.
    const { checkout_url } = (await order(m.v, { package_id: 'p0' })).json();
    await pay(m.v, checkout_url, 'paid');
    expect(await state(m.id)).toMatchObject({ paid_user: true });
    expect(await photoState(m.id)).toMatchObject({ photo_count: 5, held: 0 });
  });

  it('a chargeback of the only purchase ends premium too', async () => {
    const m = await premiumMember();
    await control(m.tr, 'chargeback', {});
    expect(await state(m.id)).toMatchObject({ paid_user: false });
    expect(await photoState(m.id)).toMatchObject({ photo_count: 3, held: 2 });
    expect((await m.v.get('/api/user.php')).json().user.paid_user).toBe(false);
    const mail = await t.smtp.waitFor(m.body.email, (x) => x.subject.includes('premium'));
    expect(mail.text).toContain('teruggeboekt');
  });

  it('a member premium before buying anything (as demo members are) keeps it when their purchase is refunded', async () => {
    const { v, id } = await dutchMember();
    await t.db.query('UPDATE users SET paid_user = true WHERE id = $1', [id]);
    const { order: o, checkout_url } = (await order(v, { package_id: 'p0' })).json();
    await pay(v, checkout_url, 'paid');
    await t.app.payments!.refund(paymentId(checkout_url), o.amount, 'EUR', `refund-${o.id}`);
    expect((await v.get(`/api/orders/${o.id}`)).json().order.status).toBe('refunded');
    expect(await state(id)).toMatchObject({ paid_user: true });
  });

  it('with a second purchase standing premium stays; a partial refund keeps it; the last full reversal ends it', async () => {
    const m = await premiumMember();
    const second = (await order(m.v, { package_id: 'p1' })).json();
    await pay(m.v, second.checkout_url, 'paid');
    await t.app.payments!.refund(m.tr, m.order.amount, 'EUR', `refund-${m.order.id}`);
    expect(await state(m.id)).toMatchObject({ paid_user: true });
    expect(await photoState(m.id)).toMatchObject({ photo_count: 5, held: 0 });
    const tr2 = paymentId(second.checkout_url);
    await t.app.payments!.refund(tr2, 500, 'EUR', `refund-part-${second.order.id}`);
    expect(await state(m.id)).toMatchObject({ paid_user: true });
    await t.app.payments!.refund(tr2, second.order.amount - 500, 'EUR', `refund-rest-${second.order.id}`);
    expect(await state(m.id)).toMatchObject({ paid_user: false });
    expect(await photoState(m.id)).toMatchObject({ photo_count: 3, held: 2 });
  });
});

describe('SEPA codes and stored cards against parallel abuse (issue 25 item 5)', () => {
  /**
   * The database, with every write to sms_codes held at a gate until `n` have come: then the
   * first n - 1 go (and finish), then the last. Reads pass. This is the race of parallel guesses
   * made certain: every guess has read the code before any try is counted.
   */
  function gatedSmsWrites(db: Db, n: number) {
    const held: { go: () => void; done: Promise<void> }[] = [];
    let arrivedResolve!: () => void;
    const arrived = new Promise<void>((r) => {
      arrivedResolve = r;
    });
    const gate = async <T>(run: () => Promise<T>): Promise<T> => {
      let go!: () => void;
      let finished!: () => void;
      const ready = new Promise<void>((r) => {
        go = r;
      });
      held.push({ go, done: new Promise<void>((r) => (finished = r)) });
      if (held.length === n - 1) arrivedResolve();
      if (held.length === n) void release();
      await ready;
      try {
        return await run();
      } finally {
        finished();
      }
    };
    async function release() {
      const first = held.slice(0, n - 1);
      for (const h of first) h.go();
      await Promise.all(first.map((h) => h.done));
      held[n - 1]!.go();
    }
    const wrap = (q: Queryable): Queryable => ({
      query: (sql, params, opts) =>
        /^\s*(UPDATE|DELETE FROM)\s+sms_codes\b/i.test(sql)
          ? gate(() => q.query(sql, params, opts))
          : q.query(sql, params, opts),
    });
    const gated: Db = {
      kind: db.kind,
      query: wrap(db).query,
      tx: (fn) => db.tx((q) => fn(wrap(q))),
      exec: (sql) => db.exec(sql),
      close: () => db.close(),
    };
    return { db: gated, firstArrived: arrived };
  }

  it('eleven parallel wrong guesses use the five tries up: the right code sent with them is refused', async () => {
    const { v, id } = await dutchMember();
    const phone = '+31688888888';
    await v.post('/api/direct-debit/code', { phone });
    const code = await smsCodeTo(t.app, phone);
    const site = await t.app.sites.forHost(NL);
    const gate = gatedSmsWrites(t.db, 12);
    const attempt = (guess: string) =>
      payByDirectDebit(gate.db, t.app.payments!, {
        site,
        userId: id,
        locale: 'nl',
        origin: 'http://nl.localhost:3999',
        form: directDebitBodySchema.parse(directDebitForm({ phone, code: guess })),
      }).then(
        () => 'accepted',
        (err: { code?: string }) => err.code ?? String(err),
      );
    const wrong = Array.from({ length: 11 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const guesses = wrong.map(attempt);
    await gate.firstArrived;
    const right = attempt(code);
    const answers = await Promise.all([...guesses, right]);
    expect(answers.at(-1)).toBe('sms_code_expired');
    expect(answers.filter((a) => a === 'code_invalid').length).toBeLessThanOrEqual(4);
    expect(answers).not.toContain('accepted');
    const [row] = await t.db.query<{ attempts: number }>(
      'SELECT attempts FROM sms_codes WHERE user_id = $1',
      [id],
    );
    expect(row!.attempts).toBe(5);
    expect(await count('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', id)).toBe(0);
  });

  it('codes to one phone number are capped per day, whichever members ask for them', async () => {
    const phone = '+31644444444';
    for (let i = 0; i < 5; i++) {
      const { v } = await dutchMember();
      expect((await v.post('/api/direct-debit/code', { phone })).statusCode).toBe(202);
    }
    const { v } = await dutchMember();
    const sixth = await v.post('/api/direct-debit/code', { phone });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('sms_too_many');
    expect((await v.post('/api/direct-debit/code', { phone: '+31655555555' })).statusCode).toBe(202);
  });

  it('fifty parallel repeat orders on a stored card are one charge', async () => {
    const { v, id } = await dutchMember();
    const { checkout_url } = (await order(v, { method: 'visa', package_id: 'p0' })).json();
    await pay(v, checkout_url, 'paid');
    const clicks = await Promise.all(
      Array.from({ length: 50 }, () =>
        v.post('/api/orders/repeat', { package_id: 'p1', attempt_id: randomUUID() }),
      ),
    );
    expect(clicks.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of clicks.filter((x) => x.statusCode !== 200)) {
      expect(['payment_in_progress', 'rate_limited']).toContain(r.json().error.code);
    }
    expect(await state(id)).toMatchObject({ credits: 5 + 25 + 60, purchases: 2 });
    const charges = await count(
      `SELECT count(*)::int AS n FROM sandbox_payments WHERE sequence_type = 'recurring'
          AND customer_id = (SELECT customer_id FROM payment_customers WHERE user_id = $1)`,
      id,
    );
    expect(charges).toBe(1);
  });

  it('at most five repeat orders an hour by stored card, and the member is told why', async () => {
    const { v, id } = await dutchMember();
    const { checkout_url } = (await order(v, { method: 'visa', package_id: 'p0' })).json();
    await pay(v, checkout_url, 'paid');
    const repeat = () => v.post('/api/orders/repeat', { package_id: 'p0', attempt_id: randomUUID() });
    for (let i = 0; i < 5; i++) {
      const r = await repeat();
      expect(r.json().order?.status, r.body).toBe('paid');
      // Each a few minutes after the last (one a minute at most).
      await t.db.query(
        `UPDATE orders SET created_at = created_at - interval '2 minutes' WHERE user_id = $1`,
        [id],
      );
    }
    const sixth = await repeat();
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toMatchObject({ code: 'repeat_order_limit' });
    expect(sixth.json().error.message).toMatch(/5 keer/);
  });
});
