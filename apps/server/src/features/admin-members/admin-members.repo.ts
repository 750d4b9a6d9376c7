import {
  adminLedgerEntrySchema,
  adminMemberFullSchema,
  adminMemberReportSchema,
  adminMemberRowSchema,
} from '@amora/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { exists, rowOf, rowsOf, sql, sqlText } from '../../platform/sql.ts';

// The console's reads of a member: always of the console's own site (`site_id = …`), never a
// password hash or an address; the actions go through the owning features' services.

// The rows are the console's answers (contracts admin-members.ts) with their dates as the database gives them.

const memberRow = adminMemberRowSchema.extend({ signup_date: z.date() });
export type MemberRow = z.output<typeof memberRow>;

const ROW = sqlText(
  'u.id, p.name, u.email, u.status, p.country, u.signup_date, u.credits, u.paid_user, u.fictional',
);

/** Members by id, e-mail (exact or its start) or name (any part), newest first; one more than `limit`. */
export function searchMembers(
  q: Queryable,
  siteId: number,
  term: { id?: string; email?: string; name?: string },
  limit: number,
  offset: number,
): Promise<(MemberRow & { total_count: number })[]> {
  const like = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  const id = term.id ?? null;
  const email = term.email ? like(term.email.toLowerCase()) : null;
  const name = term.name ? like(term.name) : null;
  return rowsOf(
    q,
    memberRow.extend({ total_count: z.number() }),
    sql`SELECT ${ROW}, count(*) OVER ()::int AS total_count FROM users u LEFT JOIN profiles p ON p.user_id = u.id
         WHERE u.site_id = ${siteId}
           AND (${id}::uuid IS NULL OR u.id = ${id}::uuid)
           AND (${email}::text IS NULL OR u.email LIKE ${email}::text || '%')
           AND (${name}::text IS NULL OR p.name ILIKE '%' || ${name}::text || '%')
         ORDER BY u.signup_date DESC, u.id LIMIT ${limit + 1} OFFSET ${offset}`,
  );
}

const memberDetailRow = adminMemberFullSchema.extend({
  signup_date: z.date(),
  last_active_at: z.date(),
  deletion_requested_at: z.date().nullable(),
});
export type MemberDetailRow = z.output<typeof memberDetailRow>;

export const memberOfSite = (q: Queryable, siteId: number, id: string) =>
  rowOf(
    q,
    memberDetailRow,
    sql`SELECT ${ROW}, p.gender, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date, p.city, p.about, u.language,
               u.last_active_at, u.invisible, u.is_demo, u.direct_debit_blocked, u.notifications_disabled,
               u.deletion_requested_at,
               (SELECT count(*)::int FROM sessions s WHERE s.user_id = u.id) AS sessions
          FROM users u LEFT JOIN profiles p ON p.user_id = u.id
         WHERE u.site_id = ${siteId} AND u.id = ${id}`,
  );

const memberPhotoRow = z.object({
  id: z.string(),
  storage_key: z.string(),
  status: z.string(),
  is_main: z.boolean(),
  created_at: z.date(),
});
export type MemberPhotoRow = z.output<typeof memberPhotoRow>;

export const memberPhotos = (q: Queryable, userId: string) =>
  rowsOf(
    q,
    memberPhotoRow,
    sql`SELECT id, storage_key, status, is_main, created_at FROM photos WHERE user_id = ${userId}
         ORDER BY position, created_at`,
  );

const reportRow = adminMemberReportSchema.extend({ created_at: z.date() });
export type ReportRow = z.output<typeof reportRow>;

/** The newest 50 reports about the member (`about`) or by the member. */
export function memberReports(q: Queryable, siteId: number, userId: string, about: boolean) {
  const [other, member] = about ? ['c.reporter_id', 'c.member_id'] : ['c.member_id', 'c.reporter_id'];
  return rowsOf(
    q,
    reportRow,
    sql`SELECT c.id, ${sqlText(other)} AS other_id, p.name AS other_name, c.reason, c.text, c.status, c.created_at
          FROM complaints c LEFT JOIN profiles p ON p.user_id = ${sqlText(other)}
         WHERE c.site_id = ${siteId} AND ${sqlText(member)} = ${userId}
         ORDER BY c.created_at DESC LIMIT 50`,
  );
}

const ledgerRow = adminLedgerEntrySchema.extend({ created_at: z.date() });
export type LedgerRow = z.output<typeof ledgerRow>;

/** The member's ledger, newest first, from before entry `cursor`; one more than `limit`. */
export const ledgerPage = (q: Queryable, userId: string, cursor: number | null, limit: number) =>
  rowsOf(
    q,
    ledgerRow,
    sql`SELECT id::int, delta, reason, ref, balance_after, created_at FROM credit_ledger
         WHERE user_id = ${userId} AND (${cursor}::bigint IS NULL OR id < ${cursor}::bigint)
         ORDER BY id DESC LIMIT ${limit + 1}`,
  );

/** The member's balance, with the row locked for the rest of the transaction. */
export const lockedBalance = async (q: Queryable, siteId: number, userId: string) =>
  (
    await rowOf(
      q,
      z.object({ credits: z.number() }),
      sql`SELECT credits FROM users WHERE id = ${userId} AND site_id = ${siteId} FOR UPDATE`,
    )
  )?.credits;

/** Whether an entry with this reference is in the member's ledger. */
export const isBooked = (q: Queryable, userId: string, ref: string) =>
  exists(q, sql`SELECT 1 FROM credit_ledger WHERE user_id = ${userId} AND ref = ${ref}`);
