import type { MailType } from '@amora/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { exists, rowOf, sql } from '../../platform/sql.ts';

const prefsRow = z.object({
  // Each type's choice; a type no longer offered may linger in what was stored.
  mail_prefs: z.record(z.string(), z.boolean()),
  notifications_disabled: z.array(z.string()),
});
export type PrefsRow = z.output<typeof prefsRow>;

export const readPrefs = (q: Queryable, userId: string) =>
  rowOf(q, prefsRow, sql`SELECT mail_prefs, notifications_disabled FROM users WHERE id = ${userId}`);

/** Merges the changed types into the member's stored choices (other types stay as they are). */
export const writePrefs = (q: Queryable, userId: string, changes: Partial<Record<MailType, boolean>>) =>
  rowOf(
    q,
    prefsRow,
    sql`UPDATE users SET mail_prefs = mail_prefs || ${JSON.stringify(changes)}::jsonb WHERE id = ${userId}
        RETURNING mail_prefs, notifications_disabled`,
  );

/**
 * Adds a reason to notifications_disabled (once); mail stops until the member turns it back on.
 * True when it was not there before.
 */
export const addDisabledReason = (q: Queryable, userId: string, reason: string): Promise<boolean> =>
  exists(
    q,
    sql`UPDATE users SET notifications_disabled = array_append(notifications_disabled, ${reason}::text)
         WHERE id = ${userId} AND NOT (${reason}::text = ANY(notifications_disabled)) RETURNING id`,
  );

export const userExists = (q: Queryable, userId: string): Promise<boolean> =>
  exists(q, sql`SELECT 1 FROM users WHERE id = ${userId} AND status <> 'deleted'`);
