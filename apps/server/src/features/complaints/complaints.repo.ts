import type { ComplaintStatus } from '@amora/contracts';
import { z } from 'zod';
import { firstRow, type Queryable } from '../../platform/db.ts';
import { rowOf, sql } from '../../platform/sql.ts';

/** The reported member's name, when they are a member of this site (else null). */
export async function memberName(q: Queryable, memberId: string, siteId: number): Promise<string | null> {
  const rows = await q.query<{ name: string }>(
    'SELECT name FROM profiles WHERE user_id = $1 AND site_id = $2',
    [memberId, siteId],
  );
  return rows[0]?.name ?? null;
}

/** The reporter as the complaint keeps them: address, language and name at the time of the report. */
export interface Reporter {
  email: string;
  language: string;
  name: string;
}

export async function insertComplaint(
  q: Queryable,
  c: {
    siteId: number;
    reporterId: string;
    reporter: Reporter;
    memberId: string | null;
    memberName: string | null;
    reason: string;
    text: string;
  },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO complaints (site_id, reporter_id, reporter_name, reporter_email, reporter_language,
                             member_id, member_name, reason, text)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      c.siteId,
      c.reporterId,
      c.reporter.name,
      c.reporter.email,
      c.reporter.language,
      c.memberId,
      c.memberName,
      c.reason,
      c.text,
    ],
  );
  return row!.id;
}

/** Where the receipt goes: the reporter's address, language and name. */
export const reporter = (q: Queryable, userId: string) =>
  firstRow<Reporter>(
    q,
    'SELECT u.email, u.language, p.name FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = $1',
    [userId],
  );

/** A complaint as the operator console shows it. */
export interface ComplaintRow {
  id: string;
  site_id: number;
  status: ComplaintStatus;
  reason: string;
  text: string;
  reporter_id: string | null;
  reporter_name: string;
  reporter_email: string;
  reporter_language: string;
  member_id: string | null;
  member_name: string | null;
  decision_note: string | null;
  created_at: Date;
  status_changed_at: Date;
  /** An automated report's scam rule (features/safety), else null. */
  rule?: string | null;
}

const COMPLAINT_COLS = `id, site_id, status, reason, text, reporter_id, reporter_name, reporter_email,
  reporter_language, member_id, member_name, decision_note, created_at, status_changed_at, rule`;

/** A site's complaints of one status, oldest first (the console's queue). */
export async function complaintsByStatus(
  q: Queryable,
  siteId: number,
  status: ComplaintStatus,
  limit: number,
): Promise<ComplaintRow[]> {
  return q.query<ComplaintRow>(
    `SELECT ${COMPLAINT_COLS} FROM complaints WHERE site_id = $1 AND status = $2 ORDER BY created_at, id LIMIT $3`,
    [siteId, status, limit],
  );
}

/** A page of a site's waiting complaints (open or in review), oldest first (the console's reports queue). */
export async function waitingComplaints(
  q: Queryable,
  siteId: number,
  limit: number,
  offset: number,
): Promise<ComplaintRow[]> {
  return q.query<ComplaintRow>(
    `SELECT ${COMPLAINT_COLS} FROM complaints WHERE site_id = $1 AND status IN ('open', 'in_review')
      ORDER BY created_at, id LIMIT $2 OFFSET $3`,
    [siteId, limit, offset],
  );
}

/** One complaint of a site. */
export const complaintById = (q: Queryable, siteId: number, id: string) =>
  firstRow<ComplaintRow>(q, `SELECT ${COMPLAINT_COLS} FROM complaints WHERE id = $1 AND site_id = $2`, [
    id,
    siteId,
  ]);

/** Moves a complaint from one of `from` to `to` (null when it is not in one of them: a race lost). */
export async function setComplaintStatus(
  q: Queryable,
  c: {
    siteId: number;
    id: string;
    from: readonly ComplaintStatus[];
    to: ComplaintStatus;
    note: string | null;
  },
): Promise<ComplaintRow | null> {
  const [row] = await q.query<ComplaintRow>(
    `UPDATE complaints SET status = $4, status_changed_at = now(), decision_note = COALESCE($5, decision_note)
      WHERE site_id = $1 AND id = $2 AND status = ANY($3::text[])
      RETURNING id, site_id, status, reason, text, reporter_id, reporter_name, reporter_email, reporter_language,
                member_id, member_name, decision_note, created_at, status_changed_at, rule`,
    [c.siteId, c.id, c.from, c.to, c.note],
  );
  return row ?? null;
}

export const complaintExists = async (q: Queryable, siteId: number, id: string) =>
  (await rowOf(q, z.object({}), sql`SELECT 1 FROM complaints WHERE id = ${id} AND site_id = ${siteId}`)) !==
  undefined;
