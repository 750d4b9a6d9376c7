import type { OperatorRole } from '@amora/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { type LockoutRule, loginThrottle } from '../../platform/login-throttle.ts';
import { rowOf, rowsOf, run, type Sql, sql, sqlText } from '../../platform/sql.ts';

const operatorRow = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  password_hash: z.string(),
  totp_secret: z.string().nullable(),
  totp_pending: z.string().nullable(),
  totp_last_step: z.number().nullable(),
  totp_required: z.boolean(),
  disabled_at: z.date().nullable(),
});
export type OperatorRow = z.output<typeof operatorRow>;

const COLUMNS = sqlText(
  'id, email, name, password_hash, totp_secret, totp_pending, totp_last_step, totp_required, disabled_at',
);
const idRow = z.object({ id: z.string() });

export const operatorByEmail = async (q: Queryable, email: string): Promise<OperatorRow | null> =>
  (await rowOf(
    q,
    operatorRow,
    sql`SELECT ${COLUMNS} FROM operators WHERE lower(email) = lower(${email.trim()})`,
  )) ?? null;

export const operatorById = async (q: Queryable, id: string, lock = false): Promise<OperatorRow | null> =>
  (await rowOf(
    q,
    operatorRow,
    sql`SELECT ${COLUMNS} FROM operators WHERE id = ${id}${sqlText(lock ? ' FOR UPDATE' : '')}`,
  )) ?? null;

export async function insertOperator(q: Queryable, o: { email: string; name: string; passwordHash: string }) {
  const row = await rowOf(
    q,
    idRow,
    sql`INSERT INTO operators (email, name, password_hash)
        VALUES (${o.email.trim().toLowerCase()}, ${o.name}, ${o.passwordHash}) RETURNING id`,
  );
  return row!.id;
}

/** Whether a statement changed a row (it answers `RETURNING 1` for each). */
const changed = async (q: Queryable, statement: Sql) => (await rowsOf(q, z.object({}), statement)).length > 0;

/** Adds a grant; false when the operator already had it. */
export const insertGrant = (q: Queryable, operatorId: string, role: OperatorRole, siteId: number | null) =>
  changed(
    q,
    sql`INSERT INTO operator_roles (operator_id, role, site_id) VALUES (${operatorId}, ${role}, ${siteId})
        ON CONFLICT (operator_id, role, COALESCE(site_id, 0)) DO NOTHING RETURNING 1`,
  );

/** Removes a grant; false when there was none. */
export const deleteGrant = (q: Queryable, operatorId: string, role: OperatorRole, siteId: number | null) =>
  changed(
    q,
    sql`DELETE FROM operator_roles
         WHERE operator_id = ${operatorId} AND role = ${role} AND site_id IS NOT DISTINCT FROM ${siteId}::int
        RETURNING 1`,
  );

const setOperator = (q: Queryable, id: string, set: Sql) =>
  run(q, sql`UPDATE operators SET ${set} WHERE id = ${id}`);

export const setPasswordHash = (q: Queryable, id: string, hash: string) =>
  setOperator(q, id, sql`password_hash = ${hash}`);

export const setDisabled = (q: Queryable, id: string, disabled: boolean) =>
  setOperator(
    q,
    id,
    sql`disabled_at = CASE WHEN ${disabled}::boolean THEN COALESCE(disabled_at, now()) ELSE NULL END`,
  );

export const setTotpRequired = (q: Queryable, id: string, required: boolean) =>
  setOperator(q, id, sql`totp_required = ${required}`);

export const setTotpPending = (q: Queryable, id: string, secret: string | null) =>
  setOperator(q, id, sql`totp_pending = ${secret}`);

/** Makes the pending secret the operator's second factor, with the step of the code that confirmed it. */
export const enableTotp = (q: Queryable, id: string, secret: string, step: number) =>
  setOperator(q, id, sql`totp_secret = ${secret}, totp_pending = NULL, totp_last_step = ${step}`);

/**
 * Records an accepted code's time step, only if it is later than the last accepted one (a code,
 * or an earlier one, is never accepted twice). False when another request took it first.
 */
export const takeTotpStep = (q: Queryable, id: string, step: number) =>
  changed(
    q,
    sql`UPDATE operators SET totp_last_step = ${step}
         WHERE id = ${id} AND (totp_last_step IS NULL OR totp_last_step < ${step}::bigint) RETURNING 1`,
  );

export const clearTotp = (q: Queryable, id: string) =>
  setOperator(q, id, sql`totp_secret = NULL, totp_pending = NULL`);

/** Operators with a grant on this site or on every site. */
export const operatorsOfSite = (q: Queryable, siteId: number) =>
  rowsOf(
    q,
    operatorRow,
    sql`SELECT ${COLUMNS} FROM operators o
         WHERE EXISTS (SELECT 1 FROM operator_roles r
                        WHERE r.operator_id = o.id AND (r.site_id = ${siteId} OR r.site_id IS NULL))
         ORDER BY lower(name), id`,
  );

export const listOperators = (q: Queryable) =>
  rowsOf(q, operatorRow, sql`SELECT ${COLUMNS} FROM operators ORDER BY lower(name), id`);

// Console sessions

export const deleteOperatorSessions = (q: Queryable, operatorId: string) =>
  run(q, sql`DELETE FROM operator_sessions WHERE operator_id = ${operatorId}`);

export const deleteOperatorSession = (q: Queryable, id: string) =>
  run(q, sql`DELETE FROM operator_sessions WHERE id = ${id}`);

export const setSessionStage = (q: Queryable, id: string, stage: 'active' | 'totp_setup') =>
  run(q, sql`UPDATE operator_sessions SET stage = ${stage}, last_seen_at = now() WHERE id = ${id}`);

// Login throttle (per address, hashed), as the members' login_throttle
const throttle = loginThrottle('operator_login_throttle', ['email_hash']);

export const loginBlockedUntil = (q: Queryable, emailHash: string) => throttle.blockedUntil(q, [emailHash]);

export const recordLoginFailure = (q: Queryable, emailHash: string, rule: LockoutRule) =>
  throttle.recordFailure(q, [emailHash], rule);

export const clearLoginFailures = (q: Queryable, emailHash: string) => throttle.clear(q, [emailHash]);

// Audit log

const auditRow = z.object({
  id: z.number(),
  at: z.date(),
  operator_id: z.string().nullable(),
  operator_name: z.string(),
  action: z.string(),
  site_id: z.number().nullable(),
  subject_type: z.string(),
  subject_id: z.string(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditRow = z.output<typeof auditRow>;

/**
 * Which of the audit log a console reads: its site's entries, and those of every site (site NULL:
 * operators, sites) only for an admin of every site (`everySite`).
 */
export interface AuditScope {
  siteId: number;
  everySite: boolean;
}

/** The scope's entries: its site's, and every site's (site NULL) for an admin of every site. */
const inScope = (scope: AuditScope, alias = '') =>
  sql`(${sqlText(alias)}site_id = ${scope.siteId} OR (${scope.everySite}::boolean AND ${sqlText(alias)}site_id IS NULL))`;

/** A page of the audit log for a scope, newest first. */
export const auditPage = (
  q: Queryable,
  f: AuditScope & { before?: number; operatorId?: string; action?: string; limit: number },
) =>
  rowsOf(
    q,
    auditRow,
    sql`SELECT id, at, operator_id, operator_name, action, site_id, subject_type, subject_id, reason, details
          FROM operator_audit
         WHERE ${inScope(f)}
           AND (${f.before ?? null}::bigint IS NULL OR id < ${f.before ?? null}::bigint)
           AND (${f.operatorId ?? null}::uuid IS NULL OR operator_id = ${f.operatorId ?? null}::uuid)
           AND (${f.action ?? null}::text IS NULL OR action = ${f.action ?? null}::text)
         ORDER BY id DESC LIMIT ${f.limit + 1}`,
  );

/** Who and what appear in a scope of the audit log (for the filters). */
export async function auditFacets(q: Queryable, scope: AuditScope) {
  const operators = await rowsOf(
    q,
    z.object({ id: z.string(), name: z.string() }),
    sql`SELECT o.id, o.name FROM operators o
         WHERE EXISTS (SELECT 1 FROM operator_audit a WHERE a.operator_id = o.id AND ${inScope(scope, 'a.')})
         ORDER BY lower(o.name)`,
  );
  const actions = await rowsOf(
    q,
    z.object({ action: z.string() }),
    sql`SELECT DISTINCT action FROM operator_audit WHERE ${inScope(scope)} ORDER BY action`,
  );
  return { operators, actions: actions.map((a) => a.action) };
}
