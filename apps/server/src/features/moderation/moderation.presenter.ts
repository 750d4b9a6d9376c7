import { APPEAL_MONTHS, type DecisionView, type Notice, type ReportItem } from '@amora/contracts';
import { variantKey } from '../../platform/images.ts';
import { mediaUrl } from '../../platform/storage.ts';
import type { Complaint } from '../complaints/complaints.service.ts';
import type { AppealRow, DecisionRow } from './moderation.repo.ts';

/** What the console and the member's notices show of decisions, reports and appeals. */

export const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The last moment the member may appeal a decision (APPEAL_MONTHS after it). */
function appealUntil(decidedAt: Date): Date {
  const d = new Date(decidedAt);
  d.setUTCMonth(d.getUTCMonth() + APPEAL_MONTHS);
  return d;
}

/** Whether a decision may still be appealed: in force, and its appeal window not yet over. */
export const appealable = (d: DecisionRow) =>
  d.state === 'in_force' && appealUntil(d.decided_at).getTime() >= Date.now();

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

/** A report of the queue, with how many restrictions of the reported member stand (`counts`). */
export function presentReport(c: Complaint, counts: Map<string, number>): ReportItem {
  return {
    id: c.id,
    status: c.status,
    reason: c.reason,
    text: c.text,
    reporter_name: c.reporter_name,
    rule: c.rule ?? null,
    member_id: c.member_id,
    member_name: c.member_name,
    created_at: iso(c.created_at)!,
    upheld: c.member_id ? (counts.get(c.member_id) ?? 0) : 0,
  };
}

/** A notice (statement of reasons) as its member sees it, behind the link `token`. */
export function presentNotice(
  d: DecisionRow,
  token: string,
  appeal: AppealRow | null,
  photoKey: string | null,
  cdn: string,
): Notice {
  return {
    ...presentDecision(d),
    token,
    photo_thumb: photoKey ? mediaUrl(cdn, variantKey(photoKey, 't')) : null,
    appeal: appeal ? { status: appeal.status, created_at: iso(appeal.created_at)!, note: appeal.note } : null,
    can_appeal: !appeal && appealable(d),
  };
}
