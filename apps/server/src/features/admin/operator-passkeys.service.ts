import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { audit } from '../../platform/audit.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError, found } from '../../platform/errors.ts';
import type { OperatorSessionInfo } from '../../platform/operators.ts';
import { presentPasskey } from '../../platform/passkey-store.ts';
import { emailKey } from '../../platform/tokens.ts';
import {
  authenticationOptions,
  challengeOf,
  defaultPasskeyName,
  type RelyingParty,
  registrationOptions,
  takeChallenge,
  verifyAssertion,
  verifyRegistration,
} from '../../platform/webauthn.ts';
import {
  countOperatorPasskeys,
  deleteOperatorPasskey,
  insertOperatorPasskey,
  operatorCredentialsOf,
  operatorPasskeysOf,
  recordOperatorPasskeyUse,
} from './operator-passkeys.repo.ts';
import {
  clearLoginFailures,
  deleteOperatorSession,
  loginBlockedUntil,
  operatorById,
  setSessionStage,
} from './operators.repo.ts';
import { countSecondStepFailure } from './operators.service.ts';

/**
 * An operator's passkeys (issue 30 item 4): a second factor of the console beside the
 * authenticator app. A passkey belongs to the site (domain) it was made on; the console login's
 * second step offers the operator's passkeys of the site it runs on.
 */

const own = (
  q: Queryable,
  op: { id: string; name: string },
  action: string,
  siteId: number,
  details?: object,
) => audit(q, op, { action, siteId, subjectType: 'operator', subjectId: op.id, details: { ...details } });

export async function listOperatorPasskeys(db: Db, operatorId: string, siteId: number) {
  return { passkeys: (await operatorPasskeysOf(db, operatorId, siteId)).map(presentPasskey) };
}

export async function startOperatorRegistration(
  db: Db,
  rp: RelyingParty,
  siteId: number,
  operatorId: string,
) {
  const op = found(await operatorById(db, operatorId));
  const existing = await operatorCredentialsOf(db, op.id, siteId);
  const user = { id: op.id, name: op.email, displayName: op.name };
  return { options: await registrationOptions(db, siteId, rp, 'operator_register', user, existing) };
}

/** Keeps the new passkey; a login that had to set up its required second factor is complete now. */
export async function finishOperatorRegistration(
  db: Db,
  rp: RelyingParty,
  session: OperatorSessionInfo,
  siteId: number,
  input: { response: RegistrationResponseJSON; name?: string | undefined },
  userAgent: string | undefined,
) {
  const refused = new AppError('passkey_invalid', 400);
  const subject = await takeChallenge(
    db,
    siteId,
    'operator_register',
    input.response.response.clientDataJSON,
  );
  if (subject !== session.operatorId) throw refused;
  const credential = await verifyRegistration(
    rp,
    challengeOf(input.response.response.clientDataJSON)!,
    input.response,
  );
  if (!credential) throw refused;
  const name = input.name || defaultPasskeyName(userAgent);
  await db.tx(async (q) => {
    const op = found(await operatorById(q, session.operatorId, true));
    if (!(await insertOperatorPasskey(q, siteId, op.id, credential, name))) {
      throw new AppError('passkey_exists', 409);
    }
    if (session.stage === 'totp_setup') await setSessionStage(q, session.id, 'active');
    await own(q, op, 'operator.passkey_add', siteId, { name });
  });
  return listOperatorPasskeys(db, session.operatorId, siteId);
}

/** Removes one of the operator's passkeys here; never the last second factor an admin requires. */
export async function removeOperatorPasskey(db: Db, operatorId: string, siteId: number, id: string) {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!UUID.test(id)) throw new AppError('not_found', 404);
  await db.tx(async (q) => {
    const op = found(await operatorById(q, operatorId, true));
    const last = !op.totp_secret && (await countOperatorPasskeys(q, op.id)) <= 1;
    const name = found(await deleteOperatorPasskey(q, id, op.id, siteId));
    if (last && op.totp_required) throw new AppError('totp_required', 409);
    await own(q, op, 'operator.passkey_remove', siteId, { name });
  });
  return listOperatorPasskeys(db, operatorId, siteId);
}

/** The second step's options: the operator's passkeys of this site (the password named them already). */
export async function startOperatorLogin(
  db: Db,
  rp: RelyingParty,
  session: OperatorSessionInfo | null,
  siteId: number,
) {
  if (session?.stage !== 'totp') throw new AppError('not_found', 404);
  const allow = await operatorCredentialsOf(db, session.operatorId, siteId);
  if (allow.length === 0) throw new AppError('not_found', 404);
  return { options: await authenticationOptions(db, siteId, rp, 'operator_login', session.id, allow) };
}

/**
 * The second step with a passkey: the half-done login becomes a full one. A refused answer counts
 * toward the address's block as a wrong code does; at the block the half-done login ends.
 */
export async function finishOperatorLogin(
  db: Db,
  rp: RelyingParty,
  session: OperatorSessionInfo | null,
  siteId: number,
  response: AuthenticationResponseJSON,
) {
  if (session?.stage !== 'totp') throw new AppError('not_found', 404);
  const op = await operatorById(db, session.operatorId);
  if (!op || op.disabled_at) throw new AppError('not_found', 404);
  const key = emailKey(op.email);
  const blocked = await loginBlockedUntil(db, key);
  if (blocked && blocked.getTime() > Date.now()) {
    await deleteOperatorSession(db, session.id);
    throw new AppError('operator_login_blocked', 429, { minutes: 15 });
  }
  const subject = await takeChallenge(db, siteId, 'operator_login', response.response.clientDataJSON);
  const credential =
    subject === session.id
      ? (await operatorCredentialsOf(db, op.id, siteId)).find((c) => c.credential_id === response.id)
      : undefined;
  const counter = credential
    ? await verifyAssertion(rp, challengeOf(response.response.clientDataJSON)!, response, credential)
    : null;
  const ok =
    credential &&
    counter !== null &&
    (await db.tx(async (q) => {
      if (!(await recordOperatorPasskeyUse(q, credential.id, credential.counter, counter))) return false;
      await setSessionStage(q, session.id, 'active');
      await own(q, op, 'session.login', siteId, { passkey: true });
      return true;
    }));
  if (!ok) {
    await countSecondStepFailure(db, key, session.id);
    throw new AppError('passkey_refused', 400);
  }
  await clearLoginFailures(db, key);
}
