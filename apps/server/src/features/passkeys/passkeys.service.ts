import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { AppError } from '../../platform/errors.ts';
import { presentPasskey } from '../../platform/passkey-store.ts';
import type { Site } from '../../platform/sites.ts';
import * as webauthn from '../../platform/webauthn.ts';
import * as accounts from '../accounts/accounts.service.ts';
import {
  credentialOnSite,
  credentialsOf,
  deletePasskey,
  insertPasskey,
  passkeysOf,
  recordUse,
} from './passkeys.repo.ts';

/**
 * Members' passkeys (issue 30 item 4). Privacy rule: the login names nobody. Its options are the
 * same for every visitor (no credential listed: the browser offers the site's discoverable ones),
 * and every failure (unknown credential, another site's, removed, replayed challenge, counter
 * gone back, a bad signature) is the wrong password's `login_failed`.
 */

export async function listPasskeys(ctx: accounts.AccountsContext, site: Site, userId: string) {
  return { passkeys: (await passkeysOf(ctx.db, userId, site.id)).map(presentPasskey) };
}

/** Options to create a passkey, once the member's current password is right (a field error if not). */
export async function startRegistration(
  ctx: accounts.AccountsContext,
  site: Site,
  rp: webauthn.RelyingParty,
  userId: string,
  password: string,
) {
  const account = await accounts.requirePassword(ctx.db, userId, password, 'password');
  const existing = await credentialsOf(ctx.db, userId, site.id);
  const options = await webauthn.registrationOptions(
    ctx.db,
    site.id,
    rp,
    'member_register',
    { id: userId, name: account.email, displayName: account.name ?? account.email },
    existing,
  );
  return { options };
}

/** Adds the passkey the browser made for the challenge this member was given. */
export async function finishRegistration(
  ctx: accounts.AccountsContext,
  site: Site,
  rp: webauthn.RelyingParty,
  userId: string,
  input: { response: RegistrationResponseJSON; name?: string | undefined },
  userAgent: string | undefined,
) {
  const refused = new AppError('passkey_invalid', 400);
  const subject = await takeChallenge(ctx, site, 'member_register', input.response);
  if (subject !== userId) throw refused;
  const credential = await webauthn.verifyRegistration(rp, challengeText(input.response), input.response);
  if (!credential) throw refused;
  const name = input.name || webauthn.defaultPasskeyName(userAgent);
  if (!(await insertPasskey(ctx.db, site.id, userId, credential, name))) {
    throw new AppError('passkey_exists', 409);
  }
  return listPasskeys(ctx, site, userId);
}

type Signed = { response: { clientDataJSON: string } };

/** Takes the challenge the browser signed: the member it was given to, or null. */
const takeChallenge = (
  ctx: accounts.AccountsContext,
  site: Site,
  purpose: 'member_register' | 'member_login',
  r: Signed,
) => webauthn.takeChallenge(ctx.db, site.id, purpose, r.response.clientDataJSON);

/** The challenge as the browser signed it (takeChallenge checked it was ours). */
const challengeText = (r: Signed) => webauthn.challengeOf(r.response.clientDataJSON) ?? '';

/** Options for a passkey login: the same for everyone, no credential named. */
export async function startLogin(ctx: accounts.AccountsContext, site: Site, rp: webauthn.RelyingParty) {
  return { options: await webauthn.authenticationOptions(ctx.db, site.id, rp, 'member_login', null, []) };
}

/** Logs in with a passkey of this site; any failure is the wrong password's answer. */
export async function login(
  ctx: accounts.AccountsContext,
  site: Site,
  rp: webauthn.RelyingParty,
  response: AuthenticationResponseJSON,
  userAgent: string | undefined,
) {
  const failed = new AppError('login_failed', 401);
  // The challenge is taken first, whatever follows: an answer is tried once.
  const subject = await takeChallenge(ctx, site, 'member_login', response);
  if (subject === null) throw failed;
  const credential = await credentialOnSite(ctx.db, site.id, response.id);
  if (!credential) throw failed;
  const counter = await webauthn.verifyAssertion(rp, challengeText(response), response, credential);
  if (counter === null) throw failed;
  if (!(await recordUse(ctx.db, credential.id, credential.counter, counter))) throw failed;
  const admitted = await accounts.admitById(ctx, site, credential.user_id, userAgent);
  if (!admitted) throw failed;
  return admitted;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Removes one of the member's own passkeys (another's, or none, is 404). */
export async function removePasskey(ctx: accounts.AccountsContext, site: Site, userId: string, id: string) {
  if (!UUID.test(id) || !(await deletePasskey(ctx.db, id, userId, site.id))) {
    throw new AppError('not_found', 404);
  }
  return listPasskeys(ctx, site, userId);
}
