import crypto from 'node:crypto';
import { OPERATOR_ROLES, type OperatorRole } from '@amora/contracts';
import { type AuditActor, audit } from '../../platform/audit.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError, found } from '../../platform/errors.ts';
import {
  createOperatorSession,
  type OperatorGrant,
  type OperatorStage,
  operatorGrants,
} from '../../platform/operators.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { emailKey } from '../../platform/tokens.ts';
import { isCommonPassword } from '../accounts/password-policy.ts';
import { hasOperatorPasskey } from './operator-passkeys.repo.ts';
import {
  clearLoginFailures,
  clearTotp,
  deleteGrant,
  deleteOperatorSession,
  deleteOperatorSessions,
  enableTotp,
  insertGrant,
  insertOperator,
  listOperators as listOperatorRows,
  loginBlockedUntil,
  type OperatorRow,
  operatorByEmail,
  operatorById,
  recordLoginFailure,
  setDisabled,
  setPasswordHash,
  setSessionStage,
  setTotpPending,
  setTotpRequired,
  takeTotpStep,
} from './operators.repo.ts';
import { newTotpSecret, totpStep, totpUri } from './totp.ts';

/** Console logins: 5 failures for an address within 15 minutes block it for 15 minutes (as members'). */
export const OPERATOR_LOCKOUT = { maxFailures: 5, windowMinutes: 15, blockMinutes: 15 } as const;

/** Operator passwords: at least 12 characters, not on the lists of common passwords. */
export const OPERATOR_PASSWORD_MIN = 12;

export class OperatorError extends Error {}

/** A strong one-time password (144 random bits, URL-safe): printed once, never stored in clear. */
export function generatePassword(): string {
  return crypto.randomBytes(18).toString('base64url');
}

export function checkPassword(password: string): void {
  if (password.length < OPERATOR_PASSWORD_MIN || password.length > 200) {
    throw new OperatorError(`the password must have ${OPERATOR_PASSWORD_MIN} to 200 characters`);
  }
  if (isCommonPassword(password))
    throw new OperatorError('this password is on the lists of common passwords');
}

export function parseRole(role: string): OperatorRole {
  if (!(OPERATOR_ROLES as readonly string[]).includes(role)) {
    throw new OperatorError(`unknown role "${role}" (one of: ${OPERATOR_ROLES.join(', ')})`);
  }
  return role as OperatorRole;
}

async function mustFind(q: Queryable, email: string): Promise<OperatorRow> {
  const op = await operatorByEmail(q, email);
  if (!op) throw new OperatorError(`no operator with the e-mail address ${email}`);
  return op;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Creates an operator with one grant; the password is hashed like members' (argon2id). */
export async function createOperator(
  db: Db,
  actor: AuditActor,
  input: { email: string; name: string; password: string; role: OperatorRole; siteId: number | null },
): Promise<string> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254)
    throw new OperatorError(`not an e-mail address: ${input.email}`);
  const name = input.name.trim();
  if (!name || name.length > 80) throw new OperatorError('the name must have 1 to 80 characters');
  checkPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  return db.tx(async (q) => {
    if (await operatorByEmail(q, email)) throw new OperatorError(`an operator with ${email} exists already`);
    const id = await insertOperator(q, { email, name, passwordHash });
    await insertGrant(q, id, input.role, input.siteId);
    await audit(q, actor, {
      action: 'operator.create',
      siteId: input.siteId,
      subjectType: 'operator',
      subjectId: id,
      details: { email, name, role: input.role },
    });
    return id;
  });
}

/** Adds or removes one grant of an operator (`change` answers whether it did), audited when it did. */
function grantChange(action: 'operator.grant' | 'operator.revoke', change: typeof insertGrant) {
  return (
    db: Db,
    actor: AuditActor,
    email: string,
    role: OperatorRole,
    siteId: number | null,
  ): Promise<boolean> =>
    db.tx(async (q) => {
      const op = await mustFind(q, email);
      const changed = await change(q, op.id, role, siteId);
      if (changed) {
        await audit(q, actor, {
          action,
          siteId,
          subjectType: 'operator',
          subjectId: op.id,
          details: { role },
        });
      }
      return changed;
    });
}

/** Grants an operator a role on a site (null: every site); false when they had it already. */
export const grantRole = grantChange('operator.grant', insertGrant);
/** Takes an operator's role on a site back; false when they did not have it. */
export const revokeRole = grantChange('operator.revoke', deleteGrant);

/** Disables (or enables again) an operator; disabling ends every console session at once. */
export async function disableOperator(
  db: Db,
  actor: AuditActor,
  email: string,
  disabled = true,
): Promise<void> {
  await db.tx(async (q) => {
    const op = await mustFind(q, email);
    await setDisabled(q, op.id, disabled);
    if (disabled) await deleteOperatorSessions(q, op.id);
    await audit(q, actor, {
      action: disabled ? 'operator.disable' : 'operator.enable',
      siteId: null,
      subjectType: 'operator',
      subjectId: op.id,
    });
  });
}

/** Sets a new password (ending every console session) and lifts a login block on the address. */
export async function resetPassword(
  db: Db,
  actor: AuditActor,
  email: string,
  password: string,
): Promise<void> {
  checkPassword(password);
  const hash = await hashPassword(password);
  await db.tx(async (q) => {
    const op = await mustFind(q, email);
    await setPasswordHash(q, op.id, hash);
    await deleteOperatorSessions(q, op.id);
    await clearLoginFailures(q, emailKey(op.email));
    await audit(q, actor, {
      action: 'operator.reset_password',
      siteId: null,
      subjectType: 'operator',
      subjectId: op.id,
    });
  });
}

/**
 * Whether an operator holding `actor` grants may act on an operator holding `target` grants (issue
 * 25 item 3): an admin of every site on anyone; an admin of some sites only on operators whose
 * every grant is for one of those sites. Never on an operator of every site, nor on one who also
 * works on a site where the actor is no admin: what is done to an operator (ending its sessions)
 * reaches every site it works on.
 */
export function withinReach(actor: OperatorGrant[], target: OperatorGrant[]): boolean {
  if (actor.some((g) => g.role === 'admin' && g.siteId === null)) return true;
  const adminOf = new Set(actor.filter((g) => g.role === 'admin').map((g) => g.siteId));
  return target.length > 0 && target.every((g) => g.siteId !== null && adminOf.has(g.siteId));
}

/**
 * The site an audit entry about an operator belongs to: the console's site when every grant of
 * the operator is for that site, else none (site NULL: only admins of every site read those).
 */
function operatorAuditSite(target: OperatorGrant[], siteId: number | null): number | null {
  return siteId !== null && target.length > 0 && target.every((g) => g.siteId === siteId) ? siteId : null;
}

/**
 * Requires (or stops requiring) a second factor at the operator's logins; ends their sessions.
 * From the console (`from`: the acting operator's grants and the console's site) only for an
 * operator within the actor's reach (else 404, as for an operator that does not exist); the
 * command line reaches everyone.
 */
export async function requireTotp(
  db: Db,
  actor: AuditActor,
  operatorId: string,
  required: boolean,
  from?: { grants: OperatorGrant[]; siteId: number },
) {
  await db.tx(async (q) => {
    const op = found(await operatorById(q, operatorId, true));
    const grants = await operatorGrants(q, op.id);
    if (from && !withinReach(from.grants, grants)) throw new AppError('not_found', 404);
    if (op.totp_required === required) return;
    await setTotpRequired(q, op.id, required);
    // A session that logged in without the factor must log in again with it.
    if (required && !op.totp_secret) await deleteOperatorSessions(q, op.id);
    await audit(q, actor, {
      action: required ? 'operator.require_totp' : 'operator.unrequire_totp',
      siteId: operatorAuditSite(grants, from?.siteId ?? null),
      subjectType: 'operator',
      subjectId: op.id,
    });
  });
}

/** Every operator, by name (the command line's `operators` list). */
export function listOperators(q: Queryable) {
  return listOperatorRows(q);
}

export async function operatorIdByEmail(db: Db, email: string): Promise<string> {
  return (await mustFind(db, email)).id;
}

// A real argon2id hash of a random password: unknown addresses cost the same verify time as known ones.
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hashPassword(`dummy-${crypto.randomBytes(8).toString('hex')}`);
  return dummyHash;
};

/**
 * Console login, first step: the same answer for an unknown address, a wrong password and a
 * disabled operator; repeated failures block the address for a while. The session starts at the
 * stage the operator's second factor asks for ('totp', 'totp_setup' or 'active').
 */
export async function login(
  db: Db,
  siteId: number,
  input: { email: string; password: string },
  userAgent: string | undefined,
): Promise<{ token: string; stage: OperatorStage; operatorId: string }> {
  const key = emailKey(input.email);
  const blocked = await loginBlockedUntil(db, key);
  if (blocked && blocked.getTime() > Date.now()) throw blockedError(blocked);
  const op = await operatorByEmail(db, input.email);
  const ok = await verifyPassword(op?.password_hash ?? (await dummy()), input.password);
  // An operator without a role on this site is no operator here: the same answer as a wrong password.
  const here =
    op && ok
      ? (await operatorGrants(db, op.id)).some((g) => g.siteId === null || g.siteId === siteId)
      : false;
  if (!ok || !op || op.disabled_at || !here) {
    const until = await recordLoginFailure(db, key, OPERATOR_LOCKOUT);
    if (until && until.getTime() > Date.now()) throw blockedError(until);
    throw new AppError('login_failed', 401);
  }
  await clearLoginFailures(db, key);
  // A second factor is due when the operator has one here: the app's code or a passkey of this site.
  const factor = !!op.totp_secret || (await hasOperatorPasskey(db, op.id, siteId));
  const stage: OperatorStage = factor ? 'totp' : op.totp_required ? 'totp_setup' : 'active';
  const token = await db.tx(async (q) => {
    const t = await createOperatorSession(q, op.id, siteId, stage, userAgent);
    if (stage !== 'totp') {
      await auditOwn(q, op, 'session.login', siteId);
    }
    return t;
  });
  return { token, stage, operatorId: op.id };
}

/** The audit entry of what an operator did to their own account (logins, their TOTP). */
function auditOwn(
  q: Queryable,
  op: { id: string; name: string },
  action: string,
  siteId: number,
  details?: Record<string, unknown>,
): Promise<void> {
  return audit(
    q,
    { id: op.id, name: op.name },
    { action, siteId, subjectType: 'operator', subjectId: op.id, details },
  );
}

function blockedError(until: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return new AppError('operator_login_blocked', 429, { minutes });
}

/**
 * A refused second step of a console login (a code, a passkey) counts as a wrong password toward
 * the address's block; at the block the half-done login ends ('operator_login_blocked').
 */
export async function countSecondStepFailure(db: Db, key: string, sessionId: string): Promise<void> {
  const until = await recordLoginFailure(db, key, OPERATOR_LOCKOUT);
  if (until && until.getTime() > Date.now()) {
    await deleteOperatorSession(db, sessionId);
    throw blockedError(until);
  }
}

/**
 * Console login, second step: the 6-digit code of the operator's authenticator app (this step
 * or the one before or after, never a step already used). Wrong codes count toward the address's
 * block like wrong passwords; at the block the half-done login ends.
 */
export async function verifyLoginCode(
  db: Db,
  session: { id: string; operatorId: string; stage: OperatorStage },
  siteId: number,
  code: string,
): Promise<void> {
  if (session.stage !== 'totp') throw new AppError('not_found', 404);
  const op = await operatorById(db, session.operatorId);
  if (!op?.totp_secret || op.disabled_at) throw new AppError('not_found', 404);
  const key = emailKey(op.email);
  const blocked = await loginBlockedUntil(db, key);
  if (blocked && blocked.getTime() > Date.now()) {
    await deleteOperatorSession(db, session.id);
    throw blockedError(blocked);
  }
  const step = totpStep(op.totp_secret, code);
  const ok = await db.tx(async (q) => {
    if (step === null || !(await takeTotpStep(q, op.id, step))) return false;
    await setSessionStage(q, session.id, 'active');
    await auditOwn(q, op, 'session.login', siteId, { totp: true });
    return true;
  });
  if (!ok) {
    await countSecondStepFailure(db, key, session.id);
    throw new AppError('totp_invalid', 400, {}, { code: 'totp_invalid' });
  }
  await clearLoginFailures(db, key);
}

/** Starts setting up the authenticator app: a new secret, kept as pending until a code confirms it. */
export async function startTotpSetup(db: Db, operatorId: string, issuer: string) {
  const op = found(await operatorById(db, operatorId));
  const secret = newTotpSecret();
  await setTotpPending(db, op.id, secret);
  return { secret, uri: totpUri(secret, issuer, op.email) };
}

/**
 * Confirms the app with a code of the pending secret: from now on logins ask for it. A login that
 * had to set it up first is complete now.
 */
export async function confirmTotpSetup(
  db: Db,
  session: { id: string; operatorId: string; stage: OperatorStage },
  siteId: number,
  code: string,
): Promise<void> {
  await db.tx(async (q) => {
    const op = await operatorById(q, session.operatorId, true);
    if (!op?.totp_pending) throw new AppError('totp_invalid', 400, {}, { code: 'totp_invalid' });
    const step = totpStep(op.totp_pending, code);
    if (step === null) throw new AppError('totp_invalid', 400, {}, { code: 'totp_invalid' });
    await enableTotp(q, op.id, op.totp_pending, step);
    if (session.stage === 'totp_setup') await setSessionStage(q, session.id, 'active');
    await auditOwn(q, op, 'operator.totp_enable', siteId);
  });
}

/** Removes the operator's authenticator app (refused while an admin requires one). */
export async function removeTotp(db: Db, operatorId: string, siteId: number): Promise<void> {
  await db.tx(async (q) => {
    const op = found(await operatorById(q, operatorId, true));
    if (op.totp_required) throw new AppError('totp_required', 409);
    await clearTotp(q, op.id);
    await auditOwn(q, op, 'operator.totp_remove', siteId);
  });
}
