import type { ComplaintStatus, complaintSchema } from '@amora/contracts';
import { isLocale } from '@amora/i18n';
import type { z } from 'zod';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { tFor } from '../../platform/i18n.ts';
import { isUuid } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { Site } from '../../platform/sites.ts';
import {
  type ComplaintRow,
  complaintById,
  complaintExists,
  complaintsByStatus,
  insertComplaint,
  memberName,
  reporter,
  sameWaitingComplaint,
  setComplaintStatus,
  waitingComplaints,
} from './complaints.repo.ts';

/** A complaint as the operator console shows it (moderation.presenter). */
export type Complaint = ComplaintRow;

/** The reference a reporter is given (mail, page): the id's first 8 characters. */
export const complaintReference = (id: string) => id.slice(0, 8).toUpperCase();

/**
 * Files a complaint about a member of the same site (or about the site), ready for the operator
 * console: open, with its reason category and the reporter's details as they are now (name,
 * address, language: the reporter can be answered even after changing them). The reporter gets a
 * receipt in their language, with the reason and what happens next, in the same transaction.
 * Nothing happens to the reported member: a report never restricts anyone by itself (guide).
 */
export async function fileComplaint(
  db: Db,
  site: Site,
  reporterId: string,
  input: z.infer<typeof complaintSchema>,
): Promise<string> {
  return db.tx(async (q) => {
    const reported = input.member_id ? await memberName(q, input.member_id, site.id) : null;
    if (input.member_id && reported === null) {
      throw new AppError('validation', 400, {}, { member_id: 'validation' });
    }
    const again = await sameWaitingComplaint(q, {
      siteId: site.id,
      reporterId,
      memberId: input.member_id ?? null,
      reason: input.reason,
      text: input.text,
    });
    if (again) return again;
    const me = (await reporter(q, reporterId)) ?? { email: '', language: 'en', name: '' };
    const id = await insertComplaint(q, {
      siteId: site.id,
      reporterId,
      reporter: me,
      memberId: input.member_id ?? null,
      memberName: reported,
      reason: input.reason,
      text: input.text,
    });
    if (me.email) {
      const locale = isLocale(me.language) ? me.language : 'en';
      await enqueueMail(q, {
        siteId: site.id,
        to: me.email,
        template: 'complaintReceived',
        locale,
        data: {
          name: me.name,
          reference: complaintReference(id),
          reason: tFor(locale)(`complaints.reasons.${input.reason}`),
        },
      });
    }
    return id;
  });
}

/**
 * How a complaint may move (the operator console's actions): a moderator takes an open one
 * (in_review), then resolves it (acted on) or dismisses it (no rule broken); an open one may be
 * decided at once. Decided complaints stay decided.
 */
const MOVES: Record<ComplaintStatus, readonly ComplaintStatus[]> = {
  open: [],
  in_review: ['open'],
  resolved: ['open', 'in_review'],
  dismissed: ['open', 'in_review'],
};

/** The console's queue: a site's complaints of one status, oldest first. */
export function complaintQueue(
  db: Db,
  site: Site,
  status: ComplaintStatus = 'open',
  limit = 50,
): Promise<ComplaintRow[]> {
  return complaintsByStatus(db, site.id, status, Math.min(Math.max(limit, 1), 200));
}

/** A page of the site's waiting complaints (open or in review), oldest first. */
export function waitingComplaintsPage(
  db: Db,
  site: Site,
  limit: number,
  offset: number,
): Promise<ComplaintRow[]> {
  return waitingComplaints(db, site.id, limit, offset);
}

/** One complaint of the site (the console's report page), or undefined. */
export function complaintOfSite(db: Queryable, site: Site, id: string): Promise<ComplaintRow | undefined> {
  return complaintById(db, site.id, id);
}

/**
 * Moves a complaint of this site to `to`, with the operator's statement of reasons for a decision
 * (required for resolved and dismissed). A move the rules do not allow, or a complaint of another
 * site, is refused.
 */
export async function moveComplaint(
  db: Queryable,
  site: Site,
  id: string,
  to: ComplaintStatus,
  note?: string,
): Promise<ComplaintRow> {
  if (!isUuid(id)) throw new AppError('not_found', 404);
  const decided = to === 'resolved' || to === 'dismissed';
  const statement = note?.trim() || null;
  if (decided && !statement) throw new AppError('validation', 400, {}, { note: 'validation' });
  const row = await setComplaintStatus(db, { siteId: site.id, id, from: MOVES[to], to, note: statement });
  if (!row) {
    throw (await complaintExists(db, site.id, id))
      ? new AppError('validation', 409)
      : new AppError('not_found', 404);
  }
  if (decided) await mailOutcome(db, site, row, to);
  return row;
}

/**
 * Tells a reporter how their report was decided (DSA Art. 16(5)), in the language they reported
 * in, within the deciding transaction. An automated report (the scam rules) has no address.
 */
export async function mailOutcome(
  q: Queryable,
  site: Site,
  report: { id: string; reporter_email: string; reporter_language: string; reporter_name: string },
  outcome: 'resolved' | 'dismissed',
): Promise<void> {
  if (!report.reporter_email) return;
  await enqueueMail(q, {
    siteId: site.id,
    to: report.reporter_email,
    template: 'complaintDecided',
    locale: isLocale(report.reporter_language) ? report.reporter_language : 'en',
    data: { name: report.reporter_name, reference: complaintReference(report.id), outcome },
  });
}
