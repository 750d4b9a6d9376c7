import { describe, expect, it } from 'vitest';
import { directDebitForm, order, payAtCheckout, smsCodeTo } from './checkout.ts';
import { useTestApp, Visitor } from './helpers.ts';
import { linkIn } from './smtp.ts';

/**
 * Issue 26 items 7 and 14: what a member is told before deleting the account (paid credits lost,
 * a payment still under way), and an e-mail change to an address that already has an account.
 */
// The sandbox's bank keeps a direct debit pending during the test.
const t = useTestApp({ members: 4, env: { PAYMENT_SANDBOX_SETTLE_SECONDS: '3600' } });
const NL = 'nl.localhost:3999';

describe('deleting the account: what is left behind', () => {
  it('counts the paid credits still there and the payments under way, for this member only', async () => {
    const { v, id } = await t.member({ country: 'NL' }, NL);
    const facts = () => v.get('/api/payments/deletion-facts');
    // Signup credits are not paid for: nothing to warn about.
    expect((await facts()).json()).toEqual({ paid_credits: 0, pending: [] });

    const { checkout_url } = (await order(v, { package_id: 'p1' })).json();
    await payAtCheckout(t.app, v, checkout_url, 'paid');
    expect((await facts()).json()).toMatchObject({ paid_credits: 60, pending: [] });

    // Spending takes from the balance: never more paid credits than the member has.
    await t.db.query('UPDATE users SET credits = 20 WHERE id = $1', [id]);
    expect((await facts()).json().paid_credits).toBe(20);

    // A SEPA direct debit the bank has not settled: a payment under way.
    await v.post('/api/direct-debit/code', { phone: '+31 6 1234 5678' });
    const dd = await v.post(
      '/api/direct-debit',
      directDebitForm({ code: await smsCodeTo(t.app, '+31612345678') }),
    );
    expect(dd.statusCode, dd.body).toBe(201);
    const { order: o } = dd.json();
    expect((await facts()).json().pending).toEqual([
      { id: o.id, amount: o.amount, currency: 'EUR', method: 'sdd' },
    ]);

    // Another member sees their own facts only; a visitor is refused.
    const other = await t.member({ country: 'NL' }, NL);
    expect((await other.v.get('/api/payments/deletion-facts')).json()).toEqual({
      paid_credits: 0,
      pending: [],
    });
    expect((await new Visitor(t.app, NL).get('/api/payments/deletion-facts')).statusCode).toBe(403);
  });
});

describe('changing the e-mail to an address that already has an account', () => {
  it('answers as for any address; the address gets what happened and what to do, at most twice a day', async () => {
    const { v, body } = await t.member();
    const owner = await t.member();
    const taken = owner.body.email;
    const free = `free-${Date.now()}@example.test`;
    const toFree = await v.post('/api/account/email', { new_email: free, password: body.password });
    const toTaken = await v.post('/api/account/email', { new_email: taken, password: body.password });
    // The same answer: nobody learns from us whose address has an account.
    expect(toTaken.statusCode).toBe(toFree.statusCode);
    expect(toTaken.json()).toEqual({ status: 'check_email', email: taken });

    const told = await t.smtp.waitFor(taken, (m) => /already belongs to your account/.test(m.text));
    expect(told.subject).toMatch(/tried to use your e-mail address/);
    expect(told.text).toMatch(/give this account a different address/);
    expect(linkIn(told, '/login')).toMatch(/\/login$/);
    expect(linkIn(told, '/reset-password')).toMatch(/\/reset-password$/);
    expect(told.text).not.toContain('/mail-change/do');
    // Nothing about the member who asked travels to the address's owner.
    expect(told.text).not.toContain(body.email);
    expect(told.text).not.toContain(body.name);
    // The member's own address is unchanged.
    expect((await v.get('/api/user.php')).json().user.email).toBe(body.email);

    // Bounded: two such mails a day to one address, however often it is asked; the answer stays the same.
    for (let i = 0; i < 3; i++) {
      const again = await v.post('/api/account/email', { new_email: taken, password: body.password });
      expect(again.json()).toEqual({ status: 'check_email', email: taken });
    }
    const [row] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = $1 AND template = 'mailChangeTaken'`,
      [taken],
    );
    expect(row!.n).toBe(2);
  });
});
