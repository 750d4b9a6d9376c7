import { appealItemSchema, decisionViewSchema, RESTRICTIONS } from '@amora/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { countOf, rowOf, rowsOf, run, type Sql, sql, sqlText } from '../../platform/sql.ts';

/**
 * Moderation's SQL. It changes rows of other features on purpose (a profile's status, an
 * account's status; a photo's in photo-review.repo): those changes are the restrictions, and
 * their reversals, that moderation decides; nothing else in the code makes them.
 */

/** The actions that restrict a member, as an SQL list. */
const RESTRICTION_LIST = sqlText(RESTRICTIONS.map((a) => `'${a}'`).join(', '));

/** How many reports wait (open or in review). */
export const openReportCount = (q: Queryable, siteId: number) =>
  countOf(
    q,
    sql`SELECT count(*)::int AS n FROM complaints WHERE site_id = ${siteId} AND status IN ('open', 'in_review')`,
  );

/** How many appeals wait. */
export const openAppealCount = (q: Queryable, siteId: number) =>
  countOf(
    q,
    sql`SELECT count(*)::int AS n FROM moderation_appeals WHERE site_id = ${siteId} AND status = 'open'`,
  );

/**
 * Resolves a member's other waiting reports with the restriction decided on one of them: each
 * records the decision (complaints.decision_id) and its statement. Returns the reports resolved
 * with their reporters (who hear the outcome too).
 */
export function resolveOtherReports(
  q: Queryable,
  c: { siteId: number; memberId: string; exceptId: string; decisionId: string; note: string },
) {
  return rowsOf(
    q,
    z.object({
      id: z.string(),
      reporter_email: z.string(),
      reporter_language: z.string(),
      reporter_name: z.string(),
      created_at: z.date(),
    }),
    sql`UPDATE complaints SET status = 'resolved', status_changed_at = now(), decision_note = ${c.note},
                              decision_id = ${c.decisionId}
         WHERE site_id = ${c.siteId} AND member_id = ${c.memberId} AND id <> ${c.exceptId}
           AND status IN ('open', 'in_review')
        RETURNING id, reporter_email, reporter_language, reporter_name, created_at`,
  );
}

/** Records the decision a report was decided with. */
export async function setComplaintDecision(q: Queryable, complaintId: string, decisionId: string) {
  await run(q, sql`UPDATE complaints SET decision_id = ${decisionId} WHERE id = ${complaintId}`);
}

const memberFactsRow = z.object({
  id: z.string(),
  site_id: z.number(),
  email: z.string(),
  language: z.string(),
  status: z.string(),
  name: z.string(),
  profile_status: z.string(),
  about: z.string(),
  city: z.string().nullable(),
});
export type MemberFacts = z.output<typeof memberFactsRow>;

export async function memberFacts(q: Queryable, siteId: number, userId: string, lock = false) {
  const row = await rowOf(
    q,
    memberFactsRow,
    sql`SELECT u.id, u.site_id, u.email, u.language, u.status, p.name, p.status AS profile_status, p.about, p.city
          FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = ${userId} AND u.site_id = ${siteId}
          ${sqlText(lock ? 'FOR UPDATE OF u' : '')}`,
  );
  return row ?? null;
}

/** A site's CDN prefix (a notice opened without the request's site). */
export const siteCdnPrefix = async (q: Queryable, siteId: number) =>
  (
    await rowOf(
      q,
      z.object({ cdn: z.string().nullable() }),
      sql`SELECT config->>'cdn_prefix' AS cdn FROM sites WHERE id = ${siteId}`,
    )
  )?.cdn;

/** An account's status (suspended or banned ones are turned away at login). */
export const accountStatus = async (q: Queryable, userId: string) =>
  (await rowOf(q, z.object({ status: z.string() }), sql`SELECT status FROM users WHERE id = ${userId}`))
    ?.status;

export async function setProfileStatus(q: Queryable, userId: string, status: 'active' | 'disabled') {
  await run(q, sql`UPDATE profiles SET status = ${status} WHERE user_id = ${userId}`);
}

export async function setAccountStatus(
  q: Queryable,
  userId: string,
  status: string,
  from: readonly string[],
) {
  const rows = await rowsOf(
    q,
    z.object({ id: z.string() }),
    sql`UPDATE users SET status = ${status} WHERE id = ${userId} AND status = ANY(${from}::text[]) RETURNING id`,
  );
  return rows.length > 0;
}

export async function endAllSessions(q: Queryable, userId: string): Promise<void> {
  await run(q, sql`DELETE FROM sessions WHERE user_id = ${userId}`);
}

/** A decision: what its view shows (contracts decisionViewSchema, dates as Date) and the rest of its row. */
const decisionRow = decisionViewSchema.omit({ appeal_until: true }).extend({
  decided_at: z.date(),
  suspended_until: z.date().nullable(),
  site_id: z.number(),
  member_id: z.string().nullable(),
  source: z.enum(['photo_review', 'report']),
  complaint_id: z.string().nullable(),
  photo_id: z.string().nullable(),
  previous_status: z.string().nullable(),
  member_language: z.string(),
  received_at: z.date(),
  decided_by: z.string(),
  decided_by_name: z.string(),
});
export type DecisionRow = z.output<typeof decisionRow>;

const DECISION_COLS = sqlText(`d.id, d.site_id, d.member_id, d.source, d.complaint_id, d.photo_id, d.action,
  d.category, d.ground, d.facts, d.automated, d.suspended_until, d.previous_status, d.member_language,
  d.received_at, d.decided_at, d.decided_by, d.decided_by_name, d.state`);

/** The decisions where `filter` holds; `rest`: their order and page, or a lock. */
const decisionsWhere = (q: Queryable, filter: Sql, rest: Sql) =>
  rowsOf(q, decisionRow, sql`SELECT ${DECISION_COLS} FROM moderation_decisions d WHERE ${filter} ${rest}`);

export async function insertDecision(
  q: Queryable,
  d: Omit<DecisionRow, 'id' | 'decided_at' | 'state' | 'automated'>,
): Promise<DecisionRow> {
  const row = await rowOf(
    q,
    decisionRow,
    sql`INSERT INTO moderation_decisions AS d (site_id, member_id, source, complaint_id, photo_id, action, category,
           ground, facts, suspended_until, previous_status, member_language, received_at, decided_by, decided_by_name)
        VALUES (${d.site_id}, ${d.member_id}, ${d.source}, ${d.complaint_id}, ${d.photo_id}, ${d.action}, ${d.category},
           ${d.ground}, ${d.facts}, ${d.suspended_until}, ${d.previous_status}, ${d.member_language}, ${d.received_at},
           ${d.decided_by}, ${d.decided_by_name})
        RETURNING ${DECISION_COLS}`,
  );
  return row!;
}

export async function decisionById(q: Queryable, id: string, lock = false): Promise<DecisionRow | null> {
  const [row] = await decisionsWhere(q, sql`d.id = ${id}`, sqlText(lock ? 'FOR UPDATE' : ''));
  return row ?? null;
}

export const decisionsOfMember = (q: Queryable, memberId: string, restrictionsOnly = true) =>
  decisionsWhere(
    q,
    sql`d.member_id = ${memberId} ${restrictionsOnly ? sql`AND d.action IN (${RESTRICTION_LIST})` : sqlText('')}`,
    sql`ORDER BY d.decided_at DESC LIMIT 100`,
  );

export async function setDecisionState(q: Queryable, id: string, state: DecisionRow['state']) {
  await run(q, sql`UPDATE moderation_decisions SET state = ${state} WHERE id = ${id}`);
}

/** Restrictions not reversed, per member (repeat offenders). */
export async function upheldCounts(q: Queryable, memberIds: string[]): Promise<Map<string, number>> {
  if (!memberIds.length) return new Map();
  const rows = await rowsOf(
    q,
    z.object({ member_id: z.string(), n: z.number() }),
    sql`SELECT member_id, count(*)::int AS n FROM moderation_decisions
         WHERE member_id = ANY(${memberIds}::uuid[]) AND state <> 'reversed'
           AND action IN (${RESTRICTION_LIST})
         GROUP BY member_id`,
  );
  return new Map(rows.map((r) => [r.member_id, r.n]));
}

/** The newest restriction of an account that is suspended or banned (what its notice shows). */
export async function accountRestriction(q: Queryable, memberId: string): Promise<DecisionRow | null> {
  const [row] = await decisionsWhere(
    q,
    sql`d.member_id = ${memberId} AND d.action IN ('suspend', 'ban') AND d.state = 'in_force'`,
    sql`ORDER BY d.decided_at DESC LIMIT 1`,
  );
  return row ?? null;
}

/** Suspensions whose end has passed and still in force (lifted by the job and at login). */
export const dueSuspensions = (q: Queryable, memberId?: string) =>
  decisionsWhere(
    q,
    sql`d.action = 'suspend' AND d.state = 'in_force' AND d.suspended_until <= now()
        ${memberId ? sql`AND d.member_id = ${memberId}` : sqlText('')}`,
    sql`ORDER BY d.suspended_until LIMIT 500`,
  );

/** An appeal: what the console's queue shows of it (contracts appealItemSchema) and the rest of its row. */
const appealRow = appealItemSchema.pick({ id: true, text: true, status: true }).extend({
  decision_id: z.string(),
  site_id: z.number(),
  created_at: z.date(),
  decided_by: z.string().nullable(),
  decided_at: z.date().nullable(),
  note: z.string().nullable(),
});
export type AppealRow = z.output<typeof appealRow>;

export async function appealOf(q: Queryable, decisionId: string): Promise<AppealRow | null> {
  const row = await rowOf(
    q,
    appealRow,
    sql`SELECT * FROM moderation_appeals WHERE decision_id = ${decisionId}`,
  );
  return row ?? null;
}

export async function insertAppeal(q: Queryable, a: { decisionId: string; siteId: number; text: string }) {
  const row = await rowOf(
    q,
    appealRow,
    sql`INSERT INTO moderation_appeals (decision_id, site_id, text) VALUES (${a.decisionId}, ${a.siteId}, ${a.text})
        ON CONFLICT (decision_id) DO NOTHING RETURNING *`,
  );
  return row ?? null;
}

export async function appealForUpdate(q: Queryable, siteId: number, id: string): Promise<AppealRow | null> {
  const row = await rowOf(
    q,
    appealRow,
    sql`SELECT * FROM moderation_appeals WHERE id = ${id} AND site_id = ${siteId} FOR UPDATE`,
  );
  return row ?? null;
}

export async function closeAppeal(
  q: Queryable,
  a: { id: string; status: 'upheld' | 'reversed'; by: string; note: string },
): Promise<void> {
  await run(
    q,
    sql`UPDATE moderation_appeals SET status = ${a.status}, decided_by = ${a.by}, decided_at = now(), note = ${a.note}
         WHERE id = ${a.id}`,
  );
}

export function appealsByStatus(
  q: Queryable,
  siteId: number,
  status: AppealRow['status'],
  limit: number,
  offset = 0,
) {
  return rowsOf(
    q,
    appealRow.extend({ member_name: z.string().nullable() }),
    sql`SELECT a.*, p.name AS member_name FROM moderation_appeals a
          JOIN moderation_decisions d ON d.id = a.decision_id
          LEFT JOIN profiles p ON p.user_id = d.member_id
         WHERE a.site_id = ${siteId} AND a.status = ${status} ORDER BY a.created_at, a.id
         LIMIT ${limit} OFFSET ${offset}`,
  );
}

export async function complaintForUpdate(q: Queryable, siteId: number, id: string) {
  const row = await rowOf(
    q,
    z.object({ id: z.string(), status: z.string(), member_id: z.string().nullable(), created_at: z.date() }),
    sql`SELECT id, status, member_id, created_at FROM complaints WHERE id = ${id} AND site_id = ${siteId} FOR UPDATE`,
  );
  return row ?? null;
}

/** The transparency figures of a site for [from, to). */
export async function transparencyRows(q: Queryable, siteId: number, from: Date, to: Date) {
  const within = (at: string) => sql`${sqlText(at)} >= ${from} AND ${sqlText(at)} < ${to}`;
  const decisions = await rowsOf(
    q,
    z.object({
      action: z.string(),
      category: z.string().nullable(),
      source: z.string(),
      automated: z.boolean(),
      // numeric: a string from the embedded engine
      hours: z.coerce.number(),
    }),
    sql`SELECT action, category, source, automated,
               extract(epoch FROM (decided_at - received_at)) / 3600.0 AS hours
          FROM moderation_decisions WHERE site_id = ${siteId} AND ${within('decided_at')}`,
  );
  const appeals = await rowsOf(
    q,
    z.object({ status: z.string(), n: z.number() }),
    sql`SELECT status, count(*)::int AS n FROM moderation_appeals
         WHERE site_id = ${siteId} AND ${within('created_at')} GROUP BY status`,
  );
  const reports = await countOf(
    q,
    sql`SELECT count(*)::int AS n FROM complaints WHERE site_id = ${siteId} AND ${within('created_at')}`,
  );
  // Reports decided in the range: a resolved report whose decision was made on another report was
  // resolved with that one (one restriction, several reports).
  const decided = await rowOf(
    q,
    z.object({ dismissed: z.number(), resolved: z.number(), with_another: z.number() }),
    sql`SELECT count(*) FILTER (WHERE c.status = 'dismissed')::int AS dismissed,
               count(*) FILTER (WHERE c.status = 'resolved' AND d.complaint_id IS DISTINCT FROM c.id
                                  AND c.decision_id IS NOT NULL)::int AS with_another,
               count(*) FILTER (WHERE c.status = 'resolved'
                                  AND (c.decision_id IS NULL OR d.complaint_id = c.id))::int AS resolved
          FROM complaints c LEFT JOIN moderation_decisions d ON d.id = c.decision_id
         WHERE c.site_id = ${siteId} AND c.status IN ('resolved', 'dismissed') AND ${within('c.status_changed_at')}`,
  );
  return {
    decisions,
    appeals,
    reports,
    reportsDecided: decided ?? { dismissed: 0, resolved: 0, with_another: 0 },
  };
}
