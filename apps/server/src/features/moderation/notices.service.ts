import type { Notice } from '@amora/contracts';
import type { Db, Queryable } from '../../platform/db.ts';
import type { Site } from '../../platform/sites.ts';
import { appealable, presentNotice } from './moderation.presenter.ts';
import {
  accountRestriction,
  accountStatus,
  appealOf,
  type DecisionRow,
  decisionById,
  decisionsOfMember,
  dueSuspensions,
  setAccountStatus,
  setDecisionState,
  siteCdnPrefix,
} from './moderation.repo.ts';
import { noticeKey, noticeToken, readNoticeToken, restricts } from './moderation.service.ts';
import { photoStorageKey } from './photo-review.repo.ts';

/** The member's side of moderation: their notices (statements of reasons), and suspensions that end. */

async function noticeOf(q: Queryable, key: Buffer, d: DecisionRow, cdn: string): Promise<Notice> {
  const [appeal, photoKey] = await Promise.all([
    appealOf(q, d.id),
    d.photo_id ? photoStorageKey(q, d.photo_id) : undefined,
  ]);
  return presentNotice(d, noticeToken(key, d.id), appeal, photoKey ?? null, cdn);
}

/** The statement of reasons behind a notice link (null when the token is not ours). */
export async function notice(db: Db, key: Buffer, token: string, site?: Site): Promise<Notice | null> {
  const id = readNoticeToken(key, token);
  if (!id) return null;
  const d = await decisionById(db, id);
  if (!d || !restricts(d) || (site && d.site_id !== site.id)) return null;
  const cdn = site?.config.cdn_prefix ?? (await siteCdnPrefix(db, d.site_id)) ?? '';
  return noticeOf(db, key, d, cdn);
}

/** A member's own restrictions of the last six months (the photo manager and profile show them). */
export async function myNotices(db: Db, key: Buffer, site: Site, userId: string): Promise<Notice[]> {
  const rows = await decisionsOfMember(db, userId);
  return Promise.all(rows.filter(appealable).map((d) => noticeOf(db, key, d, site.config.cdn_prefix)));
}

/**
 * Why a suspended or banned account cannot log in: the token of its notice (the login answer
 * leads there). A suspension whose date has passed is lifted first (null: the login goes on).
 */
export async function restrictionAtLogin(db: Db, userId: string): Promise<string | null> {
  const key = noticeKey();
  await liftDueSuspensions(db, userId);
  const status = await accountStatus(db, userId);
  if (status !== 'suspended' && status !== 'banned') return null;
  const d = await accountRestriction(db, userId);
  return d ? noticeToken(key, d.id) : '';
}

/** Ends suspensions whose date has passed (the job at the end date; a login checks too). */
export async function liftDueSuspensions(db: Db, memberId?: string): Promise<number> {
  const due = await dueSuspensions(db, memberId);
  for (const d of due) {
    await db.tx(async (q) => {
      const locked = await decisionById(q, d.id, true);
      if (locked?.state !== 'in_force') return;
      await setAccountStatus(q, d.member_id!, d.previous_status ?? 'active', ['suspended']);
      await setDecisionState(q, d.id, 'expired');
    });
  }
  return due.length;
}
