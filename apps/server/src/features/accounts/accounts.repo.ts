import type { Queryable } from '../../platform/db.ts';
import { hashSecret, newSecret } from '../../platform/tokens.ts';

export interface AccountRow {
  id: string;
  site_id: number;
  email: string;
  password_hash: string | null;
  status: 'not_confirmed' | 'active' | 'pending_deletion' | 'deleted';
  status_before_deletion: string | null;
  deletion_requested_at: Date | null;
  language: string;
  paid_user: boolean;
  credits: number;
  fictional: boolean;
  signup_date: Date;
  notifications_disabled: string[];
  name: string | null;
  country: string | null;
  main_key: string | null;
  main_status: string | null;
}

const ACCOUNT_SELECT = `
  SELECT u.id, u.site_id, u.email, u.password_hash, u.status, u.status_before_deletion, u.deletion_requested_at,
         u.language, u.paid_user, u.credits, u.fictional, u.signup_date, u.notifications_disabled,
         p.name, p.country, ph.storage_key AS main_key, ph.status AS main_status
    FROM users u
    LEFT JOIN profiles p ON p.user_id = u.id
    LEFT JOIN photos ph ON ph.user_id = u.id AND ph.is_main`;

export async function accountByEmail(
  q: Queryable,
  siteId: number,
  email: string,
): Promise<AccountRow | null> {
  const rows = await q.query<AccountRow>(`${ACCOUNT_SELECT} WHERE u.site_id = $1 AND u.email = $2`, [
    siteId,
    email,
  ]);
  return rows[0] ?? null;
}

export async function accountById(q: Queryable, id: string, forUpdate = false): Promise<AccountRow | null> {
  const rows = await q.query<AccountRow>(
    `${ACCOUNT_SELECT} WHERE u.id = $1${forUpdate ? ' FOR UPDATE OF u' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** Taken by a member, or reserved by a recent signup with a registered address (see reserveUsername). */
export async function usernameTaken(q: Queryable, siteId: number, name: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM profiles WHERE site_id = $1 AND lower(name) = lower($2)
     UNION ALL
     SELECT 1 FROM username_reservations WHERE site_id = $1 AND name_lower = lower($2) AND until > now()`,
    [siteId, name],
  );
  return rows.length > 0;
}

/**
 * Holds a username as a new account would, for as long as an activation link lives: a signup with
 * a registered address must leave the same trace as one with a new address.
 */
export async function reserveUsername(q: Queryable, siteId: number, name: string, days: number) {
  await q.query(
    `INSERT INTO username_reservations (site_id, name_lower, until)
     VALUES ($1, lower($2), now() + make_interval(days => $3))
     ON CONFLICT (site_id, name_lower) DO UPDATE SET until = EXCLUDED.until`,
    [siteId, name, days],
  );
}

export type TokenKind = 'activation' | 'password_reset' | 'mail_change' | 'reactivation' | 'login_link';

/** Issues a single-use link secret; only its hash is stored. */
export async function issueToken(
  q: Queryable,
  t: { kind: TokenKind; userId: string; siteId: number; ttlSeconds: number; data?: unknown },
): Promise<string> {
  const secret = newSecret();
  await q.query(
    `INSERT INTO tokens (id, kind, user_id, site_id, data, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [
      hashSecret(secret),
      t.kind,
      t.userId,
      t.siteId,
      t.data === undefined ? null : JSON.stringify(t.data),
      t.ttlSeconds,
    ],
  );
  return secret;
}

export interface TokenRow {
  id: string;
  user_id: string;
  data: Record<string, string> | null;
  used_at: Date | null;
  expired: boolean;
}

/**
 * Marks a token used and returns it, atomically: of two requests racing with the same link only
 * one gets it. Returns null for unknown, expired, already used or other-site tokens.
 */
export async function consumeToken(
  q: Queryable,
  kind: TokenKind,
  secret: string,
  siteId: number,
): Promise<TokenRow | null> {
  const rows = await q.query<TokenRow>(
    `UPDATE tokens SET used_at = now()
      WHERE id = $1 AND kind = $2 AND site_id = $3 AND used_at IS NULL AND expires_at > now()
      RETURNING id, user_id, data, used_at, false AS expired`,
    [hashSecret(secret), kind, siteId],
  );
  return rows[0] ?? null;
}

/** A token as it stands, without using it (to tell "already used" from "unknown"). */
export async function peekToken(
  q: Queryable,
  kind: TokenKind,
  secret: string,
  siteId: number,
): Promise<TokenRow | null> {
  const rows = await q.query<TokenRow>(
    `SELECT id, user_id, data, used_at, expires_at <= now() AS expired FROM tokens
      WHERE id = $1 AND kind = $2 AND site_id = $3`,
    [hashSecret(secret), kind, siteId],
  );
  return rows[0] ?? null;
}

export async function revokeTokens(q: Queryable, userId: string, kind: TokenKind): Promise<void> {
  await q.query('UPDATE tokens SET used_at = now() WHERE user_id = $1 AND kind = $2 AND used_at IS NULL', [
    userId,
    kind,
  ]);
}

/** Counts mails of a kind asked for an address in the last day, and records this one. */
export async function countAndRecordMailRequest(
  q: Queryable,
  siteId: number,
  emailHash: string,
  kind: string,
): Promise<number> {
  const rows = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM mail_requests
      WHERE site_id = $1 AND email_hash = $2 AND kind = $3 AND created_at > now() - interval '1 day'`,
    [siteId, emailHash, kind],
  );
  await q.query('INSERT INTO mail_requests (site_id, email_hash, kind) VALUES ($1, $2, $3)', [
    siteId,
    emailHash,
    kind,
  ]);
  return rows[0]?.n ?? 0;
}
