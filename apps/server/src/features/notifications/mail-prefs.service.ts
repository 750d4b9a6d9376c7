import {
  MAIL_DEFAULTS,
  MAIL_TYPES,
  type MailPrefs,
  type MailPrefsResponse,
  type MailType,
  type UnsubscribeResult,
} from '@amora/contracts';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError, found } from '../../platform/errors.ts';
import { noteUnsubscribe } from './broadcasts.repo.ts';
import { addDisabledReason, type PrefsRow, readPrefs, userExists, writePrefs } from './mail-prefs.repo.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';

/** The member's stored choices over the defaults: every type has a value. */
export function effectivePrefs(stored: Partial<Record<MailType, boolean>> | null | undefined): MailPrefs {
  const prefs = { ...MAIL_DEFAULTS };
  for (const t of MAIL_TYPES) if (typeof stored?.[t] === 'boolean') prefs[t] = stored[t];
  return prefs;
}

function present(row: PrefsRow): MailPrefsResponse {
  return { prefs: effectivePrefs(row.mail_prefs), disabled: row.notifications_disabled };
}

export async function getMailPrefs(q: Queryable, userId: string): Promise<MailPrefsResponse> {
  const row = found(await readPrefs(q, userId));
  return present(row);
}

export async function updateMailPrefs(
  q: Queryable,
  userId: string,
  changes: Partial<Record<MailType, boolean>>,
): Promise<MailPrefsResponse> {
  const row = found(await writePrefs(q, userId, changes));
  return present(row);
}

/** What a token would unsubscribe from; a forged or garbled token is refused (and changes nothing). */
export async function unsubscribeInfo(db: Db, key: Buffer, token: string): Promise<{ type: MailType }> {
  const target = readUnsubscribeToken(key, token);
  if (!target || !(await userExists(db, target.userId))) throw new AppError('unsubscribe_invalid', 400);
  return { type: target.type };
}

/**
 * Unsubscribes the token's member from its type, or from every notification mail (`all`: the
 * 'listunsubscribe' reason of notifications_disabled, which the disabled-notifications alert
 * explains and the member can lift). Repeating it changes nothing more.
 */
export async function unsubscribe(
  db: Db,
  key: Buffer,
  token: string,
  all: boolean,
): Promise<UnsubscribeResult> {
  const target = readUnsubscribeToken(key, token);
  if (!target) throw new AppError('unsubscribe_invalid', 400);
  return db.tx(async (q) => {
    if (!(await userExists(q, target.userId))) throw new AppError('unsubscribe_invalid', 400);
    await writePrefs(q, target.userId, { [target.type]: false });
    if (all) await addDisabledReason(q, target.userId, 'listunsubscribe');
    // The link of a mailing's copy: the mailing counts it (once per member).
    if (target.broadcastId !== undefined) await noteUnsubscribe(q, target.userId, target.broadcastId);
    return { type: target.type, all };
  });
}
