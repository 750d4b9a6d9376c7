import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { rowOf, sql } from '../../platform/sql.ts';
import { addDisabledReason } from './mail-prefs.repo.ts';

/** The outbox row a signed return path names. */
const reportedMailRow = z.object({
  id: z.number(),
  site_id: z.number(),
  to_address: z.string(),
  sent_at: z.date().nullable(),
});
export type ReportedMail = z.output<typeof reportedMailRow>;

export const reportedMail = (q: Queryable, id: number) =>
  rowOf(q, reportedMailRow, sql`SELECT id, site_id, to_address, sent_at FROM outbox_emails WHERE id = ${id}`);

const mailRecipient = z.object({
  id: z.string(),
  notifications_disabled: z.array(z.string()),
  mail_reenabled_at: z.date().nullable(),
});
export type MailRecipient = z.output<typeof mailRecipient>;

/** The member who has this address on this site today (locked for the change), if any. */
export const recipientByAddress = (q: Queryable, siteId: number, email: string) =>
  rowOf(
    q,
    mailRecipient,
    sql`SELECT id, notifications_disabled, mail_reenabled_at FROM users
         WHERE site_id = ${siteId} AND email = ${email} AND status <> 'deleted' FOR UPDATE`,
  );

/** Adds a reason to notifications_disabled (once). */
export async function addReason(q: Queryable, userId: string, reason: 'bounce' | 'fbl'): Promise<void> {
  await addDisabledReason(q, userId, reason);
}

/** Mail flows again: every reason cleared, and reports about mail sent before now no longer count. */
export async function clearReasons(q: Queryable, userId: string): Promise<string[] | undefined> {
  const row = await rowOf(
    q,
    z.object({ notifications_disabled: z.array(z.string()) }),
    sql`UPDATE users SET notifications_disabled = '{}', mail_reenabled_at = now()
         WHERE id = ${userId} AND status <> 'deleted' RETURNING notifications_disabled`,
  );
  return row?.notifications_disabled;
}
