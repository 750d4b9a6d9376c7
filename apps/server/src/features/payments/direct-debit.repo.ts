import { firstRow, type Queryable } from '../../platform/db.ts';

export interface SmsCodeRow {
  phone: string;
  code_hash: string;
  attempts: number;
  sent_at: Date;
  expires_at: Date;
  /** Seconds since it was sent, by the database's clock. */
  age_s: number;
  expired: boolean;
}

export const currentCode = (q: Queryable, userId: string) =>
  firstRow<SmsCodeRow>(
    q,
    `SELECT phone, code_hash, attempts, sent_at, expires_at,
            extract(epoch FROM now() - sent_at)::int AS age_s, expires_at < now() AS expired
       FROM sms_codes WHERE user_id = $1`,
    [userId],
  );

/** Stores a new code (replacing the last), valid `validS` seconds. */
export async function putCode(q: Queryable, userId: string, phone: string, hash: string, validS: number) {
  await q.query(
    `INSERT INTO sms_codes (user_id, phone, code_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))
     ON CONFLICT (user_id) DO UPDATE SET phone = $2, code_hash = $3, attempts = 0, sent_at = now(),
       expires_at = now() + make_interval(secs => $4)`,
    [userId, phone, hash, validS],
  );
}

/**
 * Spends one of the code's tries before it is compared, in one statement: of any number of
 * parallel guesses, at most `tries` are ever compared. Returns the code as it stands after this
 * try, or undefined when it is expired or its tries are used up.
 */
export const spendTry = (q: Queryable, userId: string, tries: number) =>
  firstRow<{ phone: string; code_hash: string; attempts: number }>(
    q,
    `UPDATE sms_codes SET attempts = attempts + 1
      WHERE user_id = $1 AND attempts < $2 AND expires_at > now()
      RETURNING phone, code_hash, attempts`,
    [userId, tries],
  );

export interface TakenCode {
  phone: string;
  code_hash: string;
  attempts: number;
  sent_at: Date;
  expires_at: Date;
}

/** Uses the code up; only the one caller that took it gets it (two submits cannot both use it). */
export const takeCode = (q: Queryable, userId: string, hash: string) =>
  firstRow<TakenCode>(
    q,
    `DELETE FROM sms_codes WHERE user_id = $1 AND code_hash = $2
      RETURNING phone, code_hash, attempts, sent_at, expires_at`,
    [userId, hash],
  );

/**
 * Gives a used code back when the provider could not make the mandate (nothing was charged): the
 * member may send the form again with the same code until it expires. A newer code stays.
 */
export async function restoreCode(q: Queryable, userId: string, c: TakenCode): Promise<void> {
  await q.query(
    `INSERT INTO sms_codes (user_id, phone, code_hash, attempts, sent_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id) DO NOTHING`,
    [
      userId,
      c.phone,
      c.code_hash,
      c.attempts,
      new Date(c.sent_at).toISOString(),
      new Date(c.expires_at).toISOString(),
    ],
  );
}

/** Counts a code sent under `key` today (a member, a phone number) and returns the count (a daily cap against SMS flooding). */
export async function countSmsToday(q: Queryable, key: string): Promise<number> {
  const [row] = await q.query<{ sent: number }>(
    `INSERT INTO mail_quota AS m (recipient_hash, template) VALUES ($1, 'sms_code')
     ON CONFLICT (recipient_hash, template, day) DO UPDATE SET sent = m.sent + 1 RETURNING sent`,
    [key],
  );
  return row!.sent;
}

/** Debits of a member by direct debit in the last 30 days that did not fail. */
export async function recentDebits(q: Queryable, userId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM orders o JOIN payment_mandates m ON m.id = o.mandate_id
      WHERE o.user_id = $1 AND m.kind = 'sdd' AND o.created_at > now() - interval '30 days'
        AND o.status NOT IN ('failed', 'cancelled', 'expired')`,
    [userId],
  );
  return row!.n;
}

export async function directDebitBlocked(q: Queryable, userId: string): Promise<boolean> {
  const [row] = await q.query<{ b: boolean }>('SELECT direct_debit_blocked AS b FROM users WHERE id = $1', [
    userId,
  ]);
  return !!row?.b;
}
