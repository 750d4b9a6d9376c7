import { type ModerationAction, type ModerationCategory, RESTRICTIONS } from '@amora/contracts';
import { firstRow, type Queryable } from '../../platform/db.ts';

/**
 * Moderation's SQL. It changes rows of other features on purpose (a photo's status, a profile's
 * status, an account's status): those changes are the restrictions, and their reversals, that
 * moderation decides; nothing else in the code makes them.
 */

/** The actions that restrict a member, as an SQL list. */
const RESTRICTION_LIST = RESTRICTIONS.map((a) => `'${a}'`).join(', ');

export interface QueuePhotoRow {
  id: string;
  user_id: string;
  name: string;
  storage_key: string;
  status: 'pending' | 'active';
  created_at: Date;
}

/** The photo queue: a site's photos not yet reviewed (pending or published); demo members left out. */
const PHOTO_QUEUE = `FROM photos ph JOIN users u ON u.id = ph.user_id JOIN profiles p ON p.user_id = ph.user_id
      WHERE ph.site_id = $1 AND ph.reviewed_at IS NULL AND ph.status <> 'rejected' AND NOT u.is_demo
        AND u.status NOT IN ('deleted', 'banned')`;

/** A page of the photo queue, oldest first. */
export function photoQueueRows(
  q: Queryable,
  siteId: number,
  limit: number,
  offset = 0,
): Promise<QueuePhotoRow[]> {
  return q.query<QueuePhotoRow>(
    `SELECT ph.id, ph.user_id, p.name, ph.storage_key, ph.status, ph.created_at ${PHOTO_QUEUE}
      ORDER BY ph.created_at, ph.id LIMIT $2 OFFSET $3`,
    [siteId, limit, offset],
  );
}

/** How many photos the queue holds. */
export const photoQueueCount = async (q: Queryable, siteId: number) =>
  (await firstRow<{ n: number }>(q, `SELECT count(*)::int AS n ${PHOTO_QUEUE}`, [siteId]))?.n ?? 0;

/** How many reports wait (open or in review). */
export const openReportCount = async (q: Queryable, siteId: number) =>
  (
    await firstRow<{ n: number }>(
      q,
      "SELECT count(*)::int AS n FROM complaints WHERE site_id = $1 AND status IN ('open', 'in_review')",
      [siteId],
    )
  )?.n ?? 0;

/** How many appeals wait. */
export const openAppealCount = async (q: Queryable, siteId: number) =>
  (
    await firstRow<{ n: number }>(
      q,
      "SELECT count(*)::int AS n FROM moderation_appeals WHERE site_id = $1 AND status = 'open'",
      [siteId],
    )
  )?.n ?? 0;

/**
 * Resolves a member's other waiting reports with the restriction decided on one of them: each
 * records the decision (complaints.decision_id) and its statement. Returns the reports resolved
 * with their reporters (who hear the outcome too).
 */
export function resolveOtherReports(
  q: Queryable,
  c: { siteId: number; memberId: string; exceptId: string; decisionId: string; note: string },
) {
  return q.query<{
    id: string;
    reporter_email: string;
    reporter_language: string;
    reporter_name: string;
    created_at: Date;
  }>(
    `UPDATE complaints SET status = 'resolved', status_changed_at = now(), decision_note = $5, decision_id = $4
      WHERE site_id = $1 AND member_id = $2 AND id <> $3 AND status IN ('open', 'in_review')
      RETURNING id, reporter_email, reporter_language, reporter_name, created_at`,
    [c.siteId, c.memberId, c.exceptId, c.decisionId, c.note],
  );
}

/** Records the decision a report was decided with. */
export async function setComplaintDecision(q: Queryable, complaintId: string, decisionId: string) {
  await q.query('UPDATE complaints SET decision_id = $2 WHERE id = $1', [complaintId, decisionId]);
}

export interface PhotoFacts {
  id: string;
  user_id: string;
  site_id: number;
  storage_key: string;
  status: 'pending' | 'active' | 'rejected';
  is_main: boolean;
  reviewed_at: Date | null;
  created_at: Date;
}

export const photoForUpdate = (q: Queryable, siteId: number, photoId: string) =>
  firstRow<PhotoFacts>(
    q,
    `SELECT id, user_id, site_id, storage_key, status, is_main, reviewed_at, created_at
       FROM photos WHERE id = $1 AND site_id = $2 FOR UPDATE`,
    [photoId, siteId],
  );

export async function approvePhotoRow(q: Queryable, photoId: string): Promise<void> {
  await q.query(`UPDATE photos SET status = 'active', reviewed_at = now() WHERE id = $1`, [photoId]);
}

/**
 * Takes a photo off every surface: rejected (every list reads only 'active' photos) and no longer
 * the main one; the member's next photo (published first, then by position) becomes main.
 */
export async function rejectPhotoRow(q: Queryable, photo: PhotoFacts): Promise<void> {
  await q.query(`UPDATE photos SET status = 'rejected', is_main = false, reviewed_at = now() WHERE id = $1`, [
    photo.id,
  ]);
  if (photo.is_main) await promoteMain(q, photo.user_id);
}

/** Gives a member without a main photo their first remaining one (published first). */
async function promoteMain(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `UPDATE photos SET is_main = true WHERE id = (
       SELECT id FROM photos WHERE user_id = $1 AND status <> 'rejected'
        ORDER BY over_limit, (status = 'active') DESC, position LIMIT 1)
       AND NOT EXISTS (SELECT 1 FROM photos WHERE user_id = $1 AND is_main)`,
    [userId],
  );
}

/** Reverses a rejection: the photo is published again; main again when the member has none. */
export async function restorePhotoRow(q: Queryable, photoId: string): Promise<void> {
  const [row] = await q.query<{ user_id: string }>(
    `UPDATE photos SET status = 'active' WHERE id = $1 AND status = 'rejected' RETURNING user_id`,
    [photoId],
  );
  if (!row) return;
  // A member left without a published main photo gets this one as main again.
  const main = await q.query(`SELECT 1 FROM photos WHERE user_id = $1 AND is_main AND status = 'active'`, [
    row.user_id,
  ]);
  if (main.length) return;
  await q.query('UPDATE photos SET is_main = false WHERE user_id = $1 AND is_main', [row.user_id]);
  await q.query('UPDATE photos SET is_main = true WHERE id = $1', [photoId]);
}

export interface MemberFacts {
  id: string;
  site_id: number;
  email: string;
  language: string;
  status: string;
  name: string;
  profile_status: string;
  about: string;
  city: string | null;
}

export async function memberFacts(q: Queryable, siteId: number, userId: string, lock = false) {
  const [row] = await q.query<MemberFacts>(
    `SELECT u.id, u.site_id, u.email, u.language, u.status, p.name, p.status AS profile_status, p.about, p.city
       FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = $1 AND u.site_id = $2
       ${lock ? 'FOR UPDATE OF u' : ''}`,
    [userId, siteId],
  );
  return row ?? null;
}

export async function memberPhotos(q: Queryable, userId: string) {
  return q.query<{ id: string; storage_key: string; status: string; is_main: boolean }>(
    'SELECT id, storage_key, status, is_main FROM photos WHERE user_id = $1 ORDER BY is_main DESC, position, created_at',
    [userId],
  );
}

/** A photo's stored file (a notice's thumbnail), whatever its status. */
export const photoStorageKey = async (q: Queryable, photoId: string) =>
  (await firstRow<{ storage_key: string }>(q, 'SELECT storage_key FROM photos WHERE id = $1', [photoId]))
    ?.storage_key;

/** A site's CDN prefix (a notice opened without the request's site). */
export const siteCdnPrefix = async (q: Queryable, siteId: number) =>
  (
    await firstRow<{ cdn: string }>(q, "SELECT config->>'cdn_prefix' AS cdn FROM sites WHERE id = $1", [
      siteId,
    ])
  )?.cdn;

/** An account's status (suspended or banned ones are turned away at login). */
export const accountStatus = async (q: Queryable, userId: string) =>
  (await firstRow<{ status: string }>(q, 'SELECT status FROM users WHERE id = $1', [userId]))?.status;

export async function setProfileStatus(q: Queryable, userId: string, status: 'active' | 'disabled') {
  await q.query('UPDATE profiles SET status = $2 WHERE user_id = $1', [userId, status]);
}

export async function setAccountStatus(
  q: Queryable,
  userId: string,
  status: string,
  from: readonly string[],
) {
  const rows = await q.query(
    'UPDATE users SET status = $2 WHERE id = $1 AND status = ANY($3::text[]) RETURNING id',
    [userId, status, from],
  );
  return rows.length > 0;
}

export async function endAllSessions(q: Queryable, userId: string): Promise<void> {
  await q.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
}

export interface DecisionRow {
  id: string;
  site_id: number;
  member_id: string | null;
  source: 'photo_review' | 'report';
  complaint_id: string | null;
  photo_id: string | null;
  action: ModerationAction;
  category: ModerationCategory | null;
  ground: 'contractual' | 'legal' | null;
  facts: string;
  automated: boolean;
  suspended_until: Date | null;
  previous_status: string | null;
  member_language: string;
  received_at: Date;
  decided_at: Date;
  decided_by: string;
  decided_by_name: string;
  state: 'in_force' | 'reversed' | 'expired';
}

const DECISION_COLS = `d.id, d.site_id, d.member_id, d.source, d.complaint_id, d.photo_id, d.action, d.category,
  d.ground, d.facts, d.automated, d.suspended_until, d.previous_status, d.member_language, d.received_at,
  d.decided_at, d.decided_by, d.decided_by_name, d.state`;

export async function insertDecision(
  q: Queryable,
  d: Omit<DecisionRow, 'id' | 'decided_at' | 'state' | 'automated'>,
): Promise<DecisionRow> {
  const [row] = await q.query<DecisionRow>(
    `INSERT INTO moderation_decisions AS d (site_id, member_id, source, complaint_id, photo_id, action, category,
        ground, facts, suspended_until, previous_status, member_language, received_at, decided_by, decided_by_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     RETURNING ${DECISION_COLS}`,
    [
      d.site_id,
      d.member_id,
      d.source,
      d.complaint_id,
      d.photo_id,
      d.action,
      d.category,
      d.ground,
      d.facts,
      d.suspended_until,
      d.previous_status,
      d.member_language,
      d.received_at,
      d.decided_by,
      d.decided_by_name,
    ],
  );
  return row!;
}

export async function decisionById(q: Queryable, id: string, lock = false): Promise<DecisionRow | null> {
  const [row] = await q.query<DecisionRow>(
    `SELECT ${DECISION_COLS} FROM moderation_decisions d WHERE d.id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return row ?? null;
}

export async function decisionsOfMember(q: Queryable, memberId: string, restrictionsOnly = true) {
  return q.query<DecisionRow>(
    `SELECT ${DECISION_COLS} FROM moderation_decisions d WHERE d.member_id = $1
       ${restrictionsOnly ? `AND d.action IN (${RESTRICTION_LIST})` : ''}
      ORDER BY d.decided_at DESC LIMIT 100`,
    [memberId],
  );
}

export async function setDecisionState(q: Queryable, id: string, state: DecisionRow['state']) {
  await q.query('UPDATE moderation_decisions SET state = $2 WHERE id = $1', [id, state]);
}

/** Restrictions not reversed, per member (repeat offenders). */
export async function upheldCounts(q: Queryable, memberIds: string[]): Promise<Map<string, number>> {
  if (!memberIds.length) return new Map();
  const rows = await q.query<{ member_id: string; n: number }>(
    `SELECT member_id, count(*)::int AS n FROM moderation_decisions
      WHERE member_id = ANY($1::uuid[]) AND state <> 'reversed'
        AND action IN (${RESTRICTION_LIST})
      GROUP BY member_id`,
    [memberIds],
  );
  return new Map(rows.map((r) => [r.member_id, r.n]));
}

/** The newest restriction of an account that is suspended or banned (what its notice shows). */
export async function accountRestriction(q: Queryable, memberId: string): Promise<DecisionRow | null> {
  const [row] = await q.query<DecisionRow>(
    `SELECT ${DECISION_COLS} FROM moderation_decisions d
      WHERE d.member_id = $1 AND d.action IN ('suspend', 'ban') AND d.state = 'in_force'
      ORDER BY d.decided_at DESC LIMIT 1`,
    [memberId],
  );
  return row ?? null;
}

export interface AppealRow {
  id: string;
  decision_id: string;
  site_id: number;
  text: string;
  created_at: Date;
  status: 'open' | 'upheld' | 'reversed';
  decided_by: string | null;
  decided_at: Date | null;
  note: string | null;
}

export async function appealOf(q: Queryable, decisionId: string): Promise<AppealRow | null> {
  const [row] = await q.query<AppealRow>('SELECT * FROM moderation_appeals WHERE decision_id = $1', [
    decisionId,
  ]);
  return row ?? null;
}

export async function insertAppeal(q: Queryable, a: { decisionId: string; siteId: number; text: string }) {
  const rows = await q.query<AppealRow>(
    `INSERT INTO moderation_appeals (decision_id, site_id, text) VALUES ($1, $2, $3)
     ON CONFLICT (decision_id) DO NOTHING RETURNING *`,
    [a.decisionId, a.siteId, a.text],
  );
  return rows[0] ?? null;
}

export async function appealForUpdate(q: Queryable, siteId: number, id: string): Promise<AppealRow | null> {
  const [row] = await q.query<AppealRow>(
    'SELECT * FROM moderation_appeals WHERE id = $1 AND site_id = $2 FOR UPDATE',
    [id, siteId],
  );
  return row ?? null;
}

export async function closeAppeal(
  q: Queryable,
  a: { id: string; status: 'upheld' | 'reversed'; by: string; note: string },
): Promise<void> {
  await q.query(
    'UPDATE moderation_appeals SET status = $2, decided_by = $3, decided_at = now(), note = $4 WHERE id = $1',
    [a.id, a.status, a.by, a.note],
  );
}

export async function appealsByStatus(
  q: Queryable,
  siteId: number,
  status: AppealRow['status'],
  limit: number,
  offset = 0,
) {
  return q.query<AppealRow & { member_name: string | null }>(
    `SELECT a.*, p.name AS member_name FROM moderation_appeals a
       JOIN moderation_decisions d ON d.id = a.decision_id
       LEFT JOIN profiles p ON p.user_id = d.member_id
      WHERE a.site_id = $1 AND a.status = $2 ORDER BY a.created_at, a.id LIMIT $3 OFFSET $4`,
    [siteId, status, limit, offset],
  );
}

/** Suspensions whose end has passed and still in force (lifted by the job and at login). */
export async function dueSuspensions(q: Queryable, memberId?: string) {
  return q.query<DecisionRow>(
    `SELECT ${DECISION_COLS} FROM moderation_decisions d
      WHERE d.action = 'suspend' AND d.state = 'in_force' AND d.suspended_until <= now()
        ${memberId ? 'AND d.member_id = $1' : ''}
      ORDER BY d.suspended_until LIMIT 500`,
    memberId ? [memberId] : [],
  );
}

export async function complaintForUpdate(q: Queryable, siteId: number, id: string) {
  const [row] = await q.query<{
    id: string;
    status: string;
    member_id: string | null;
    created_at: Date;
  }>('SELECT id, status, member_id, created_at FROM complaints WHERE id = $1 AND site_id = $2 FOR UPDATE', [
    id,
    siteId,
  ]);
  return row ?? null;
}

/** The transparency figures of a site for [from, to). */
export async function transparencyRows(q: Queryable, siteId: number, from: Date, to: Date) {
  const decisions = await q.query<{
    action: string;
    category: string | null;
    source: string;
    automated: boolean;
    hours: number;
  }>(
    `SELECT action, category, source, automated,
            extract(epoch FROM (decided_at - received_at)) / 3600.0 AS hours
       FROM moderation_decisions WHERE site_id = $1 AND decided_at >= $2 AND decided_at < $3`,
    [siteId, from, to],
  );
  const appeals = await q.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM moderation_appeals
      WHERE site_id = $1 AND created_at >= $2 AND created_at < $3 GROUP BY status`,
    [siteId, from, to],
  );
  const [reports] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM complaints WHERE site_id = $1 AND created_at >= $2 AND created_at < $3',
    [siteId, from, to],
  );
  // Reports decided in the range: a resolved report whose decision was made on another report was
  // resolved with that one (one restriction, several reports).
  const [decided] = await q.query<{ dismissed: number; resolved: number; with_another: number }>(
    `SELECT count(*) FILTER (WHERE c.status = 'dismissed')::int AS dismissed,
            count(*) FILTER (WHERE c.status = 'resolved' AND d.complaint_id IS DISTINCT FROM c.id
                               AND c.decision_id IS NOT NULL)::int AS with_another,
            count(*) FILTER (WHERE c.status = 'resolved'
                               AND (c.decision_id IS NULL OR d.complaint_id = c.id))::int AS resolved
       FROM complaints c LEFT JOIN moderation_decisions d ON d.id = c.decision_id
      WHERE c.site_id = $1 AND c.status IN ('resolved', 'dismissed')
        AND c.status_changed_at >= $2 AND c.status_changed_at < $3`,
    [siteId, from, to],
  );
  return {
    decisions,
    appeals,
    reports: reports?.n ?? 0,
    reportsDecided: decided ?? { dismissed: 0, resolved: 0, with_another: 0 },
  };
}
