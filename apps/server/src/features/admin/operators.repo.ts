import type { OperatorRole } from '@amora/contracts';
import type { Queryable } from '../../platform/db.ts';
import { type LockoutRule, loginThrottle } from '../../platform/login-throttle.ts';

export interface OperatorRow {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  totp_secret: string | null;
  totp_pending: string | null;
  totp_last_step: string | null;
  totp_required: boolean;
  disabled_at: Date | null;
}

const COLUMNS =
  'id, email, name, password_hash, totp_secret, totp_pending, totp_last_step, totp_required, disabled_at';

export async function operatorByEmail(q: Queryable, email: string): Promise<OperatorRow | null> {
  const rows = await q.query<OperatorRow>(`SELECT ${COLUMNS} FROM operators WHERE lower(email) = lower($1)`, [
    email.trim(),
  ]);
  return rows[0] ?? null;
}

export async function operatorById(q: Queryable, id: string, lock = false): Promise<OperatorRow | null> {
  const rows = await q.query<OperatorRow>(
    `SELECT ${COLUMNS} FROM operators WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function insertOperator(
  q: Queryable,
  o: { email: string; name: string; passwordHash: string },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    'INSERT INTO operators (email, name, password_hash) VALUES ($1, $2, $3) RETURNING id',
    [o.email.trim().toLowerCase(), o.name, o.passwordHash],
  );
  return row!.id;
}

/** Adds a grant; false when the operator already had it. */
export async function insertGrant(
  q: Queryable,
  operatorId: string,
  role: OperatorRole,
  siteId: number | null,
): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO operator_roles (operator_id, role, site_id) VALUES ($1, $2, $3)
     ON CONFLICT (operator_id, role, COALESCE(site_id, 0)) DO NOTHING RETURNING operator_id`,
    [operatorId, role, siteId],
  );
  return rows.length > 0;
}

/** Removes a grant; false when there was none. */
export async function deleteGrant(
  q: Queryable,
  operatorId: string,
  role: OperatorRole,
  siteId: number | null,
): Promise<boolean> {
  const rows = await q.query(
    `DELETE FROM operator_roles WHERE operator_id = $1 AND role = $2 AND site_id IS NOT DISTINCT FROM $3
     RETURNING operator_id`,
    [operatorId, role, siteId],
  );
  return rows.length > 0;
}

export async function setPasswordHash(q: Queryable, id: string, hash: string): Promise<void> {
  await q.query('UPDATE operators SET password_hash = $2 WHERE id = $1', [id, hash]);
}

export async function setDisabled(q: Queryable, id: string, disabled: boolean): Promise<void> {
  await q.query(
    `UPDATE operators SET disabled_at = CASE WHEN $2 THEN COALESCE(disabled_at, now()) ELSE NULL END WHERE id = $1`,
    [id, disabled],
  );
}

export async function setTotpRequired(q: Queryable, id: string, required: boolean): Promise<void> {
  await q.query('UPDATE operators SET totp_required = $2 WHERE id = $1', [id, required]);
}

export async function setTotpPending(q: Queryable, id: string, secret: string | null): Promise<void> {
  await q.query('UPDATE operators SET totp_pending = $2 WHERE id = $1', [id, secret]);
}

/** Makes the pending secret the operator's second factor, with the step of the code that confirmed it. */
export async function enableTotp(q: Queryable, id: string, secret: string, step: number): Promise<void> {
  await q.query(
    'UPDATE operators SET totp_secret = $2, totp_pending = NULL, totp_last_step = $3 WHERE id = $1',
    [id, secret, step],
  );
}

/**
 * Records an accepted code's time step, only if it is later than the last accepted one (a code,
 * or an earlier one, is never accepted twice). False when another request took it first.
 */
export async function takeTotpStep(q: Queryable, id: string, step: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE operators SET totp_last_step = $2
      WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
    [id, step],
  );
  return rows.length > 0;
}

export async function clearTotp(q: Queryable, id: string): Promise<void> {
  await q.query('UPDATE operators SET totp_secret = NULL, totp_pending = NULL WHERE id = $1', [id]);
}

/** Operators with a grant on this site or on every site. */
export async function operatorsOfSite(q: Queryable, siteId: number) {
  return q.query<OperatorRow>(
    `SELECT ${COLUMNS} FROM operators o
      WHERE EXISTS (SELECT 1 FROM operator_roles r WHERE r.operator_id = o.id AND (r.site_id = $1 OR r.site_id IS NULL))
      ORDER BY lower(name), id`,
    [siteId],
  );
}

export async function listOperators(q: Queryable) {
  return q.query<OperatorRow>(`SELECT ${COLUMNS} FROM operators ORDER BY lower(name), id`);
}

// Console sessions

export async function deleteOperatorSessions(q: Queryable, operatorId: string): Promise<void> {
  await q.query('DELETE FROM operator_sessions WHERE operator_id = $1', [operatorId]);
}

export async function deleteOperatorSession(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM operator_sessions WHERE id = $1', [id]);
}

export async function setSessionStage(
  q: Queryable,
  id: string,
  stage: 'active' | 'totp_setup',
): Promise<void> {
  await q.query('UPDATE operator_sessions SET stage = $2, last_seen_at = now() WHERE id = $1', [id, stage]);
}

// Login throttle (per address, hashed), as the members' login_throttle
const throttle = loginThrottle('operator_login_throttle', ['email_hash']);

export const loginBlockedUntil = (q: Queryable, emailHash: string) => throttle.blockedUntil(q, [emailHash]);

export const recordLoginFailure = (q: Queryable, emailHash: string, rule: LockoutRule) =>
  throttle.recordFailure(q, [emailHash], rule);

export const clearLoginFailures = (q: Queryable, emailHash: string) => throttle.clear(q, [emailHash]);

// Audit log

export interface AuditRow {
  id: string;
  at: Date;
  operator_id: string | null;
  operator_name: string;
  action: string;
  site_id: number | null;
  subject_type: string;
  subject_id: string;
  reason: string | null;
  details: Record<string, unknown>;
}

/**
 * Which of the audit log a console reads: its site's entries, and those of every site (site NULL:
 * operators, sites) only for an admin of every site (`everySite`).
 */
export interface AuditScope {
  siteId: number;
  everySite: boolean;
}

/** A page of the audit log for a scope, newest first. */
export async function auditPage(
  q: Queryable,
  f: AuditScope & { before?: number; operatorId?: string; action?: string; limit: number },
): Promise<AuditRow[]> {
  return q.query<AuditRow>(
    `SELECT id, at, operator_id, operator_name, action, site_id, subject_type, subject_id, reason, details
       FROM operator_audit
      WHERE (site_id = $1 OR ($6 AND site_id IS NULL))
        AND ($2::bigint IS NULL OR id < $2)
        AND ($3::uuid IS NULL OR operator_id = $3)
        AND ($4::text IS NULL OR action = $4)
      ORDER BY id DESC LIMIT $5`,
    [f.siteId, f.before ?? null, f.operatorId ?? null, f.action ?? null, f.limit + 1, f.everySite],
  );
}

/** Who and what appear in a scope of the audit log (for the filters). */
export async function auditFacets(q: Queryable, scope: AuditScope) {
  const operators = await q.query<{ id: string; name: string }>(
    `SELECT o.id, o.name FROM operators o
      WHERE EXISTS (SELECT 1 FROM operator_audit a
                     WHERE a.operator_id = o.id AND (a.site_id = $1 OR ($2 AND a.site_id IS NULL)))
      ORDER BY lower(o.name)`,
    [scope.siteId, scope.everySite],
  );
  const actions = await q.query<{ action: string }>(
    'SELECT DISTINCT action FROM operator_audit WHERE site_id = $1 OR ($2 AND site_id IS NULL) ORDER BY action',
    [scope.siteId, scope.everySite],
  );
  return { operators, actions: actions.map((a) => a.action) };
}
