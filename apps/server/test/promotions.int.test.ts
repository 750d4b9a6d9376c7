import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { directDebitForm, failNextRecurring, order, payAtCheckout, smsCodeTo } from './checkout.ts';
import { useTestApp, type Visitor } from './helpers.ts';

const t = useTestApp({ members: 6, env: { PAYMENT_SANDBOX_SETTLE_SECONDS: '3600' } });
const NL = 'nl.localhost:3999';
const dutchMember = () => t.member({ country: 'NL' }, NL);

const pay = (v: Visitor, checkoutUrl: string, outcome: string) =>
  payAtCheckout(t.app, v, checkoutUrl, outcome);

/** A discount code of the Dutch site (operators make them; the console comes with issue 17). */
async function makeCode(c: Record<string, unknown>) {
  const siteId = await t.siteId('nl.localhost');
  const row = { value_percentage: 20, validity: 'unlimited', ...c };
  const cols = Object.keys(row);
  await t.db.query(
    `INSERT INTO discount_codes (site_id, ${cols.join(', ')}) VALUES ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')})`,
    [siteId, ...Object.values(row)],
  );
}

const signupAgo = (id: string, seconds: number) =>
  t.db.query(`UPDATE users SET signup_date = now() - make_interval(secs => $2) WHERE id = $1`, [id, seconds]);

describe('discount codes', () => {
  it('price an order on the server: 20 % off the popular package, the full credits booked', async () => {
    await makeCode({ code: 'SPRING20' });
    const { v, id } = await dutchMember();
    const prices = (await v.get('/api/pricing?code=spring20')).json();
    const p2 = prices.packages.find((p: { id: string }) => p.id === 'p2');
    expect(p2).toMatchObject({ amount: 3199, list_amount: 3999 });
    expect(prices.discount).toMatchObject({ code: 'SPRING20', value_percentage: 20 });

    const res = await order(v, { code: 'spring20', amount: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const { order: o, checkout_url } = res.json();
    expect(o).toMatchObject({ amount: 3199, list_amount: 3999, discount_percentage: 20, credits: 150 });
    await pay(v, checkout_url, 'paid');
    const [u] = await t.db.query<{ credits: number }>('SELECT credits FROM users WHERE id = $1', [id]);
    expect(u!.credits).toBe(155);
  });

  it("say 'Code not found' and 'Code already used', and why a code does not apply", async () => {
    await makeCode({ code: 'ONCE10', validity: 'single_use', value_percentage: 10 });
    await makeCode({ code: 'BELGIUM', country: 'BE' });
    await makeCode({ code: 'BIGONLY', minimum_order_value: 5000, currency: 'EUR' });
    await makeCode({ code: 'CARDS', payment_methods: ['visa', 'mastercard'] });
    await makeCode({ code: 'OLD', expires_at: new Date(Date.now() - 60_000) });
    await makeCode({ code: 'OFF', status: 'disabled' });
    const { v } = await dutchMember();
    const other = await dutchMember();
    const err = async (body: Record<string, unknown>) => (await order(v, body)).json().error;
    expect(await err({ code: 'NOPE' })).toMatchObject({
      code: 'code_not_found',
      message: 'Code niet gevonden',
    });
    expect((await err({ code: 'OFF' })).code).toBe('code_not_found');
    expect((await err({ code: 'OLD' })).code).toBe('code_expired');
    expect((await err({ code: 'BELGIUM' })).code).toBe('code_wrong_country');
    expect(await err({ code: 'BIGONLY' })).toMatchObject({ code: 'code_below_minimum' });
    expect((await err({ code: 'BIGONLY' })).message).toContain('50.00 EUR');
    expect((await order(v, { code: 'BIGONLY', package_id: 'p3' })).statusCode).toBe(201);
    expect((await err({ code: 'CARDS' })).code).toBe('code_wrong_method');
    expect((await order(v, { code: 'CARDS', method: 'visa' })).statusCode).toBe(201);
    expect((await order(other.v, { code: 'ONCE10' })).statusCode).toBe(201);
    expect(await err({ code: 'ONCE10' })).toMatchObject({ code: 'code_used', message: 'Code al gebruikt' });
    expect((await v.get('/api/discountcode.php?code=ONCE10')).json().error.message).toBe('Code al gebruikt');
    expect((await v.get('/api/discountcode.php?code=SPRING20&country=NL')).json()).toMatchObject({
      code: 'SPRING20',
      value_percentage: 20,
      validity: 'unlimited',
      status: 'active',
      expired: false,
    });
  });

  it('a single-use code redeemed by 30 members at once is redeemed once', async () => {
    await makeCode({ code: 'RACE50', validity: 'single_use', value_percentage: 50 });
    const members = await Promise.all(Array.from({ length: 30 }, () => dutchMember()));
    const results = await Promise.all(members.map(({ v }) => order(v, { code: 'RACE50' })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(29);
    const [{ n }] = (await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE discount_percentage = 50`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('a code given back when its order fails can be used again', async () => {
    await makeCode({ code: 'RETRY15', validity: 'single_use', value_percentage: 15 });
    const { v } = await dutchMember();
    const first = (await order(v, { code: 'RETRY15' })).json();
    await pay(v, first.checkout_url, 'failed');
    expect((await order(v, { code: 'RETRY15' })).statusCode).toBe(201);
  });
});

describe('the welcome time bonus (TIMEBONUS25)', () => {
  it('is 25 % off the first purchase until 4 hours after signup, by the server clock', async () => {
    const { v, id } = await dutchMember();
    const welcome = (await v.get('/api/discountcode.php?welcome=true')).json();
    expect(welcome).toMatchObject({ code: 'TIMEBONUS25', value_percentage: 25, validity: 'once_per_user' });
    const left = Date.parse(welcome.expires) - Date.parse(welcome.now);
    expect(left).toBeGreaterThan(14_390_000);
    expect(left).toBeLessThanOrEqual(14_400_000);

    await signupAgo(id, 4 * 3600 - 1); // 3:59:59
    expect((await v.get('/api/discountcode.php?welcome=true')).statusCode).toBe(200);
    const o = (await order(v, { code: 'TIMEBONUS25' })).json();
    expect(o.order).toMatchObject({ amount: 2999, list_amount: 3999, discount_percentage: 25 });

    await signupAgo(id, 4 * 3600); // 4:00:00: over, even for a browser that still shows time
    expect((await v.get('/api/discountcode.php?welcome=true')).json().error.code).toBe('code_expired');
    expect((await order(v, { code: 'TIMEBONUS25', package_id: 'p1' })).json().error.code).toBe(
      'code_expired',
    );
  });

  it('is once: a paid member gets no bonus', async () => {
    const { v } = await dutchMember();
    const { checkout_url } = (await order(v, { code: 'TIMEBONUS25', package_id: 'p0' })).json();
    await pay(v, checkout_url, 'paid');
    expect((await v.get('/api/discountcode.php?welcome=true')).json().error.code).toBe('code_used');
    expect((await order(v, { code: 'TIMEBONUS25' })).json().error.code).toBe('code_used');
  });
});

describe('the deletion offer', () => {
  it("is a personal single-use code of the site's delete_discount, the same one when asked again, nobody else's", async () => {
    const { v, body } = await dutchMember();
    const leaving = { reason: 'price', password: body.password };
    const offer = (await v.post('/api/delete-offer', leaving)).json();
    expect(offer).toMatchObject({ value_percentage: 30, validity: 'single_use' });
    expect(offer.code).toMatch(/^STAY30-/);
    expect(Date.parse(offer.expires) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect((await v.post('/api/delete-offer', leaving)).json().code).toBe(offer.code);
    const other = await dutchMember();
    expect((await order(other.v, { code: offer.code })).json().error.code).toBe('code_not_found');
    expect((await order(v, { code: offer.code })).json().order.discount_percentage).toBe(30);
  });

  it("comes only with a deletion asked for: the probe's bare POST, a wrong password or no reason get no code (issue 25 item 6)", async () => {
    const { v, id, body } = await dutchMember();
    const refused = [
      await v.post('/api/delete-offer'),
      await v.post('/api/delete-offer', { reason: 'price' }),
      await v.post('/api/delete-offer', { reason: 'price', password: 'not-my-password-at-all' }),
      await v.post('/api/delete-offer', { password: body.password }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 400, 400, 400]);
    expect(refused[2]!.json().error.fields.password).toBeDefined();
    const codes = await t.db.query(
      "SELECT 1 FROM discount_codes WHERE user_id = $1 AND kind = 'delete_offer'",
      [id],
    );
    expect(codes).toEqual([]);
    // The account is untouched by asking (the deletion itself is its own step).
    expect((await v.get('/api/user.php')).json().user).not.toBeNull();
  });
});

describe('discount codes with a stored card (repeat order) and SEPA direct debit', () => {
  const ddForm = (over: Record<string, unknown> = {}) =>
    directDebitForm({ phone: '+31 6 3333 4444', ...over });
  const smsCode = (phone: string) => smsCodeTo(t.app, phone);
  const credits = async (id: string) =>
    (await t.db.query<{ credits: number }>('SELECT credits FROM users WHERE id = $1', [id]))[0]!.credits;

  it('a repeat order takes a code as checkout does: priced lower, redeemed once, refused with its error', async () => {
    await makeCode({ code: 'AGAIN10', validity: 'once_per_user', value_percentage: 10 });
    await makeCode({ code: 'IDEALONLY', payment_methods: ['ideal'] });
    const { v, id } = await dutchMember();
    const { checkout_url } = (await order(v, { method: 'visa', package_id: 'p0' })).json();
    await pay(v, checkout_url, 'paid');
    const before = await credits(id);

    const wrongMethod = await v.post('/api/orders/repeat', {
      package_id: 'p1',
      attempt_id: randomUUID(),
      code: 'IDEALONLY',
    });
    expect(wrongMethod.statusCode).toBe(400);
    expect(wrongMethod.json().error.code).toBe('code_wrong_method');
    expect(await credits(id)).toBe(before);

    const res = await v.post('/api/orders/repeat', {
      package_id: 'p1',
      attempt_id: randomUUID(),
      code: 'again10',
    });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().order;
    expect(o).toMatchObject({ status: 'paid', credits: 60, discount_percentage: 10 });
    expect(o.amount).toBe(o.list_amount - Math.round(o.list_amount / 10));
    expect(await credits(id)).toBe(before + 60);
    const again = await v.post('/api/orders/repeat', {
      package_id: 'p1',
      attempt_id: randomUUID(),
      code: 'AGAIN10',
    });
    expect(again.json().error.message).toBe('Code al gebruikt');
  });

  it('a failed repeat order gives its code back', async () => {
    await makeCode({ code: 'CARDBACK', validity: 'single_use', value_percentage: 15 });
    const { v, id } = await dutchMember();
    const { checkout_url } = (await order(v, { method: 'mastercard', package_id: 'p0' })).json();
    await pay(v, checkout_url, 'paid');
    await failNextRecurring(t, NL, id);
    const failed = await v.post('/api/orders/repeat', {
      package_id: 'p1',
      attempt_id: randomUUID(),
      code: 'CARDBACK',
    });
    expect(failed.json().order.status).toBe('failed');
    const retry = await v.post('/api/orders/repeat', {
      package_id: 'p1',
      attempt_id: randomUUID(),
      code: 'CARDBACK',
    });
    expect(retry.json().order).toMatchObject({ status: 'paid', discount_percentage: 15 });
  });

  it('a direct debit takes a code; a code that does not apply leaves the SMS code and the mandate untouched', async () => {
    await makeCode({ code: 'SEPA20', validity: 'single_use' });
    await makeCode({ code: 'NOSEPA', payment_methods: ['ideal'] });
    const { v, id } = await dutchMember();
    await v.post('/api/direct-debit/code', { phone: '+31633334444' });
    const code = await smsCode('+31633334444');
    const refused = await v.post('/api/direct-debit', ddForm({ code, discount_code: 'NOSEPA' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('code_wrong_method');
    const unknown = await v.post('/api/direct-debit', ddForm({ code, discount_code: 'NOPE' }));
    expect(unknown.json().error.message).toBe('Code niet gevonden');
    const mandates = async () =>
      (
        await t.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM payment_mandates WHERE user_id = $1',
          [id],
        )
      )[0]!.n;
    expect(await mandates()).toBe(0);

    const ok = await v.post('/api/direct-debit', ddForm({ code, discount_code: 'sepa20' }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().order).toMatchObject({
      status: 'pending',
      method: 'sdd',
      credits: 60,
      discount_percentage: 20,
    });
    expect(await mandates()).toBe(1);
    // Single use: taken by the pending debit.
    const other = await dutchMember();
    expect((await order(other.v, { code: 'SEPA20' })).json().error.code).toBe('code_used');
  });
});
