import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { countOf, rowOf, run, sql } from '../../platform/sql.ts';

const triedCode = z.object({ phone: z.string(), code_hash: z.string(), attempts: z.number() });
const takenCode = triedCode.extend({ sent_at: z.date(), expires_at: z.date() });
export type TakenCode = z.output<typeof takenCode>;

const smsCodeRow = takenCode.extend({
  /** Seconds since it was sent, by the database's clock. */
  age_s: z.number(),
  expired: z.boolean(),
});
export type SmsCodeRow = z.output<typeof smsCodeRow>;

export const currentCode = (q: Queryable, userId: string) =>
  rowOf(
    q,
    smsCodeRow,
    sql`SELECT phone, code_hash, attempts, sent_at, expires_at,
               extract(epoch FROM now() - sent_at)::int AS age_s, expires_at < now() AS expired
          FROM sms_codes WHERE user_id = ${userId}`,
  );

/** Stores a new code (replacing the last), valid `validS` seconds. */
export async function putCode(q: Queryable, userId: string, phone: string, hash: string, validS: number) {
  await run(
    q,
    sql`INSERT INTO sms_codes (user_id, phone, code_hash, expires_at)
        VALUES (${userId}, ${phone}, ${hash}, now() + make_interval(secs => ${validS}))
        ON CONFLICT (user_id) DO UPDATE SET phone = ${phone}, code_hash = ${hash}, attempts = 0, sent_at = now(),
          expires_at = now() + make_interval(secs => ${validS})`,
  );
}

/**
 * Spends one of the code's tries before it is compared, in one statement: of any number of
 * parallel guesses, at most `tries` are ever compared. Returns the code as it stands after this
 * try, or undefined when it is expired or its tries are used up.
 */
export const spendTry = (q: Queryable, userId: string, tries: number) =>
  rowOf(
    q,
    triedCode,
    sql`UPDATE sms_codes SET attempts = attempts + 1
         WHERE user_id = ${userId} AND attempts < ${tries} AND expires_at > now()
        RETURNING phone, code_hash, attempts`,
  );

/** Uses the code up; only the one caller that took it gets it (two submits cannot both use it). */
export const takeCode = (q: Queryable, userId: string, hash: string) =>
  rowOf(
    q,
    takenCode,
    sql`DELETE FROM sms_codes WHERE user_id = ${userId} AND code_hash = ${hash}
        RETURNING phone, code_hash, attempts, sent_at, expires_at`,
  );

/**
 * Gives a used code back when the provider could not make the mandate (nothing was charged): the
 * member may send the form again with the same code until it expires. A newer code stays.
 */
export async function restoreCode(q: Queryable, userId: string, c: TakenCode): Promise<void> {
  await run(
    q,
    sql`INSERT INTO sms_codes (user_id, phone, code_hash, attempts, sent_at, expires_at)
        VALUES (${userId}, ${c.phone}, ${c.code_hash}, ${c.attempts}, ${new Date(c.sent_at).toISOString()},
                ${new Date(c.expires_at).toISOString()})
        ON CONFLICT (user_id) DO NOTHING`,
  );
}

/** Counts a code sent under `key` today (a member, a phone number) and returns the count (a daily cap against SMS flooding). */
export async function countSmsToday(q: Queryable, key: string): Promise<number> {
  const row = await rowOf(
    q,
    z.object({ sent: z.number() }),
    sql`INSERT INTO mail_quota AS m (recipient_hash, template) VALUES (${key}, 'sms_code')
        ON CONFLICT (recipient_hash, template, day) DO UPDATE SET sent = m.sent + 1 RETURNING sent`,
  );
  return row!.sent;
}

/** Debits of a member by direct debit in the last 30 days that did not fail. */
export const recentDebits = (q: Queryable, userId: string): Promise<number> =>
  countOf(
    q,
    sql`SELECT count(*)::int AS n FROM orders o JOIN payment_mandates m ON m.id = o.mandate_id
         WHERE o.user_id = ${userId} AND m.kind = 'sdd' AND o.created_at > now() - interval '30 days'
           AND o.status NOT IN ('failed', 'cancelled', 'expired')`,
  );

export async function directDebitBlocked(q: Queryable, userId: string): Promise<boolean> {
  const row = await rowOf(
    q,
    z.object({ b: z.boolean() }),
    sql`SELECT direct_debit_blocked AS b FROM users WHERE id = ${userId}`,
  );
  return !!row?.b;
}
