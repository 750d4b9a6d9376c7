import type { Queryable } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';

export type CreditReason = 'signup' | 'purchase' | 'message' | 'photo' | 'gift' | 'refund' | 'correction';

export interface LedgerEntry {
  delta: number;
  balance_after: number;
  /** False when this reference was booked before (a retry): nothing changed this time. */
  fresh: boolean;
}

const isCreditsCheck = (err: unknown) =>
  (err as { constraint?: string }).constraint === 'users_credits_not_negative' ||
  /users_credits_not_negative/.test(String(err));

/**
 * Books `delta` credits for a member (negative to spend), once per `ref`, inside the caller's
 * transaction. The member's row is locked while the entry is written, and the database refuses a
 * balance below zero, so concurrent spends can never overdraw. A repeated `ref` returns the entry
 * booked the first time and changes nothing.
 * Throws AppError 'not_enough_credits' (402) when a spend does not fit the balance.
 */
export async function book(
  q: Queryable,
  entry: { userId: string; siteId: number; delta: number; reason: CreditReason; ref: string },
): Promise<LedgerEntry> {
  const [user] = await q.query<{ credits: number }>('SELECT credits FROM users WHERE id = $1 FOR UPDATE', [
    entry.userId,
  ]);
  if (!user) throw new AppError('not_found', 404);
  const [previous] = await q.query<{ delta: number; balance_after: number }>(
    'SELECT delta, balance_after FROM credit_ledger WHERE user_id = $1 AND ref = $2',
    [entry.userId, entry.ref],
  );
  if (previous) return { ...previous, fresh: false };
  const balance = user.credits + entry.delta;
  if (balance < 0) throw new AppError('not_enough_credits', 402, { credits: user.credits });
  try {
    await q.query('UPDATE users SET credits = $2 WHERE id = $1', [entry.userId, balance]);
  } catch (err) {
    if (isCreditsCheck(err)) throw new AppError('not_enough_credits', 402, { credits: user.credits });
    throw err;
  }
  await q.query(
    `INSERT INTO credit_ledger (user_id, site_id, delta, reason, ref, balance_after) VALUES ($1, $2, $3, $4, $5, $6)`,
    [entry.userId, entry.siteId, entry.delta, entry.reason, entry.ref, balance],
  );
  return { delta: entry.delta, balance_after: balance, fresh: true };
}
