import {
  APPEAL_MONTHS,
  type AppealItem,
  type DecisionView,
  groundOf,
  type ModerationCategory,
  type Notice,
  type PhotoDecision,
  type PhotoQueueItem,
  type ReportDecision,
  type ReportDetail,
  type ReportItem,
  type Transparency,
} from '@amora/contracts';
import { isLocale, type Locale } from '@amora/i18n';
import type { TFunction } from 'i18next';
import type { AuditEntryInput } from '../../platform/audit.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { tFor } from '../../platform/i18n.ts';
import { isUuid } from '../../platform/ids.ts';
import { variantKey } from '../../platform/images.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { MailData, MailTemplate } from '../../platform/mail/templates.ts';
import { sign } from '../../platform/secrets.ts';
import type { Site } from '../../platform/sites.ts';
import { mediaUrl } from '../../platform/storage.ts';
import { safeEqual } from '../../platform/tokens.ts';
import { complaintQueue, moveComplaint } from '../complaints/complaints.service.ts';
import {
  type AppealRow,
  accountRestriction,
  appealForUpdate,
  appealOf,
  appealsByStatus,
  approvePhotoRow,
  closeAppeal,
  complaintForUpdate,
  type DecisionRow,
  decisionById,
  decisionsOfMember,
  dueSuspensions,
  endAllSessions,
  insertAppeal,
  insertDecision,
  type MemberFacts,
  memberFacts,
  memberPhotos,
  photoForUpdate,
  photoQueueRows,
  rejectPhotoRow,
  restorePhotoRow,
  setAccountStatus,
  setDecisionState,
  setProfileStatus,
  transparencyRows,
  upheldCounts,
} from './moderation.repo.ts';

/** The operator acting (req.operator of the console: id and display name). */
export interface Moderator {
  id: string;
  name: string;
}

/** platform/audit.ts audit(): one row of the append-only operator audit log, in the action's transaction. */
export type AuditFn = (q: Queryable, operator: Moderator, entry: AuditEntryInput) => Promise<unknown>;

/** What every console action needs: the site managed, who acts, the audit log, notice links. */
export interface ModerationCtx {
  db: Db;
  site: Site;
  operator: Moderator;
  audit: AuditFn;
  /** Signs notice links (the server's key, used with its own purpose). */
  noticeKey: Buffer;
  /** The site's public origin (links in mails). */
  origin: string;
}

export const LIFT_JOB = 'moderation.lift';
const RESTRICTION_ACTIONS = new Set(['remove_photo', 'hide_profile', 'suspend', 'ban']);
const ACCOUNT_OK = ['active', 'not_confirmed'] as const;

// --- notice tokens --------------------------------------------------------------------------

let noticeKeyRef: Buffer | undefined;
/** Sets the key notice links are signed with (the server's, from the database); done at start. */
export function useNoticeKey(key: Buffer): void {
  noticeKeyRef = key;
}

/** The token of a notice link: the decision and an HMAC of it (the member's mailbox holds it). */
export function noticeToken(key: Buffer, decisionId: string): string {
  return `${decisionId}.${sign(key, 'moderation-notice', decisionId)}`;
}

export function readNoticeToken(key: Buffer, token: string): string | null {
  if (!token || token.length > 120) return null;
  const [id, mac, extra] = token.split('.');
  if (extra !== undefined || !id || !mac || !isUuid(id)) return null;
  return safeEqual(mac, sign(key, 'moderation-notice', id)) ? id : null;
}

// --- presenting -----------------------------------------------------------------------------

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function appealUntil(decidedAt: Date): Date {
  const d = new Date(decidedAt);
  d.setUTCMonth(d.getUTCMonth() + APPEAL_MONTHS);
  return d;
}

export function presentDecision(d: DecisionRow): DecisionView {
  return {
    id: d.id,
    action: d.action,
    category: d.category,
    ground: d.ground,
    facts: d.facts,
    automated: d.automated,
    decided_at: iso(d.decided_at)!,
    suspended_until: iso(d.suspended_until),
    state: d.state,
    appeal_until: iso(appealUntil(d.decided_at))!,
  };
}

const localeOf = (l: string): Locale => (isLocale(l) ? l : 'en');

/**
 * The statement of reasons mailed to the member, in their language: what was restricted, why
 * (category), on which ground, the facts, that no automated means decided, and how to appeal.
 */
async function mailNotice(
  ctx: ModerationCtx,
  q: Queryable,
  member: MemberFacts,
  d: DecisionRow,
): Promise<void> {
  await mailMember(ctx, q, member, 'moderationNotice', (t) => ({
    name: member.name,
    what: t(`moderation.actions.${d.action}`),
    why: d.category ? t(`moderation.categories.${d.category}`) : '',
    ground: d.ground ? t(`moderation.grounds.${d.ground}`) : '',
    facts: d.facts || t('moderation.noFacts'),
    ...(d.suspended_until ? { until: new Date(d.suspended_until).toISOString() } : {}),
    link: `${ctx.origin}/notice/${noticeToken(ctx.noticeKey, d.id)}`,
  }));
}

/** Mails the member, if they have an address, in their language (`data` words the mail with its t). */
async function mailMember<T extends MailTemplate>(
  ctx: ModerationCtx,
  q: Queryable,
  member: MemberFacts,
  template: T,
  data: (t: TFunction) => MailData[T],
): Promise<void> {
  if (!member.email) return;
  const locale = localeOf(member.language);
  await enqueueMail(q, { siteId: ctx.site.id, to: member.email, template, locale, data: data(tFor(locale)) });
}

// --- photo review ---------------------------------------------------------------------------

/** The photo review queue of the site: photos not yet reviewed, oldest first. */
export async function photoQueue(
  db: Db,
  site: Site,
  limit = 50,
): Promise<{
  approval: 'manual' | 'auto';
  photos: PhotoQueueItem[];
}> {
  const rows = await photoQueueRows(db, site.id, Math.min(Math.max(limit, 1), 200));
  const counts = await upheldCounts(db, [...new Set(rows.map((r) => r.user_id))]);
  const cdn = site.config.cdn_prefix;
  return {
    approval: site.config.photo_approval,
    photos: rows.map((r) => ({
      id: r.id,
      member_id: r.user_id,
      member_name: r.name,
      url: mediaUrl(cdn, variantKey(r.storage_key, 'l')),
      thumb: mediaUrl(cdn, variantKey(r.storage_key, 't')),
      status: r.status,
      uploaded_at: iso(r.created_at)!,
      upheld: counts.get(r.user_id) ?? 0,
    })),
  };
}

/**
 * Approves (published, out of the queue) or rejects a photo of the site's queue. A rejection takes
 * the photo off every surface (it is no longer 'active' nor main; the next photo becomes main),
 * records the decision with its statement of reasons and mails it to the member.
 */
export async function decidePhoto(
  ctx: ModerationCtx,
  photoId: string,
  input: PhotoDecision,
): Promise<DecisionView> {
  if (!isUuid(photoId)) throw new AppError('not_found', 404);
  return ctx.db.tx(async (q) => {
    const photo = await photoForUpdate(q, ctx.site.id, photoId);
    if (!photo) throw new AppError('not_found', 404);
    if (photo.reviewed_at || photo.status === 'rejected')
      throw new AppError('moderation_already_decided', 409);
    const member = await memberFacts(q, ctx.site.id, photo.user_id);
    if (!member) throw new AppError('not_found', 404);
    if (input.decision === 'approve') {
      await approvePhotoRow(q, photo.id);
      const d = await insertDecision(q, {
        ...base(ctx, member),
        source: 'photo_review',
        complaint_id: null,
        photo_id: photo.id,
        action: 'approve_photo',
        category: null,
        ground: null,
        facts: input.note ?? '',
        suspended_until: null,
        previous_status: null,
        received_at: photo.created_at,
      });
      await ctx.audit(q, ctx.operator, {
        action: 'moderation.photo.approve',
        siteId: ctx.site.id,
        subjectType: 'photo',
        subjectId: photo.id,
        details: { member_id: member.id, decision_id: d.id },
      });
      return presentDecision(d);
    }
    const category = input.category!;
    await rejectPhotoRow(q, photo);
    const d = await insertDecision(q, {
      ...base(ctx, member),
      source: 'photo_review',
      complaint_id: null,
      photo_id: photo.id,
      action: 'remove_photo',
      category,
      ground: groundOf(category),
      facts: input.note ?? '',
      suspended_until: null,
      previous_status: null,
      received_at: photo.created_at,
    });
    await mailNotice(ctx, q, member, d);
    await ctx.audit(q, ctx.operator, {
      action: 'moderation.photo.reject',
      siteId: ctx.site.id,
      subjectType: 'photo',
      subjectId: photo.id,
      reason: category,
      details: { member_id: member.id, decision_id: d.id, note: input.note ?? '' },
    });
    return presentDecision(d);
  });
}

function base(ctx: ModerationCtx, member: MemberFacts) {
  return {
    site_id: ctx.site.id,
    member_id: member.id,
    member_language: member.language,
    decided_by: ctx.operator.id,
    decided_by_name: ctx.operator.name,
  };
}

// --- reports --------------------------------------------------------------------------------

function presentReport(
  c: Awaited<ReturnType<typeof complaintQueue>>[number],
  counts: Map<string, number>,
): ReportItem {
  return {
    id: c.id,
    status: c.status,
    reason: c.reason,
    text: c.text,
    reporter_name: c.reporter_name,
    member_id: c.member_id,
    member_name: c.member_name,
    created_at: iso(c.created_at)!,
    upheld: c.member_id ? (counts.get(c.member_id) ?? 0) : 0,
  };
}

/** The reports queue (open and in review, oldest first), with each reported member's upheld count. */
export async function reportQueue(db: Db, site: Site): Promise<ReportItem[]> {
  const rows = [
    ...(await complaintQueue(db, site, 'open')),
    ...(await complaintQueue(db, site, 'in_review')),
  ].sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
  const counts = await upheldCounts(db, [
    ...new Set(rows.flatMap((r) => (r.member_id ? [r.member_id] : []))),
  ]);
  return rows.map((r) => presentReport(r, counts));
}

/** One report with the reported member's profile, photos (every status) and past restrictions. */
export async function reportDetail(db: Db, site: Site, id: string): Promise<ReportDetail> {
  if (!isUuid(id)) throw new AppError('not_found', 404);
  const [c] = await db.query<Awaited<ReturnType<typeof complaintQueue>>[number]>(
    `SELECT id, site_id, status, reason, text, reporter_id, reporter_name, reporter_email, reporter_language,
            member_id, member_name, decision_note, created_at, status_changed_at
       FROM complaints WHERE id = $1 AND site_id = $2`,
    [id, site.id],
  );
  if (!c) throw new AppError('not_found', 404);
  const member = c.member_id ? await memberFacts(db, site.id, c.member_id) : null;
  const counts = await upheldCounts(db, member ? [member.id] : []);
  if (!member) return { report: presentReport(c, counts), member: null };
  const cdn = site.config.cdn_prefix;
  const [photos, decisions] = await Promise.all([
    memberPhotos(db, member.id),
    decisionsOfMember(db, member.id),
  ]);
  return {
    report: presentReport(c, counts),
    member: {
      id: member.id,
      name: member.name,
      account_status: member.status,
      profile_status: member.profile_status,
      about: member.about || null,
      city: member.city,
      photos: photos.map((p) => ({
        id: p.id,
        url: mediaUrl(cdn, variantKey(p.storage_key, 'l')),
        thumb: mediaUrl(cdn, variantKey(p.storage_key, 't')),
        status: p.status,
      })),
      decisions: decisions.map(presentDecision),
    },
  };
}

/** A suspension's `until` (its last day) as the moment it ends: the next day's start, UTC. */
function suspensionEnd(until: string): Date {
  const end = new Date(`${until}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  const max = Date.now() + 5 * 365 * 86_400_000;
  if (Number.isNaN(end.getTime()) || end.getTime() <= Date.now() || end.getTime() > max) {
    throw new AppError('validation', 400, {}, { until: 'validation' });
  }
  return end;
}

/**
 * Decides a report: dismiss it, or restrict the reported member (remove one of their photos,
 * hide their profile, suspend the account until a date, ban it). Each restriction records its
 * statement of reasons, is mailed to the member and ends their sessions where it takes the account.
 * Returns the decision and, when sessions ended, the member whose sockets the caller closes.
 */
export async function decideReport(
  ctx: ModerationCtx,
  complaintId: string,
  input: ReportDecision,
): Promise<{ decision: DecisionView; endedUserId: string | null }> {
  if (!isUuid(complaintId)) throw new AppError('not_found', 404);
  const until = input.action === 'suspend' ? suspensionEnd(input.until!) : null;
  const result = await ctx.db.tx(async (q) => {
    const c = await complaintForUpdate(q, ctx.site.id, complaintId);
    if (!c) throw new AppError('not_found', 404);
    if (c.status !== 'open' && c.status !== 'in_review')
      throw new AppError('moderation_already_decided', 409);
    const member = c.member_id ? await memberFacts(q, ctx.site.id, c.member_id, true) : null;
    if (input.action !== 'dismiss' && !member) throw new AppError('validation', 400);
    const note = input.note ?? '';
    let endedUserId: string | null = null;
    let previous: string | null = null;
    let photoId: string | null = null;
    switch (input.action) {
      case 'dismiss':
        break;
      case 'remove_photo': {
        const photo = await photoForUpdate(q, ctx.site.id, input.photo_id!);
        if (!photo || photo.user_id !== member!.id || photo.status === 'rejected') {
          throw new AppError('validation', 400, {}, { photo_id: 'choose_option' });
        }
        await rejectPhotoRow(q, photo);
        photoId = photo.id;
        break;
      }
      case 'hide_profile':
        if (member!.profile_status !== 'active') throw new AppError('moderation_already_decided', 409);
        previous = member!.profile_status;
        await setProfileStatus(q, member!.id, 'disabled');
        break;
      case 'suspend':
      case 'ban': {
        const to = input.action === 'suspend' ? 'suspended' : 'banned';
        // A suspended account may still be banned; the ban then keeps the status from before both.
        const prior = member!.status === 'suspended' ? await accountRestriction(q, member!.id) : null;
        const from = input.action === 'ban' ? [...ACCOUNT_OK, 'suspended'] : [...ACCOUNT_OK];
        if (!(await setAccountStatus(q, member!.id, to, from))) {
          throw new AppError('moderation_already_decided', 409);
        }
        previous = prior ? (prior.previous_status ?? 'active') : member!.status;
        if (prior) await setDecisionState(q, prior.id, 'expired');
        await endAllSessions(q, member!.id);
        endedUserId = member!.id;
        break;
      }
    }
    const category = (input.category ?? null) as ModerationCategory | null;
    const d = await insertDecision(q, {
      site_id: ctx.site.id,
      member_id: member?.id ?? null,
      member_language: member?.language ?? 'en',
      decided_by: ctx.operator.id,
      decided_by_name: ctx.operator.name,
      source: 'report',
      complaint_id: c.id,
      photo_id: photoId,
      action: input.action,
      category,
      ground: category ? groundOf(category) : null,
      facts: note,
      suspended_until: until,
      previous_status: previous,
      received_at: c.created_at,
    });
    const statement =
      note ||
      (category ? tFor('en')(`moderation.categories.${category}`) : tFor('en')('moderation.actions.dismiss'));
    await moveComplaint(q, ctx.site, c.id, input.action === 'dismiss' ? 'dismissed' : 'resolved', statement);
    if (member && input.action !== 'dismiss') await mailNotice(ctx, q, member, d);
    if (until) await enqueueJob(q, LIFT_JOB, { decisionId: d.id }, { runAt: until });
    await ctx.audit(q, ctx.operator, {
      action: `moderation.report.${input.action}`,
      siteId: ctx.site.id,
      subjectType: member ? 'member' : 'complaint',
      subjectId: member?.id ?? c.id,
      ...(category ? { reason: category } : {}),
      details: { complaint_id: c.id, decision_id: d.id, photo_id: photoId, until: iso(until), note },
    });
    return { decision: presentDecision(d), endedUserId };
  });
  return result;
}

// --- appeals --------------------------------------------------------------------------------

/** Open appeals of the site, oldest first; `can_decide` is false for the moderator who decided. */
export async function appealQueue(db: Db, site: Site, operatorId: string): Promise<AppealItem[]> {
  const rows = await appealsByStatus(db, site.id, 'open', 100);
  const out: AppealItem[] = [];
  for (const a of rows) {
    const d = await decisionById(db, a.decision_id);
    if (!d) continue;
    out.push({
      id: a.id,
      text: a.text,
      created_at: iso(a.created_at)!,
      status: a.status,
      member_id: d.member_id,
      member_name: a.member_name,
      decision: presentDecision(d),
      decided_by_name: d.decided_by_name,
      can_decide: d.decided_by !== operatorId,
    });
  }
  return out;
}

/**
 * The member's appeal against a restriction, from the notice page (its token proves the
 * mailbox): once per decision, within six months, while the restriction is in force.
 */
export async function submitAppeal(
  db: Db,
  key: Buffer,
  token: string,
  text: string,
  site: Site,
): Promise<Notice> {
  const id = readNoticeToken(key, token);
  if (!id) throw new AppError('not_found', 404);
  await db.tx(async (q) => {
    const d = await decisionById(q, id, true);
    if (!d || !RESTRICTION_ACTIONS.has(d.action) || d.site_id !== site.id)
      throw new AppError('not_found', 404);
    if (d.state !== 'in_force' || appealUntil(d.decided_at).getTime() < Date.now()) {
      throw new AppError('moderation_appeal_closed', 409);
    }
    if (!(await insertAppeal(q, { decisionId: d.id, siteId: d.site_id, text }))) {
      throw new AppError('moderation_appeal_exists', 409);
    }
  });
  return (await notice(db, key, token, site))!;
}

/**
 * Decides an appeal: upheld (the restriction stays) or reversed (what was taken comes back: the
 * photo published, the profile visible, the account active). Only a moderator other than the
 * one who made the decision may decide it (DSA Art. 20(6)). The member is mailed the outcome.
 */
export async function decideAppeal(
  ctx: ModerationCtx,
  appealId: string,
  input: { outcome: 'uphold' | 'reverse'; note: string },
): Promise<{ status: AppealRow['status'] }> {
  if (!isUuid(appealId)) throw new AppError('not_found', 404);
  return ctx.db.tx(async (q) => {
    const a = await appealForUpdate(q, ctx.site.id, appealId);
    if (!a) throw new AppError('not_found', 404);
    if (a.status !== 'open') throw new AppError('moderation_already_decided', 409);
    const d = (await decisionById(q, a.decision_id, true))!;
    if (d.decided_by === ctx.operator.id) throw new AppError('moderation_same_moderator', 403);
    const status = input.outcome === 'reverse' ? 'reversed' : 'upheld';
    if (status === 'reversed' && d.state === 'in_force' && d.member_id) await reverse(q, d);
    await closeAppeal(q, { id: a.id, status, by: ctx.operator.id, note: input.note });
    const member = d.member_id ? await memberFacts(q, ctx.site.id, d.member_id) : null;
    if (member) {
      await mailMember(ctx, q, member, 'moderationAppealDecided', (t) => ({
        name: member.name,
        what: t(`moderation.actions.${d.action}`),
        outcome: t(`moderation.appealOutcome.${status}`),
        note: input.note,
        link: `${ctx.origin}/notice/${noticeToken(ctx.noticeKey, d.id)}`,
      }));
    }
    await ctx.audit(q, ctx.operator, {
      action: `moderation.appeal.${input.outcome}`,
      siteId: ctx.site.id,
      subjectType: 'appeal',
      subjectId: a.id,
      reason: input.note,
      details: { decision_id: d.id, member_id: d.member_id },
    });
    return { status };
  });
}

/** Restores what a decision took. */
async function reverse(q: Queryable, d: DecisionRow): Promise<void> {
  const member = d.member_id!;
  switch (d.action) {
    case 'remove_photo':
      if (d.photo_id) await restorePhotoRow(q, d.photo_id);
      break;
    case 'hide_profile':
      await setProfileStatus(q, member, 'active');
      break;
    case 'suspend':
      await setAccountStatus(q, member, d.previous_status ?? 'active', ['suspended']);
      break;
    case 'ban':
      await setAccountStatus(q, member, d.previous_status ?? 'active', ['banned']);
      break;
  }
  await setDecisionState(q, d.id, 'reversed');
}

// --- suspensions that end ---------------------------------------------------------------------

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

// --- the member's side ----------------------------------------------------------------------

async function presentNotice(q: Queryable, key: Buffer, d: DecisionRow, cdn: string): Promise<Notice> {
  const appeal = await appealOf(q, d.id);
  const [photo] = d.photo_id
    ? await q.query<{ storage_key: string }>('SELECT storage_key FROM photos WHERE id = $1', [d.photo_id])
    : [];
  return {
    ...presentDecision(d),
    token: noticeToken(key, d.id),
    photo_thumb: photo ? mediaUrl(cdn, variantKey(photo.storage_key, 't')) : null,
    appeal: appeal ? { status: appeal.status, created_at: iso(appeal.created_at)!, note: appeal.note } : null,
    can_appeal: !appeal && d.state === 'in_force' && appealUntil(d.decided_at).getTime() >= Date.now(),
  };
}

/** The statement of reasons behind a notice link (null when the token is not ours). */
export async function notice(db: Db, key: Buffer, token: string, site?: Site): Promise<Notice | null> {
  const id = readNoticeToken(key, token);
  if (!id) return null;
  const d = await decisionById(db, id);
  if (!d || !RESTRICTION_ACTIONS.has(d.action) || (site && d.site_id !== site.id)) return null;
  const [s] = await db.query<{ cdn: string }>(
    "SELECT config->>'cdn_prefix' AS cdn FROM sites WHERE id = $1",
    [d.site_id],
  );
  return presentNotice(db, key, d, site?.config.cdn_prefix ?? s?.cdn ?? '');
}

/** A member's own restrictions of the last six months (the photo manager and profile show them). */
export async function myNotices(db: Db, key: Buffer, site: Site, userId: string): Promise<Notice[]> {
  const rows = await decisionsOfMember(db, userId);
  const recent = rows.filter(
    (d) => d.state === 'in_force' && appealUntil(d.decided_at).getTime() >= Date.now(),
  );
  return Promise.all(recent.map((d) => presentNotice(db, key, d, site.config.cdn_prefix)));
}

/**
 * Why a suspended or banned account cannot log in: the token of its notice (the login answer
 * leads there). A suspension whose date has passed is lifted first (null: the login goes on).
 */
export async function restrictionAtLogin(db: Db, userId: string): Promise<string | null> {
  const key = noticeKeyRef;
  if (!key) throw new Error('notice key not set (useNoticeKey at start)');
  await liftDueSuspensions(db, userId);
  const [u] = await db.query<{ status: string }>('SELECT status FROM users WHERE id = $1', [userId]);
  if (u?.status !== 'suspended' && u?.status !== 'banned') return null;
  const d = await accountRestriction(db, userId);
  return d ? noticeToken(key, d.id) : '';
}

// --- transparency ---------------------------------------------------------------------------

function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
const round2 = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);
function tally(xs: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const x of xs) out[x] = (out[x] ?? 0) + 1;
  return out;
}

/** The site's transparency figures for the days from..to (inclusive, UTC). */
export async function transparency(db: Db, site: Site, from: string, to: string): Promise<Transparency> {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end <= start) {
    throw new AppError('validation', 400, {}, { to: 'validation' });
  }
  const { decisions, appeals, reports } = await transparencyRows(db, site.id, start, end);
  const hours = decisions.map((d) => Number(d.hours));
  const appealCount = (s: string) => appeals.find((a) => a.status === s)?.n ?? 0;
  return {
    site: site.domain,
    from,
    to,
    decisions: decisions.length,
    by_category: tally(decisions.map((d) => d.category ?? 'none')),
    by_action: tally(decisions.map((d) => d.action)),
    by_source: tally(decisions.map((d) => d.source)),
    automated: {
      yes: decisions.filter((d) => d.automated).length,
      no: decisions.filter((d) => !d.automated).length,
    },
    hours_to_decide: {
      median: round2(median(hours)),
      average: round2(hours.length ? hours.reduce((a, b) => a + b, 0) / hours.length : null),
    },
    appeals: {
      received: appeals.reduce((a, r) => a + r.n, 0),
      upheld: appealCount('upheld'),
      reversed: appealCount('reversed'),
      open: appealCount('open'),
    },
    reports_received: reports,
  };
}

/** The same figures as CSV: one `metric,key,value` row each. */
export function transparencyCsv(t: Transparency): string {
  const rows: [string, string, string | number | null][] = [
    ['site', '', t.site],
    ['from', '', t.from],
    ['to', '', t.to],
    ['reports_received', '', t.reports_received],
    ['decisions', '', t.decisions],
    ...Object.entries(t.by_category).map(([k, v]) => ['by_category', k, v] as [string, string, number]),
    ...Object.entries(t.by_action).map(([k, v]) => ['by_action', k, v] as [string, string, number]),
    ...Object.entries(t.by_source).map(([k, v]) => ['by_source', k, v] as [string, string, number]),
    ['automated', 'yes', t.automated.yes],
    ['automated', 'no', t.automated.no],
    ['hours_to_decide', 'median', t.hours_to_decide.median],
    ['hours_to_decide', 'average', t.hours_to_decide.average],
    ['appeals', 'received', t.appeals.received],
    ['appeals', 'upheld', t.appeals.upheld],
    ['appeals', 'reversed', t.appeals.reversed],
    ['appeals', 'open', t.appeals.open],
  ];
  const cell = (v: string | number | null) => {
    const s = v === null ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `metric,key,value\n${rows.map((r) => r.map(cell).join(',')).join('\n')}\n`;
}
