import type { Queryable } from '../../platform/db.ts';
import { violates } from '../../platform/db-errors.ts';
import { AppError } from '../../platform/errors.ts';

export type CreditReason =
  | 'signup'
  | 'purchase'
  | 'message'
  | 'photo'
  | 'gift'
  | 'refund'
  | 'chargeback'
  | 'correction';

export interface LedgerEntry {
  delta: number;
  balance_after: number;
  /** False when this reference was booked before (a retry): nothing changed this time. */
  fresh: boolean;
}

const isCreditsCheck = (err: unknown) => violates(err, 'users_credits_not_negative');

/**
 * Books `delta` credits for a member (negative to spend), once per `ref`, inside the caller's
 * transaction. The member's row is locked while the entry is written (`locked: true` says the
 * caller already holds that lock, `SELECT ... FOR UPDATE`, and saves the round trip), and the
 * database refuses a balance below zero, so concurrent spends can never overdraw. A repeated `ref`
 * returns the entry booked the first time and changes nothing.
 * Throws AppError 'not_enough_credits' (402) when a spend does not fit the balance.
 */
export async function book(
  q: Queryable,
  entry: {
    userId: string;
    siteId: number;
    delta: number;
    reason: CreditReason;
    ref: string;
    /** The caller holds the member's row lock in this transaction. */
    locked?: boolean;
  },
): Promise<LedgerEntry> {
  if (!entry.locked) {
    const [user] = await q.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [entry.userId]);
    if (!user) throw new AppError('not_found', 404);
  }
  // With the row locked, one statement checks the reference, moves the balance and appends the entry.
  let row: { booked: number | null; prev_delta: number | null; prev_balance: number | null } | undefined;
  try {
    [row] = await q.query(
      `WITH prev AS (
         SELECT delta, balance_after FROM credit_ledger WHERE user_id = $1 AND ref = $5
       ), upd AS (
         UPDATE users SET credits = credits + $3 WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM prev)
         RETURNING credits
       ), ins AS (
         INSERT INTO credit_ledger (user_id, site_id, delta, reason, ref, balance_after)
         SELECT $1, $2, $3, $4, $5, credits FROM upd RETURNING balance_after
       )
       SELECT (SELECT balance_after FROM ins) AS booked,
              (SELECT delta FROM prev) AS prev_delta, (SELECT balance_after FROM prev) AS prev_balance`,
      [entry.userId, entry.siteId, entry.delta, entry.reason, entry.ref],
      { prepare: 'ledger_book' },
    );
  } catch (err) {
    if (isCreditsCheck(err)) throw new AppError('not_enough_credits', 402);
    throw err;
  }
  if (row?.prev_balance != null) {
    return { delta: Number(row.prev_delta), balance_after: Number(row.prev_balance), fresh: false };
  }
  if (row?.booked == null) throw new AppError('not_found', 404);
  return { delta: entry.delta, balance_after: Number(row.booked), fresh: true };
}
