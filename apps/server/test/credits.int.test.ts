import { beforeAll, describe, expect, it } from 'vitest';
import { book } from '../src/features/credits/ledger.ts';
import { AppError } from '../src/platform/errors.ts';
import { useTestApp } from './helpers.ts';

const t = useTestApp({ members: 10 });
let siteId: number;
beforeAll(async () => {
  siteId = await t.siteId();
});

const member = () => t.member();
const balance = async (id: string) =>
  (
    await t.db.query<{ credits: number; sum: number }>(
      `SELECT credits, (SELECT coalesce(sum(delta), 0)::int FROM credit_ledger WHERE user_id = $1) AS sum
       FROM users WHERE id = $1`,
      [id],
    )
  )[0]!;

describe('credits ledger', () => {
  it('gives the site signup credits once at activation, shown on the user', async () => {
    const { v, id } = await member();
    expect((await v.get('/api/user.php')).json().user.credits).toBe(5);
    expect(await balance(id)).toEqual({ credits: 5, sum: 5 });
  });

  it('with a balance of 10, fifty parallel one-credit spends: exactly 10 succeed, never below zero', async () => {
    const { id } = await member();
    await t.db.tx((q) => book(q, { userId: id, siteId, delta: 5, reason: 'purchase', ref: 'pay-1' }));
    expect((await balance(id)).credits).toBe(10);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        t.db.tx((q) => book(q, { userId: id, siteId, delta: -1, reason: 'message', ref: `msg-${i}` })),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
      expect(((r as PromiseRejectedResult).reason as AppError).code).toBe('not_enough_credits');
    }
    expect(await balance(id)).toEqual({ credits: 0, sum: 0 });
  });

  it('the same reference ten times at once is booked once', async () => {
    const { id } = await member();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.db.tx((q) => book(q, { userId: id, siteId, delta: -1, reason: 'message', ref: 'client-msg-42' })),
      ),
    );
    expect(results.filter((r) => r.fresh)).toHaveLength(1);
    expect(results.every((r) => r.balance_after === 4)).toBe(true);
    expect(await balance(id)).toEqual({ credits: 4, sum: 4 });
  });

  it('is append-only, and the database refuses a negative balance whatever the code does', async () => {
    const { id } = await member();
    await expect(t.db.query('UPDATE credit_ledger SET delta = 100 WHERE user_id = $1', [id])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.query('DELETE FROM credit_ledger WHERE user_id = $1', [id])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.query('UPDATE users SET credits = -1 WHERE id = $1', [id])).rejects.toThrow(
      /users_credits_not_negative/,
    );
  });
});
