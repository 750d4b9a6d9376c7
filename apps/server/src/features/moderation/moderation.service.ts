import { RESTRICTIONS } from '@amora/contracts';
import { isLocale, type Locale } from '@amora/i18n';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { AuditEntryInput } from '../../platform/audit.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { tFor } from '../../platform/i18n.ts';
import { isUuid } from '../../platform/ids.ts';
import { jobQueue } from '../../platform/jobs.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { MailData, MailTemplate } from '../../platform/mail/templates.ts';
import { sign } from '../../platform/secrets.ts';
import type { Site } from '../../platform/sites.ts';
import { safeEqual } from '../../platform/tokens.ts';
import type { DecisionRow, MemberFacts } from './moderation.repo.ts';

/**
 * What moderation's services share: the console's context, the signed notice links and the mails
 * to the member. The services: photo-review (the photo queue), reports (report decisions), appeals,
 * notices (the member's side, suspensions that end) and transparency (the figures).
 */

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
/** A suspension's end (its decision), or the hourly sweep (no payload): both lift every due suspension. */
export const LIFT_QUEUE = jobQueue(LIFT_JOB, z.object({ decisionId: z.uuid().optional() }));

// --- notice tokens --------------------------------------------------------------------------

let noticeKeyRef: Buffer | undefined;
/** Sets the key notice links are signed with (the server's, from the database); done at start. */
export function useNoticeKey(key: Buffer): void {
  noticeKeyRef = key;
}

/** The key notice links are signed with (set at start by useNoticeKey). */
export function noticeKey(): Buffer {
  if (!noticeKeyRef) throw new Error('notice key not set (useNoticeKey at start)');
  return noticeKeyRef;
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

/** The page of a decision's notice, for a mail. */
const noticeLink = (ctx: ModerationCtx, decisionId: string) =>
  `${ctx.origin}/notice/${noticeToken(ctx.noticeKey, decisionId)}`;

// --- decisions and mails ----------------------------------------------------------------------

/** Whether a decision restricts its member (those have a notice, and may be appealed). */
export const restricts = (d: DecisionRow) => (RESTRICTIONS as readonly string[]).includes(d.action);

/** Who a console decision is about and who made it (the first fields of its row). */
export function decidedBy(ctx: ModerationCtx, member: MemberFacts | null) {
  return {
    site_id: ctx.site.id,
    member_id: member?.id ?? null,
    member_language: member?.language ?? 'en',
    decided_by: ctx.operator.id,
    decided_by_name: ctx.operator.name,
  };
}

const localeOf = (l: string): Locale => (isLocale(l) ? l : 'en');

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

/**
 * The statement of reasons mailed to the member, in their language: what was restricted, why
 * (category), on which ground, the facts, that no automated means decided, and how to appeal.
 */
export async function mailNotice(
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
    link: noticeLink(ctx, d.id),
  }));
}

/** The outcome of the member's appeal against decision `d`, mailed in their language. */
export async function mailAppealOutcome(
  ctx: ModerationCtx,
  q: Queryable,
  member: MemberFacts,
  d: DecisionRow,
  status: 'upheld' | 'reversed',
  note: string,
): Promise<void> {
  await mailMember(ctx, q, member, 'moderationAppealDecided', (t) => ({
    name: member.name,
    what: t(`moderation.actions.${d.action}`),
    outcome: t(`moderation.appealOutcome.${status}`),
    note,
    link: noticeLink(ctx, d.id),
  }));
}
