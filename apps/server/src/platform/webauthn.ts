import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Queryable } from './db.ts';
import { normalizeHost } from './sites.ts';
import { rowOf, run, sql } from './sql.ts';

/**
 * WebAuthn (passkeys) for members and operators (issue 30 item 4), on SimpleWebAuthn: the relying
 * party of a request, the challenges kept on the server (single use, five minutes), and the two
 * ceremonies' checks. Which credentials exist and whose they are is the features' business
 * (features/passkeys for members, features/admin for operators).
 */

export type ChallengePurpose = 'member_register' | 'member_login' | 'operator_register' | 'operator_login';

/** How long a challenge may be answered. */
export const CHALLENGE_TTL_S = 300;

/** The relying party of a request: the host the site answered on (its domain), and its origin. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/**
 * Each site is its own domain, so the RP ID is the request's host name (as the site directory
 * resolved it, without port) and the expected origin the request's own (scheme behind a trusted
 * proxy included). A credential made here is asserted only here.
 */
export function relyingParty(req: FastifyRequest): RelyingParty {
  const id = normalizeHost(req.headers.host);
  return { id, origin: `${req.protocol}://${req.host}`, name: req.site.config.name };
}

/** A stored credential, as both tables keep it. */
export interface StoredCredential {
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** The challenge a browser's answer signed (from its clientDataJSON), or null when unreadable. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (data as { challenge?: unknown })?.challenge;
    return typeof challenge === 'string' && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

async function keepChallenge(
  q: Queryable,
  siteId: number,
  purpose: ChallengePurpose,
  subject: string | null,
  challenge: string,
) {
  await run(q, sql`DELETE FROM webauthn_challenges WHERE expires_at < now()`);
  await run(
    q,
    sql`INSERT INTO webauthn_challenges (challenge, site_id, purpose, subject, expires_at)
        VALUES (${challenge}, ${siteId}, ${purpose}, ${subject},
                now() + make_interval(secs => ${CHALLENGE_TTL_S}))`,
  );
}

/**
 * Takes a challenge once: answers its subject ('' when it had none) when this site handed it out
 * for this purpose and it has not expired; null otherwise. A second answer to it finds nothing.
 */
export async function takeChallenge(
  q: Queryable,
  siteId: number,
  purpose: ChallengePurpose,
  clientDataJSON: string,
): Promise<string | null> {
  const challenge = challengeOf(clientDataJSON);
  if (!challenge) return null;
  const row = await rowOf(
    q,
    z.object({ subject: z.string().nullable(), live: z.boolean() }),
    sql`DELETE FROM webauthn_challenges
        WHERE challenge = ${challenge} AND site_id = ${siteId} AND purpose = ${purpose}
        RETURNING subject, expires_at > now() AS live`,
  );
  return row?.live ? (row.subject ?? '') : null;
}

const transportsOf = (s: string) => (s ? (s.split(',') as AuthenticatorTransport[]) : undefined);

/** Options to make a discoverable credential (a passkey) for `user`, its challenge kept. */
export async function registrationOptions(
  q: Queryable,
  siteId: number,
  rp: RelyingParty,
  purpose: 'member_register' | 'operator_register',
  user: { id: string; name: string; displayName: string },
  existing: StoredCredential[],
) {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: new TextEncoder().encode(user.id),
    userName: user.name,
    userDisplayName: user.displayName,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({
      id: c.credential_id,
      transports: transportsOf(c.transports),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(q, siteId, purpose, user.id, options.challenge);
  return { ...options };
}

/** What every answer must have been made for: our challenge, origin and RP ID (user verification optional). */
const expected = (rp: RelyingParty, challenge: string) => ({
  expectedChallenge: challenge,
  expectedOrigin: rp.origin,
  expectedRPID: rp.id,
  requireUserVerification: false,
});

/** The new credential of a registration answer, or null when it does not verify. */
export async function verifyRegistration(
  rp: RelyingParty,
  challenge: string,
  response: RegistrationResponseJSON,
): Promise<(Omit<StoredCredential, 'counter'> & { counter: number }) | null> {
  try {
    const result = await verifyRegistrationResponse({
      response,
      ...expected(rp, challenge),
    });
    if (!result.verified) return null;
    const c = result.registrationInfo.credential;
    return {
      credential_id: c.id,
      public_key: b64(c.publicKey),
      counter: c.counter,
      transports: (c.transports ?? response.response.transports ?? []).join(','),
    };
  } catch {
    return null;
  }
}

/**
 * Options for an assertion. `allow` empty: any discoverable credential of this RP (a member's
 * passkey login, which so names nobody and answers every visitor alike).
 */
export async function authenticationOptions(
  q: Queryable,
  siteId: number,
  rp: RelyingParty,
  purpose: 'member_login' | 'operator_login',
  subject: string | null,
  allow: StoredCredential[],
) {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'preferred',
    allowCredentials: allow.map((c) => ({ id: c.credential_id, transports: transportsOf(c.transports) })),
  });
  await keepChallenge(q, siteId, purpose, subject, options.challenge);
  return { ...options };
}

/**
 * The credential's new counter when the assertion verifies against it (signature, challenge,
 * origin, RP ID, and a counter that grew when the authenticator counts); null otherwise.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  challenge: string,
  response: AuthenticationResponseJSON,
  credential: StoredCredential,
): Promise<number | null> {
  try {
    const result = await verifyAuthenticationResponse({
      response,
      ...expected(rp, challenge),
      credential: {
        id: credential.credential_id,
        publicKey: new Uint8Array(Buffer.from(credential.public_key, 'base64url')),
        counter: Number(credential.counter),
        transports: transportsOf(credential.transports),
      },
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}

/** A device's name from its User-Agent ('Chrome on Linux'): a passkey's default name. */
export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : '';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux|CrOS/.test(ua)
            ? 'Linux'
            : '';
  return [browser, os].filter(Boolean).join(' on ') || 'Passkey';
}

/** The default name of a passkey made now on this device: 'Chrome on Linux, 2026-11-28'. */
export const defaultPasskeyName = (userAgent: string | undefined) =>
  `${deviceName(userAgent)}, ${new Date().toISOString().slice(0, 10)}`;
