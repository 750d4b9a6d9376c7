import { SESSION_MAX_AGE_S } from '@amora/contracts';
import type { Queryable } from './db.ts';
import { hashSecret, newSecret } from './tokens.ts';

export interface SessionUser {
  id: string;
  site_id: number;
  email: string;
  status: 'not_confirmed' | 'active';
  language: string;
  paid_user: boolean;
  last_seen_at: Date;
}

/** The member of a live session on this site (a session never works on another site). */
export async function findSession(q: Queryable, id: string, siteId: number): Promise<SessionUser | null> {
  const rows = await q.query<SessionUser>(
    `SELECT u.id, u.site_id, u.email, u.status, u.language, u.paid_user, s.last_seen_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1 AND s.site_id = $2 AND s.expires_at > now() AND u.status IN ('not_confirmed', 'active')`,
    [id, siteId],
  );
  return rows[0] ?? null;
}

/** Which of these sessions still live (not ended or expired, their member not restricted). */
export async function liveSessionIds(q: Queryable, ids: string[]): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = ANY($1::text[]) AND s.expires_at > now() AND u.status IN ('not_confirmed', 'active')`,
    [ids],
  );
  return rows.map((r) => r.id);
}

/** Activity is recorded at most every five minutes per session (no write on every request). */
export function touchDue(lastSeen: Date, now = Date.now()): boolean {
  return now - new Date(lastSeen).getTime() >= 5 * 60_000;
}

export async function touchSession(q: Queryable, id: string): Promise<void> {
  await q.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [id]);
  await q.query(
    'UPDATE users SET last_active_at = now() WHERE id = (SELECT user_id FROM sessions WHERE id = $1)',
    [id],
  );
}

/** Starts a session; returns the cookie value (only its hash is stored). */
export async function createSession(
  q: Queryable,
  user: { id: string; site_id: number },
  userAgent: string | undefined,
): Promise<string> {
  const token = newSecret();
  await q.query(
    `INSERT INTO sessions (id, user_id, site_id, expires_at, user_agent)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5)`,
    [hashSecret(token), user.id, user.site_id, SESSION_MAX_AGE_S, userAgent?.slice(0, 300) ?? null],
  );
  await q.query('UPDATE users SET last_active_at = now() WHERE id = $1', [user.id]);
  return token;
}

export async function deleteSession(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM sessions WHERE id = $1', [id]);
}

/** Ends every session of a member, or every one but `keepId`. */
export async function deleteUserSessions(
  q: Queryable,
  userId: string,
  keepId?: string | null,
): Promise<void> {
  await q.query('DELETE FROM sessions WHERE user_id = $1 AND ($2::text IS NULL OR id <> $2)', [
    userId,
    keepId ?? null,
  ]);
}
