import { firstRow, type Queryable } from '../../platform/db.ts';

/** The outbox row a signed return path names. */
export interface ReportedMail {
  id: number;
  site_id: number;
  to_address: string;
  sent_at: Date | null;
}

export const reportedMail = (q: Queryable, id: number) =>
  firstRow<ReportedMail>(q, 'SELECT id, site_id, to_address, sent_at FROM outbox_emails WHERE id = $1', [id]);

export interface MailRecipient {
  id: string;
  notifications_disabled: string[];
  mail_reenabled_at: Date | null;
}

/** The member who has this address on this site today (locked for the change), if any. */
export const recipientByAddress = (q: Queryable, siteId: number, email: string) =>
  firstRow<MailRecipient>(
    q,
    `SELECT id, notifications_disabled, mail_reenabled_at FROM users
      WHERE site_id = $1 AND email = $2 AND status <> 'deleted' FOR UPDATE`,
    [siteId, email],
  );

/** Adds a reason to notifications_disabled (once). */
export async function addReason(q: Queryable, userId: string, reason: 'bounce' | 'fbl'): Promise<void> {
  await q.query(
    `UPDATE users SET notifications_disabled = array_append(notifications_disabled, $2)
      WHERE id = $1 AND NOT ($2 = ANY(notifications_disabled))`,
    [userId, reason],
  );
}

/** Mail flows again: every reason cleared, and reports about mail sent before now no longer count. */
export async function clearReasons(q: Queryable, userId: string): Promise<string[] | undefined> {
  const [row] = await q.query<{ notifications_disabled: string[] }>(
    `UPDATE users SET notifications_disabled = '{}', mail_reenabled_at = now()
      WHERE id = $1 AND status <> 'deleted' RETURNING notifications_disabled`,
    [userId],
  );
  return row?.notifications_disabled;
}
