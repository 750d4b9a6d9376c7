import type { MailType } from '@amora/contracts';
import { firstRow, type Queryable } from '../../platform/db.ts';

export interface PrefsRow {
  mail_prefs: Partial<Record<MailType, boolean>>;
  notifications_disabled: string[];
}

export const readPrefs = (q: Queryable, userId: string) =>
  firstRow<PrefsRow>(q, 'SELECT mail_prefs, notifications_disabled FROM users WHERE id = $1', [userId]);

/** Merges the changed types into the member's stored choices (other types stay as they are). */
export const writePrefs = (q: Queryable, userId: string, changes: Partial<Record<MailType, boolean>>) =>
  firstRow<PrefsRow>(
    q,
    `UPDATE users SET mail_prefs = mail_prefs || $2::jsonb WHERE id = $1
     RETURNING mail_prefs, notifications_disabled`,
    [userId, JSON.stringify(changes)],
  );

/** Adds a reason to notifications_disabled (once); mail stops until the member turns it back on. */
export async function addDisabledReason(q: Queryable, userId: string, reason: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE users SET notifications_disabled = array_append(notifications_disabled, $2)
      WHERE id = $1 AND NOT ($2 = ANY(notifications_disabled)) RETURNING id`,
    [userId, reason],
  );
  return rows.length > 0;
}

export async function userExists(q: Queryable, userId: string): Promise<boolean> {
  const rows = await q.query("SELECT 1 FROM users WHERE id = $1 AND status <> 'deleted'", [userId]);
  return rows.length > 0;
}
