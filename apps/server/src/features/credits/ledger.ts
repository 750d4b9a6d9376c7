import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { violates } from '../../platform/db-errors.ts';
import { AppError, found } from '../../platform/errors.ts';
import { exists, rowOf, sql } from '../../platform/sql.ts';

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

/** What a booking found: the new balance, or the entry booked before under the same reference. */
const bookedRow = z.object({
  booked: z.number().nullable(),
  prev_delta: z.number().nullable(),
  prev_balance: z.number().nullable(),
});

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
    found(await exists(q, sql`SELECT 1 FROM users WHERE id = ${entry.userId} FOR UPDATE`));
  }
  // With the row locked, one statement checks the reference, moves the balance and appends the entry.
  let row: z.output<typeof bookedRow> | undefined;
  try {
    row = await rowOf(
      q,
      bookedRow,
      sql`WITH prev AS (
            SELECT delta, balance_after FROM credit_ledger WHERE user_id = ${entry.userId} AND ref = ${entry.ref}
          ), upd AS (
            UPDATE users SET credits = credits + ${entry.delta} WHERE id = ${entry.userId} AND NOT EXISTS (SELECT 1 FROM prev)
            RETURNING credits
          ), ins AS (
            INSERT INTO credit_ledger (user_id, site_id, delta, reason, ref, balance_after)
            SELECT ${entry.userId}::uuid, ${entry.siteId}::int, ${entry.delta}::int, ${entry.reason}::text,
                   ${entry.ref}::text, credits
              FROM upd RETURNING balance_after
          )
          SELECT (SELECT balance_after FROM ins) AS booked,
                 (SELECT delta FROM prev) AS prev_delta, (SELECT balance_after FROM prev) AS prev_balance`,
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
