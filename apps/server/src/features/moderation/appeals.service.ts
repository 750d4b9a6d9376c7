import { type AppealItem, type AppealQueue, CONSOLE_QUEUE_PAGE, type Notice } from '@amora/contracts';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError, found } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Site } from '../../platform/sites.ts';
import { appealable, iso, presentDecision } from './moderation.presenter.ts';
import {
  type AppealRow,
  appealForUpdate,
  appealsByStatus,
  closeAppeal,
  type DecisionRow,
  decisionById,
  insertAppeal,
  memberFacts,
  openAppealCount,
  setAccountStatus,
  setDecisionState,
  setProfileStatus,
} from './moderation.repo.ts';
import { type ModerationCtx, mailAppealOutcome, readNoticeToken, restricts } from './moderation.service.ts';
import { notice } from './notices.service.ts';
import { restorePhotoRow } from './photo-review.repo.ts';

/** Open appeals of the site, oldest first, a page at a time; `can_decide` is false for the moderator who decided. */
export async function appealQueue(db: Db, site: Site, operatorId: string, page = 1): Promise<AppealQueue> {
  const rows = await appealsByStatus(
    db,
    site.id,
    'open',
    CONSOLE_QUEUE_PAGE + 1,
    (page - 1) * CONSOLE_QUEUE_PAGE,
  );
  const total = await openAppealCount(db, site.id);
  const out: AppealItem[] = [];
  for (const a of rows.slice(0, CONSOLE_QUEUE_PAGE)) {
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
  return { appeals: out, page, has_more: rows.length > CONSOLE_QUEUE_PAGE, total };
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
    if (!d || !restricts(d) || d.site_id !== site.id) throw new AppError('not_found', 404);
    if (!appealable(d)) throw new AppError('moderation_appeal_closed', 409);
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
    const a = found(await appealForUpdate(q, ctx.site.id, appealId));
    if (a.status !== 'open') throw new AppError('moderation_already_decided', 409);
    const d = (await decisionById(q, a.decision_id, true))!;
    if (d.decided_by === ctx.operator.id) throw new AppError('moderation_same_moderator', 403);
    const status = input.outcome === 'reverse' ? 'reversed' : 'upheld';
    if (status === 'reversed' && d.state === 'in_force' && d.member_id) await reverse(q, d);
    await closeAppeal(q, { id: a.id, status, by: ctx.operator.id, note: input.note });
    const member = d.member_id ? await memberFacts(q, ctx.site.id, d.member_id) : null;
    if (member) await mailAppealOutcome(ctx, q, member, d, status, input.note);
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
