import {
  CONSOLE_QUEUE_PAGE,
  type DecisionView,
  groundOf,
  type ModerationCategory,
  type ReportDecision,
  type ReportDetail,
  type ReportQueue,
} from '@amora/contracts';
import type { Db } from '../../platform/db.ts';
import { AppError, found } from '../../platform/errors.ts';
import { tFor } from '../../platform/i18n.ts';
import { isUuid } from '../../platform/ids.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import type { Site } from '../../platform/sites.ts';
import {
  complaintOfSite,
  mailOutcome,
  moveComplaint,
  waitingComplaintsPage,
} from '../complaints/complaints.service.ts';
import { photoUrls } from '../photos/photos.presenter.ts';
import { iso, presentDecision, presentReport } from './moderation.presenter.ts';
import {
  accountRestriction,
  complaintForUpdate,
  decisionsOfMember,
  endAllSessions,
  insertDecision,
  memberFacts,
  openReportCount,
  resolveOtherReports,
  setAccountStatus,
  setComplaintDecision,
  setDecisionState,
  setProfileStatus,
  upheldCounts,
} from './moderation.repo.ts';
import { decidedBy, LIFT_QUEUE, type ModerationCtx, mailNotice } from './moderation.service.ts';
import { memberPhotos, photoForUpdate, rejectPhotoRow } from './photo-review.repo.ts';

const ACCOUNT_OK = ['active', 'not_confirmed'] as const;

/**
 * The reports queue (open and in review, oldest first) a page at a time, with each reported
 * member's upheld count and the queue's count.
 */
export async function reportQueue(db: Db, site: Site, page = 1): Promise<ReportQueue> {
  const rows = await waitingComplaintsPage(db, site, CONSOLE_QUEUE_PAGE + 1, (page - 1) * CONSOLE_QUEUE_PAGE);
  const shown = rows.slice(0, CONSOLE_QUEUE_PAGE);
  const counts = await upheldCounts(db, [
    ...new Set(shown.flatMap((r) => (r.member_id ? [r.member_id] : []))),
  ]);
  return {
    reports: shown.map((r) => presentReport(r, counts)),
    page,
    has_more: rows.length > CONSOLE_QUEUE_PAGE,
    total: await openReportCount(db, site.id),
  };
}

/** One report with the reported member's profile, photos (every status) and past restrictions. */
export async function reportDetail(db: Db, site: Site, id: string): Promise<ReportDetail> {
  if (!isUuid(id)) throw new AppError('not_found', 404);
  const c = found(await complaintOfSite(db, site, id));
  const member = c.member_id ? await memberFacts(db, site.id, c.member_id) : null;
  const counts = await upheldCounts(db, member ? [member.id] : []);
  if (!member) return { report: presentReport(c, counts), member: null };
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
        ...photoUrls(site.config.cdn_prefix, p.storage_key),
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
    const c = found(await complaintForUpdate(q, ctx.site.id, complaintId));
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
      ...decidedBy(ctx, member),
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
    await setComplaintDecision(q, c.id, d.id);
    // A restriction answers every waiting report about the member: they are resolved with this
    // decision (recorded on each, so the figures count one decision and the reports it resolved).
    const others =
      member && input.action !== 'dismiss'
        ? await resolveOtherReports(q, {
            siteId: ctx.site.id,
            memberId: member.id,
            exceptId: c.id,
            decisionId: d.id,
            note: statement,
          })
        : [];
    for (const other of others) await mailOutcome(q, ctx.site, other, 'resolved');
    if (member && input.action !== 'dismiss') await mailNotice(ctx, q, member, d);
    if (until) await enqueueJob(q, LIFT_QUEUE, { decisionId: d.id }, { runAt: until });
    await ctx.audit(q, ctx.operator, {
      action: `moderation.report.${input.action}`,
      siteId: ctx.site.id,
      subjectType: member ? 'member' : 'complaint',
      subjectId: member?.id ?? c.id,
      ...(category ? { reason: category } : {}),
      details: {
        complaint_id: c.id,
        decision_id: d.id,
        photo_id: photoId,
        until: iso(until),
        note,
        ...(others.length ? { also_resolved: others.map((o) => o.id) } : {}),
      },
    });
    return { decision: presentDecision(d), endedUserId };
  });
  return result;
}
