import { COMPLAINT_STATUSES, type ComplaintStatus, reportItemSchema } from '@amora/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { rowOf, rowsOf, type Sql, sql, sqlText } from '../../platform/sql.ts';

/** The reported member's name, when they are a member of this site (else null). */
export const memberName = async (q: Queryable, memberId: string, siteId: number): Promise<string | null> =>
  (
    await rowOf(
      q,
      z.object({ name: z.string() }),
      sql`SELECT name FROM profiles WHERE user_id = ${memberId} AND site_id = ${siteId}`,
    )
  )?.name ?? null;

/** The reporter as the complaint keeps them: address, language and name at the time of the report. */
const reporterRow = z.object({ email: z.string(), language: z.string(), name: z.string() });
export type Reporter = z.output<typeof reporterRow>;

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
  const row = await rowOf(
    q,
    z.object({ id: z.string() }),
    sql`INSERT INTO complaints (site_id, reporter_id, reporter_name, reporter_email, reporter_language,
                                member_id, member_name, reason, text)
        VALUES (${c.siteId}, ${c.reporterId}, ${c.reporter.name}, ${c.reporter.email}, ${c.reporter.language},
                ${c.memberId}, ${c.memberName}, ${c.reason}, ${c.text})
        RETURNING id`,
  );
  return row!.id;
}

/**
 * The reporter's waiting complaint with these very words about this member, if any: the same
 * report sent again (a reload, a second tap) is the same report, not a second one in the queue.
 */
export const sameWaitingComplaint = async (
  q: Queryable,
  c: { siteId: number; reporterId: string; memberId: string | null; reason: string; text: string },
): Promise<string | null> =>
  (
    await rowOf(
      q,
      z.object({ id: z.string() }),
      sql`SELECT id FROM complaints
           WHERE site_id = ${c.siteId} AND reporter_id = ${c.reporterId} AND member_id IS NOT DISTINCT FROM ${c.memberId}::uuid
             AND reason = ${c.reason} AND text = ${c.text} AND status IN ('open', 'in_review')
           LIMIT 1`,
    )
  )?.id ?? null;

/** Where the receipt goes: the reporter's address, language and name. */
export const reporter = (q: Queryable, userId: string) =>
  rowOf(
    q,
    reporterRow,
    sql`SELECT u.email, u.language, p.name FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = ${userId}`,
  );

/** A complaint: what the console's report queue shows (contracts reportItemSchema) and the rest of its row. */
const complaintRow = reportItemSchema.omit({ upheld: true }).extend({
  site_id: z.number(),
  status: z.enum(COMPLAINT_STATUSES),
  reporter_id: z.string().nullable(),
  reporter_email: z.string(),
  reporter_language: z.string(),
  decision_note: z.string().nullable(),
  created_at: z.date(),
  status_changed_at: z.date(),
  /** An automated report's scam rule (features/safety), else null. */
  rule: z.string().nullable().optional(),
});
export type ComplaintRow = z.output<typeof complaintRow>;

const COMPLAINT_COLS = sqlText(`id, site_id, status, reason, text, reporter_id, reporter_name, reporter_email,
  reporter_language, member_id, member_name, decision_note, created_at, status_changed_at, rule`);

/** A site's complaints where `filter` holds, oldest first, a page of them. */
const complaintsWhere = (q: Queryable, siteId: number, filter: Sql, page: Sql) =>
  rowsOf(
    q,
    complaintRow,
    sql`SELECT ${COMPLAINT_COLS} FROM complaints WHERE site_id = ${siteId} AND ${filter}
         ORDER BY created_at, id ${page}`,
  );

/** A site's complaints of one status, oldest first (the console's queue). */
export const complaintsByStatus = (q: Queryable, siteId: number, status: ComplaintStatus, limit: number) =>
  complaintsWhere(q, siteId, sql`status = ${status}`, sql`LIMIT ${limit}`);

/** A page of a site's waiting complaints (open or in review), oldest first (the console's reports queue). */
export const waitingComplaints = (q: Queryable, siteId: number, limit: number, offset: number) =>
  complaintsWhere(q, siteId, sql`status IN ('open', 'in_review')`, sql`LIMIT ${limit} OFFSET ${offset}`);

/** One complaint of a site. */
export const complaintById = (q: Queryable, siteId: number, id: string) =>
  rowOf(
    q,
    complaintRow,
    sql`SELECT ${COMPLAINT_COLS} FROM complaints WHERE id = ${id} AND site_id = ${siteId}`,
  );

/** Moves a complaint from one of `from` to `to` (null when it is not in one of them: a race lost). */
export const setComplaintStatus = async (
  q: Queryable,
  c: {
    siteId: number;
    id: string;
    from: readonly ComplaintStatus[];
    to: ComplaintStatus;
    note: string | null;
  },
): Promise<ComplaintRow | null> =>
  (await rowOf(
    q,
    complaintRow,
    sql`UPDATE complaints SET status = ${c.to}, status_changed_at = now(),
                              decision_note = COALESCE(${c.note}::text, decision_note)
         WHERE site_id = ${c.siteId} AND id = ${c.id} AND status = ANY(${c.from}::text[])
        RETURNING ${COMPLAINT_COLS}`,
  )) ?? null;

export const complaintExists = async (q: Queryable, siteId: number, id: string) =>
  (await rowOf(q, z.object({}), sql`SELECT 1 FROM complaints WHERE id = ${id} AND site_id = ${siteId}`)) !==
  undefined;
