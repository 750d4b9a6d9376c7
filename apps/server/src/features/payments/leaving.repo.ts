import type { Currency, PaymentMethod } from '@amora/contracts';
import type { Queryable } from '../../platform/db.ts';

/**
 * What a deletion leaves behind (discounts.service deletionFacts): the credits the member paid for
 * and still has (purchases net of what refunds and chargebacks took back, at most the balance),
 * and the payments still under way at the provider.
 */
export async function leftBehind(
  q: Queryable,
  userId: string,
): Promise<{
  paid_credits: number;
  pending: { id: string; amount: number; currency: Currency; method: PaymentMethod }[];
}> {
  const [row] = await q.query<{ paid: number }>(
    `SELECT LEAST(u.credits, coalesce((SELECT sum(GREATEST(o.credits - o.reversed_credits, 0))
                                          FROM orders o WHERE o.user_id = u.id AND o.status = 'paid'), 0))::int AS paid
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  const pending = await q.query<{ id: string; amount: number; currency: Currency; method: PaymentMethod }>(
    `SELECT id, amount, currency, method FROM orders
      WHERE user_id = $1 AND status = 'pending' AND provider_payment_id IS NOT NULL
      ORDER BY created_at`,
    [userId],
  );
  return { paid_credits: Math.max(row?.paid ?? 0, 0), pending };
}
