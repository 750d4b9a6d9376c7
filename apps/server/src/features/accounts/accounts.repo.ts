import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { type LockoutRule, loginThrottle } from '../../platform/login-throttle.ts';
import { countOf, exists, rowOf, run, type Sql, sql, sqlText } from '../../platform/sql.ts';
import { hashSecret, newSecret } from '../../platform/tokens.ts';

const accountRow = z.object({
  id: z.string(),
  site_id: z.number(),
  email: z.string(),
  password_hash: z.string().nullable(),
  status: z.enum(['not_confirmed', 'active', 'pending_deletion', 'deleted', 'suspended', 'banned']),
  status_before_deletion: z.string().nullable(),
  deletion_requested_at: z.date().nullable(),
  language: z.string(),
  paid_user: z.boolean(),
  credits: z.number(),
  free_messages_used: z.number(),
  fictional: z.boolean(),
  signup_date: z.date(),
  notifications_disabled: z.array(z.string()),
  name: z.string().nullable(),
  country: z.string().nullable(),
  main_key: z.string().nullable(),
  main_status: z.string().nullable(),
});
export type AccountRow = z.output<typeof accountRow>;

/** The account where `filter` holds (a key; `lock` takes its user row). */
const accountWhere = async (q: Queryable, filter: Sql, lock = false): Promise<AccountRow | null> =>
  (await rowOf(
    q,
    accountRow,
    sql`SELECT u.id, u.site_id, u.email, u.password_hash, u.status, u.status_before_deletion, u.deletion_requested_at,
               u.language, u.paid_user, u.credits, u.free_messages_used, u.fictional, u.signup_date,
               u.notifications_disabled, p.name, p.country, ph.storage_key AS main_key, ph.status AS main_status
          FROM users u
          LEFT JOIN profiles p ON p.user_id = u.id
          LEFT JOIN photos ph ON ph.user_id = u.id AND ph.is_main
         WHERE ${filter}${sqlText(lock ? ' FOR UPDATE OF u' : '')}`,
  )) ?? null;

export const accountByEmail = (q: Queryable, siteId: number, email: string): Promise<AccountRow | null> =>
  accountWhere(q, sql`u.site_id = ${siteId} AND u.email = ${email}`);

export const accountById = (q: Queryable, id: string, forUpdate = false): Promise<AccountRow | null> =>
  accountWhere(q, sql`u.id = ${id}`, forUpdate);

/** Taken by a member, or reserved by a recent signup with a registered address (see reserveUsername). */
export const usernameTaken = (q: Queryable, siteId: number, name: string): Promise<boolean> =>
  exists(
    q,
    sql`SELECT 1 FROM profiles WHERE site_id = ${siteId} AND lower(name) = lower(${name})
        UNION ALL
        SELECT 1 FROM username_reservations WHERE site_id = ${siteId} AND name_lower = lower(${name}) AND until > now()`,
  );

/**
 * Holds a username as a new account would, for as long as an activation link lives: a signup with
 * a registered address must leave the same trace as one with a new address.
 */
export async function reserveUsername(q: Queryable, siteId: number, name: string, days: number) {
  await run(
    q,
    sql`INSERT INTO username_reservations (site_id, name_lower, until)
        VALUES (${siteId}, lower(${name}), now() + make_interval(days => ${days}))
        ON CONFLICT (site_id, name_lower) DO UPDATE SET until = EXCLUDED.until`,
  );
}

export type TokenKind = 'activation' | 'password_reset' | 'mail_change' | 'reactivation' | 'login_link';

/** Issues a single-use link secret; only its hash is stored. */
export async function issueToken(
  q: Queryable,
  t: { kind: TokenKind; userId: string; siteId: number; ttlSeconds: number; data?: unknown },
): Promise<string> {
  const secret = newSecret();
  const data = t.data === undefined ? null : JSON.stringify(t.data);
  await run(
    q,
    sql`INSERT INTO tokens (id, kind, user_id, site_id, data, expires_at)
        VALUES (${hashSecret(secret)}, ${t.kind}, ${t.userId}, ${t.siteId}, ${data},
                now() + make_interval(secs => ${t.ttlSeconds}))`,
  );
  return secret;
}

const tokenRow = z.object({
  id: z.string(),
  user_id: z.string(),
  data: z.record(z.string(), z.string()).nullable(),
  used_at: z.date().nullable(),
  expired: z.boolean(),
});
export type TokenRow = z.output<typeof tokenRow>;

/** The token of this kind and site whose secret this is (only its hash is stored). */
const tokenIs = (kind: TokenKind, secret: string, siteId: number) =>
  sql`id = ${hashSecret(secret)} AND kind = ${kind} AND site_id = ${siteId}`;

/**
 * Marks a token used and returns it, atomically: of two requests racing with the same link only
 * one gets it. Returns null for unknown, expired, already used or other-site tokens.
 */
export const consumeToken = async (q: Queryable, kind: TokenKind, secret: string, siteId: number) =>
  (await rowOf(
    q,
    tokenRow,
    sql`UPDATE tokens SET used_at = now()
         WHERE ${tokenIs(kind, secret, siteId)} AND used_at IS NULL AND expires_at > now()
        RETURNING id, user_id, data, used_at, false AS expired`,
  )) ?? null;

/** A token as it stands, without using it (to tell "already used" from "unknown"). */
export const peekToken = async (q: Queryable, kind: TokenKind, secret: string, siteId: number) =>
  (await rowOf(
    q,
    tokenRow,
    sql`SELECT id, user_id, data, used_at, expires_at <= now() AS expired FROM tokens
         WHERE ${tokenIs(kind, secret, siteId)}`,
  )) ?? null;

export const revokeTokens = (q: Queryable, userId: string, kind: TokenKind) =>
  run(
    q,
    sql`UPDATE tokens SET used_at = now() WHERE user_id = ${userId} AND kind = ${kind} AND used_at IS NULL`,
  );

/** Counts mails of a kind asked for an address in the last day, and records this one. */
export async function countAndRecordMailRequest(
  q: Queryable,
  siteId: number,
  emailHash: string,
  kind: string,
): Promise<number> {
  const n = await countOf(
    q,
    sql`SELECT count(*)::int AS n FROM mail_requests
         WHERE site_id = ${siteId} AND email_hash = ${emailHash} AND kind = ${kind}
           AND created_at > now() - interval '1 day'`,
  );
  await run(
    q,
    sql`INSERT INTO mail_requests (site_id, email_hash, kind) VALUES (${siteId}, ${emailHash}, ${kind})`,
  );
  return n;
}

/** A new account, or null when the address already has one on this site. */
export async function insertAccount(
  q: Queryable,
  a: { siteId: number; email: string; passwordHash: string; language: string; tracking: object | null },
): Promise<string | null> {
  const row = await rowOf(
    q,
    z.object({ id: z.string() }),
    sql`INSERT INTO users (site_id, email, password_hash, status, language, tracking)
        VALUES (${a.siteId}, ${a.email}, ${a.passwordHash}, 'not_confirmed', ${a.language},
                ${a.tracking ? JSON.stringify(a.tracking) : null})
        ON CONFLICT (site_id, email) DO NOTHING RETURNING id`,
  );
  return row?.id ?? null;
}

export interface SignupProfile {
  name: string;
  gender: string;
  seeking: string;
  sexuality: string;
  birthDate: string;
  country: string;
  about: string;
  interests: string[];
  hairColor: string | null;
  eyeColor: string | null;
  bodyType: string | null;
  relationshipStatus: string | null;
  tattoos: boolean | null;
  signupReason: string | null;
}

export async function insertProfile(q: Queryable, userId: string, siteId: number, p: SignupProfile) {
  await run(
    q,
    sql`INSERT INTO profiles (user_id, site_id, name, gender, seeking, sexuality, birth_date, country, about, interests,
           hair_color, eye_color, body_type, relationship_status, tattoos, signup_reason)
        VALUES (${userId}, ${siteId}, ${p.name}, ${p.gender}, ${p.seeking}, ${p.sexuality}, ${p.birthDate}, ${p.country},
           ${p.about}, ${p.interests}, ${p.hairColor}, ${p.eyeColor}, ${p.bodyType}, ${p.relationshipStatus},
           ${p.tattoos}, ${p.signupReason})`,
  );
}

/** The mailbox is proven: a not yet confirmed account becomes active. */
export async function confirmAccount(q: Queryable, userId: string): Promise<void> {
  await run(q, sql`UPDATE users SET status = 'active' WHERE id = ${userId} AND status = 'not_confirmed'`);
}

/** A new password hash; `confirm` also confirms the address (a reset link reached the mailbox). */
export async function setPasswordHash(q: Queryable, userId: string, hash: string, confirm = false) {
  const confirming = sqlText(
    confirm ? ", status = CASE WHEN status = 'not_confirmed' THEN 'active' ELSE status END" : '',
  );
  await run(
    q,
    sql`UPDATE users SET password_hash = ${hash}, password_changed_at = now()${confirming} WHERE id = ${userId}`,
  );
}

/**
 * The new address, proven by its mailbox (so the account is active too): an earlier hard bounce
 * ('bounce' in notifications_disabled) was about the old one, so it goes, and late reports about
 * mail sent before no longer count.
 */
export async function setConfirmedEmail(q: Queryable, userId: string, email: string): Promise<void> {
  await run(
    q,
    sql`UPDATE users SET email = ${email}, status = 'active',
               notifications_disabled = array_remove(notifications_disabled, 'bounce'), mail_reenabled_at = now()
         WHERE id = ${userId}`,
  );
}

export const markPendingDeletion = (
  q: Queryable,
  userId: string,
  reason: string,
  remarks: string | null,
): Promise<boolean> =>
  exists(
    q,
    sql`UPDATE users SET status_before_deletion = status, status = 'pending_deletion', deletion_requested_at = now(),
               delete_reason = ${reason}, delete_remarks = ${remarks}
         WHERE id = ${userId} AND status IN ('active', 'not_confirmed') RETURNING id`,
  );

/** Undoes a deletion still within its `days`; false when there was nothing (left) to undo. */
export const restoreFromDeletion = (q: Queryable, userId: string, days: number): Promise<boolean> =>
  exists(
    q,
    sql`UPDATE users SET status = coalesce(status_before_deletion, 'active'), status_before_deletion = NULL,
               deletion_requested_at = NULL, delete_reason = NULL, delete_remarks = NULL
         WHERE id = ${userId} AND status = 'pending_deletion'
           AND deletion_requested_at > now() - make_interval(days => ${days}) RETURNING id`,
  );

export async function setLanguage(q: Queryable, userId: string, language: string): Promise<void> {
  await run(q, sql`UPDATE users SET language = ${language} WHERE id = ${userId}`);
}

// Login throttle: failures per site and address (hashed), and the block they lead to.
const throttle = loginThrottle('login_throttle', ['site_id', 'email_hash']);

export const loginBlockedUntil = (q: Queryable, siteId: number, emailHash: string) =>
  throttle.blockedUntil(q, [siteId, emailHash]);

/** Counts a failure in the current window; answers the block (if this or an earlier one set it). */
export const recordLoginFailure = (q: Queryable, siteId: number, emailHash: string, rule: LockoutRule) =>
  throttle.recordFailure(q, [siteId, emailHash], rule);

export const clearLoginFailures = (q: Queryable, siteId: number, emailHash: string) =>
  throttle.clear(q, [siteId, emailHash]);
