import { discountCodeCreateSchema } from '@amora/contracts';
import { describe, expect, it } from 'vitest';
import * as admin from '../src/features/payments/payments-admin.service.ts';
import { order, payAtCheckout } from './checkout.ts';
import { useTestApp, type Visitor } from './helpers.ts';
import { auditOf, consoleClient, creditsAndLedger, refusal, useConsoleScene } from './operators.ts';

// The console's discount codes and payments (issue 17 item 7), through its services.
const t = useTestApp({ members: 4, env: { PAYMENT_SANDBOX_SETTLE_SECONDS: '3600' } });
const NL = 'nl.localhost:3999';

const scene = useConsoleScene(t);

const pay = (v: Visitor, checkoutUrl: string, outcome: string) =>
  payAtCheckout(t.app, v, checkoutUrl, outcome);
const audits = (subject: string) => auditOf(t, subject);

describe('discount codes in the console', () => {
  it('created with their limits, listed with redemptions, redeemed by members, disabled', async () => {
    const c = await admin.createCode(
      t.db,
      scene.site,
      scene.actor,
      discountCodeCreateSchema.parse({
        code: 'winter15',
        value_percentage: 15,
        validity: 'once_per_user',
        currency: 'EUR',
        minimum_order_value: 1000,
        country: 'nl',
        payment_methods: ['ideal'],
      }),
    );
    expect(c).toMatchObject({ code: 'WINTER15', status: 'active', redemptions: 0, country: 'NL' });
    const dup = await refusal(
      admin.createCode(
        t.db,
        scene.site,
        scene.actor,
        discountCodeCreateSchema.parse({ code: 'WINTER15', value_percentage: 5, validity: 'unlimited' }),
      ),
    );
    expect(dup.code).toBe('code_exists');

    const { v, id } = await t.member({ country: 'NL' }, NL);
    const res = await order(v, { code: 'WINTER15' });
    expect(res.statusCode, res.body).toBe(201);
    const listed = (await admin.listCodes(t.db, scene.site, 1)).codes.find((x) => x.id === c.id);
    expect(listed?.redemptions).toBe(1);
    const r = await admin.codeRedemptions(t.db, scene.site, c.id, 1);
    expect(r.redemptions).toEqual([
      expect.objectContaining({ member_id: id, order_id: res.json().order.id, order_status: 'open' }),
    ]);
    // Another scene.site's console knows neither the code nor its redemptions.
    expect((await admin.listCodes(t.db, scene.otherSite, 1)).codes.map((x) => x.id)).not.toContain(c.id);
    expect((await refusal(admin.codeRedemptions(t.db, scene.otherSite, c.id, 1))).status).toBe(404);

    const off = await admin.disableCode(t.db, scene.site, scene.actor, c.id);
    expect(off.status).toBe('disabled');
    const other = await t.member({ country: 'NL' }, NL);
    expect((await order(other.v, { code: 'WINTER15' })).json().error.code).toBe('code_not_found');
    expect((await audits(String(c.id))).map((a) => a.action)).toEqual(['code.create', 'code.disable']);
  });

  it('refuses a minimum without a currency, and a personal code for a member of another site', async () => {
    expect(
      discountCodeCreateSchema.safeParse({
        code: 'MIN',
        value_percentage: 5,
        validity: 'unlimited',
        minimum_order_value: 100,
      }).success,
    ).toBe(false);
    const foreign = await t.member({}, 'localhost:3999');
    const err = await refusal(
      admin.createCode(
        t.db,
        scene.site,
        scene.actor,
        discountCodeCreateSchema.parse({
          code: 'YOURS',
          value_percentage: 5,
          validity: 'single_use',
          user_id: foreign.id,
        }),
      ),
    );
    expect(err.fields).toEqual({ user_id: 'not_found' });
  });
});

describe('orders and refunds in the console', () => {
  it('an order is found by id, member id or e-mail, with its status history', async () => {
    const { v, id, body } = await t.member({ country: 'NL' }, NL);
    const { order: o, checkout_url } = (await order(v)).json();
    await pay(v, checkout_url, 'paid');
    for (const q of [o.id, id, body.email]) {
      expect((await admin.searchOrders(t.db, scene.site, q, 1)).orders.map((x) => x.id)).toEqual([o.id]);
    }
    expect((await admin.searchOrders(t.db, scene.otherSite, o.id, 1)).orders).toEqual([]);
    const d = await admin.orderDetail(t.db, t.app.payments, scene.site, o.id);
    expect(d.order).toMatchObject({
      status: 'paid',
      amount: 3999,
      refundable: 3999,
      member_email: body.email,
    });
    expect(d.events.map((e) => e.status)).toEqual(['open', 'paid']);
    expect((await refusal(admin.orderDetail(t.db, t.app.payments, scene.otherSite, o.id))).status).toBe(404);
  });

  it('a refund goes through the provider and reverses the ledger; part, then the rest; audited', async () => {
    const { v, id } = await t.member({ country: 'NL' }, NL);
    const { order: o, checkout_url } = (await order(v)).json();
    await pay(v, checkout_url, 'paid');
    expect(await creditsAndLedger(t, id)).toEqual({ sum: 155, credits: 155 });
    const provider = t.app.payments!;

    const tooMuch = await refusal(
      admin.refundOrder(t.db, provider, scene.site, scene.actor, o.id, { amount: 5000, reason: 'wrong' }),
    );
    expect(tooMuch.code).toBe('refund_too_much');

    const half = await admin.refundOrder(t.db, provider, scene.site, scene.actor, o.id, {
      amount: 2000,
      reason: 'Half: partly used',
    });
    expect(half.order.status).toBe('refunded');
    // 2000 of 3999 is 75 of the 150 credits.
    expect(await creditsAndLedger(t, id)).toEqual({ sum: 80, credits: 80 });
    const mid = await admin.orderDetail(t.db, provider, scene.site, o.id);
    expect(mid.order).toMatchObject({ refundable: 1999, reversed_credits: 75 });
    // The member's transaction page reads the part refunded and the credits taken back.
    expect((await v.get(`/api/orders/${o.id}`)).json().order).toMatchObject({
      status: 'refunded',
      amount: 3999,
      reversed_amount: 2000,
      reversed_credits: 75,
    });

    await admin.refundOrder(t.db, provider, scene.site, scene.actor, o.id, {
      reason: 'The rest, member complained',
    });
    expect(await creditsAndLedger(t, id)).toEqual({ sum: 5, credits: 5 });
    const done = await admin.orderDetail(t.db, provider, scene.site, o.id);
    expect(done.order).toMatchObject({ status: 'refunded', refundable: 0, reversed_credits: 150 });
    expect(done.events.map((e) => e.status)).toEqual(['open', 'paid', 'refunded', 'refunded']);
    const again = await refusal(
      admin.refundOrder(t.db, provider, scene.site, scene.actor, o.id, { reason: 'once more' }),
    );
    expect(again.code).toBe('order_not_refundable');
    expect((await audits(o.id)).map((a) => [a.action, a.details.amount])).toEqual([
      ['order.refund', 2000],
      ['order.refund', 1999],
    ]);
  });

  it('an unpaid order cannot be refunded', async () => {
    const { v } = await t.member({ country: 'NL' }, NL);
    const { order: o } = (await order(v)).json();
    const err = await refusal(
      admin.refundOrder(t.db, t.app.payments!, scene.site, scene.actor, o.id, { reason: 'nothing paid' }),
    );
    expect(err.code).toBe('order_not_refundable');
  });
});

describe('through the console API', () => {
  it('finance creates, lists and disables a code and refunds an order; support gets 404', async () => {
    const { v: finance } = await consoleClient(t, [{ role: 'finance', site: 'nl.localhost' }], NL);
    const made = await finance.post('/api/admin/payments/codes', {
      code: 'api10',
      value_percentage: 10,
      validity: 'single_use',
    });
    expect(made.statusCode, made.body).toBe(201);
    const code = made.json();
    expect(code).toMatchObject({ code: 'API10', validity: 'single_use', redemptions: 0 });
    const bad = await finance.post('/api/admin/payments/codes', {
      code: 'a',
      value_percentage: 95,
      validity: 'single_use',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields ?? {})).toEqual(
      expect.arrayContaining(['code', 'value_percentage']),
    );

    const { v, id } = await t.member({ country: 'NL' }, NL);
    const { order: o, checkout_url } = (await order(v, { code: 'API10' })).json();
    await pay(v, checkout_url, 'paid');
    const list = (await finance.get('/api/admin/payments/codes')).json();
    expect(list.codes.find((c: { id: number }) => c.id === code.id).redemptions).toBe(1);
    const red = (await finance.get(`/api/admin/payments/codes/${code.id}/redemptions`)).json();
    expect(red.redemptions[0]).toMatchObject({ member_id: id, order_id: o.id, order_status: 'paid' });
    expect((await finance.post(`/api/admin/payments/codes/${code.id}/disable`, {})).json().status).toBe(
      'disabled',
    );

    const refund = await finance.post(`/api/admin/payments/orders/${o.id}/refund`, {
      reason: 'Member asked within 14 days',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().order).toMatchObject({ status: 'refunded', refundable: 0, reversed_credits: 150 });
    expect(await creditsAndLedger(t, id)).toEqual({ sum: 5, credits: 5 });

    const { v: support } = await consoleClient(t, [{ role: 'support', site: 'nl.localhost' }], NL);
    expect((await support.get('/api/admin/payments/codes')).statusCode).toBe(404);
    expect(
      (await support.post(`/api/admin/payments/orders/${o.id}/refund`, { reason: 'not mine' })).statusCode,
    ).toBe(404);
    const { v: other } = await consoleClient(t, [{ role: 'finance', site: 'localhost' }]);
    expect((await other.get(`/api/admin/payments/orders/${o.id}`)).statusCode).toBe(404);
  });
});
