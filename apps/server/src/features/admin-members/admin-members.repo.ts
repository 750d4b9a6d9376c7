import { z } from 'zod';
import { firstRow, type Queryable } from '../../platform/db.ts';
import { rowOf, sql } from '../../platform/sql.ts';

// The console's reads of a member: always of the console's own site (`site_id = $1`), never a
// password hash or an address; the actions go through the owning features' services.

export interface MemberRow {
  id: string;
  name: string | null;
  email: string;
  status: string;
  country: string | null;
  signup_date: Date;
  credits: number;
  paid_user: boolean;
  fictional: boolean;
}

const ROW = `u.id, p.name, u.email, u.status, p.country, u.signup_date, u.credits, u.paid_user, u.fictional`;

/** Members by id, e-mail (exact or its start) or name (any part), newest first; one more than `limit`. */
export async function searchMembers(
  q: Queryable,
  siteId: number,
  term: { id?: string; email?: string; name?: string },
  limit: number,
  offset: number,
): Promise<(MemberRow & { total_count: number })[]> {
  const like = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  return q.query<MemberRow & { total_count: number }>(
    `SELECT ${ROW}, count(*) OVER ()::int AS total_count FROM users u LEFT JOIN profiles p ON p.user_id = u.id
      WHERE u.site_id = $1
        AND ($2::uuid IS NULL OR u.id = $2::uuid)
        AND ($3::text IS NULL OR u.email LIKE $3 || '%')
        AND ($4::text IS NULL OR p.name ILIKE '%' || $4 || '%')
      ORDER BY u.signup_date DESC, u.id LIMIT $5 OFFSET $6`,
    [
      siteId,
      term.id ?? null,
      term.email ? like(term.email.toLowerCase()) : null,
      term.name ? like(term.name) : null,
      limit + 1,
      offset,
    ],
  );
}

export interface MemberDetailRow extends MemberRow {
  gender: string | null;
  birth_date: string | null;
  city: string | null;
  about: string | null;
  language: string;
  last_active_at: Date;
  invisible: boolean;
  is_demo: boolean;
  direct_debit_blocked: boolean;
  notifications_disabled: string[];
  deletion_requested_at: Date | null;
  sessions: number;
}

export const memberOfSite = (q: Queryable, siteId: number, id: string) =>
  firstRow<MemberDetailRow>(
    q,
    `SELECT ${ROW}, p.gender, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date, p.city, p.about, u.language,
            u.last_active_at, u.invisible, u.is_demo, u.direct_debit_blocked, u.notifications_disabled,
            u.deletion_requested_at,
            (SELECT count(*)::int FROM sessions s WHERE s.user_id = u.id) AS sessions
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id
      WHERE u.site_id = $1 AND u.id = $2`,
    [siteId, id],
  );

export interface MemberPhotoRow {
  id: string;
  storage_key: string;
  status: string;
  is_main: boolean;
  created_at: Date;
}

export const memberPhotos = (q: Queryable, userId: string) =>
  q.query<MemberPhotoRow>(
    `SELECT id, storage_key, status, is_main, created_at FROM photos WHERE user_id = $1 ORDER BY position, created_at`,
    [userId],
  );

export interface ReportRow {
  id: string;
  other_id: string | null;
  other_name: string | null;
  reason: string;
  text: string;
  status: string;
  created_at: Date;
}

/** The newest 50 reports about the member (`about`) or by the member. */
export const memberReports = (q: Queryable, siteId: number, userId: string, about: boolean) =>
  q.query<ReportRow>(
    `SELECT c.id, ${about ? 'c.reporter_id' : 'c.member_id'} AS other_id, p.name AS other_name,
            c.reason, c.text, c.status, c.created_at
       FROM complaints c LEFT JOIN profiles p ON p.user_id = ${about ? 'c.reporter_id' : 'c.member_id'}
      WHERE c.site_id = $1 AND ${about ? 'c.member_id' : 'c.reporter_id'} = $2
      ORDER BY c.created_at DESC LIMIT 50`,
    [siteId, userId],
  );

export interface LedgerRow {
  id: number;
  delta: number;
  reason: string;
  ref: string;
  balance_after: number;
  created_at: Date;
}

/** The member's ledger, newest first, from before entry `cursor`; one more than `limit`. */
export const ledgerPage = (q: Queryable, userId: string, cursor: number | null, limit: number) =>
  q.query<LedgerRow>(
    `SELECT id::int, delta, reason, ref, balance_after, created_at FROM credit_ledger
      WHERE user_id = $1 AND ($2::bigint IS NULL OR id < $2) ORDER BY id DESC LIMIT $3`,
    [userId, cursor, limit + 1],
  );

/** The member's balance, with the row locked for the rest of the transaction. */
export const lockedBalance = async (q: Queryable, siteId: number, userId: string) =>
  (
    await firstRow<{ credits: number }>(
      q,
      'SELECT credits FROM users WHERE id = $1 AND site_id = $2 FOR UPDATE',
      [userId, siteId],
    )
  )?.credits;

/** Whether an entry with this reference is in the member's ledger. */
export const isBooked = async (q: Queryable, userId: string, ref: string) =>
  (await rowOf(
    q,
    z.object({}),
    sql`SELECT 1 FROM credit_ledger WHERE user_id = ${userId} AND ref = ${ref}`,
  )) !== undefined;
