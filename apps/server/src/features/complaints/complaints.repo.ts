import type { Queryable } from '../../platform/db.ts';

export async function memberOfSite(q: Queryable, memberId: string, siteId: number): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM profiles WHERE user_id = $1 AND site_id = $2', [
    memberId,
    siteId,
  ]);
  return rows.length > 0;
}

export async function insertComplaint(
  q: Queryable,
  c: { siteId: number; reporterId: string; memberId: string | null; reason: string; text: string },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    'INSERT INTO complaints (site_id, reporter_id, member_id, reason, text) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [c.siteId, c.reporterId, c.memberId, c.reason, c.text],
  );
  return row!.id;
}

/** Where the receipt goes: the reporter's address, language and name. */
export async function reporter(
  q: Queryable,
  userId: string,
): Promise<{ email: string; language: string; name: string } | undefined> {
  const [me] = await q.query<{ email: string; language: string; name: string }>(
    'SELECT u.email, u.language, p.name FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = $1',
    [userId],
  );
  return me;
}
