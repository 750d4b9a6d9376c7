import {
  CONSOLE_QUEUE_PAGE,
  type DecisionView,
  groundOf,
  type PhotoDecision,
  type PhotoQueue,
} from '@amora/contracts';
import type { Db } from '../../platform/db.ts';
import { AppError, found } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Site } from '../../platform/sites.ts';
import { photoUrls } from '../photos/photos.presenter.ts';
import { iso, presentDecision } from './moderation.presenter.ts';
import { insertDecision, memberFacts, upheldCounts } from './moderation.repo.ts';
import { decidedBy, type ModerationCtx, mailNotice } from './moderation.service.ts';
import {
  approvePhotoRow,
  photoForUpdate,
  photoQueueCount,
  photoQueueRows,
  rejectPhotoRow,
} from './photo-review.repo.ts';

/** The photo review queue of the site: photos not yet reviewed, oldest first, a page at a time. */
export async function photoQueue(db: Db, site: Site, page = 1): Promise<PhotoQueue> {
  const rows = await photoQueueRows(db, site.id, CONSOLE_QUEUE_PAGE + 1, (page - 1) * CONSOLE_QUEUE_PAGE);
  const total = await photoQueueCount(db, site.id);
  const counts = await upheldCounts(db, [...new Set(rows.map((r) => r.user_id))]);
  return {
    approval: site.config.photo_approval,
    photos: rows.slice(0, CONSOLE_QUEUE_PAGE).map((r) => ({
      id: r.id,
      member_id: r.user_id,
      member_name: r.name,
      ...photoUrls(site.config.cdn_prefix, r.storage_key),
      status: r.status,
      uploaded_at: iso(r.created_at)!,
      upheld: counts.get(r.user_id) ?? 0,
    })),
    page,
    has_more: rows.length > CONSOLE_QUEUE_PAGE,
    total,
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
    const photo = found(await photoForUpdate(q, ctx.site.id, photoId));
    if (photo.reviewed_at || photo.status === 'rejected')
      throw new AppError('moderation_already_decided', 409);
    const member = found(await memberFacts(q, ctx.site.id, photo.user_id));
    const approve = input.decision === 'approve';
    const category = approve ? null : input.category!;
    const note = input.note ?? '';
    if (approve) await approvePhotoRow(q, photo.id);
    else await rejectPhotoRow(q, photo);
    const d = await insertDecision(q, {
      ...decidedBy(ctx, member),
      source: 'photo_review',
      complaint_id: null,
      photo_id: photo.id,
      action: approve ? 'approve_photo' : 'remove_photo',
      category,
      ground: category ? groundOf(category) : null,
      facts: note,
      suspended_until: null,
      previous_status: null,
      received_at: photo.created_at,
    });
    if (!approve) await mailNotice(ctx, q, member, d);
    await ctx.audit(q, ctx.operator, {
      action: approve ? 'moderation.photo.approve' : 'moderation.photo.reject',
      siteId: ctx.site.id,
      subjectType: 'photo',
      subjectId: photo.id,
      ...(category
        ? { reason: category, details: { member_id: member.id, decision_id: d.id, note } }
        : { details: { member_id: member.id, decision_id: d.id } }),
    });
    return presentDecision(d);
  });
}
