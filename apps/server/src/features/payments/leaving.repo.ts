import type { Currency, PaymentMethod } from '@amora/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { rowOf, rowsOf, sql } from '../../platform/sql.ts';
import { orderRow } from './orders.repo.ts';

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
  const row = await rowOf(
    q,
    z.object({ paid: z.number() }),
    sql`SELECT LEAST(u.credits, coalesce((SELECT sum(GREATEST(o.credits - o.reversed_credits, 0))
                                             FROM orders o WHERE o.user_id = u.id AND o.status = 'paid'), 0))::int AS paid
          FROM users u WHERE u.id = ${userId}`,
  );
  const pending = await rowsOf(
    q,
    orderRow.pick({ id: true, amount: true, currency: true, method: true }),
    sql`SELECT id, amount, currency, method FROM orders
         WHERE user_id = ${userId} AND status = 'pending' AND provider_payment_id IS NOT NULL
         ORDER BY created_at`,
  );
  return { paid_credits: Math.max(row?.paid ?? 0, 0), pending };
}
