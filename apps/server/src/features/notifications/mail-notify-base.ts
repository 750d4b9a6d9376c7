import type { MailType } from '@amora/contracts';
import { isLocale } from '@amora/i18n';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { jobQueue } from '../../platform/jobs.ts';
import { mailCatalogs } from '../../platform/mail/catalogs.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { MailData, MailTemplate, NotifyBase } from '../../platform/mail/templates.ts';
import { siteOrigin } from '../sites/site-origin.ts';
import { lockMailState, mailableMember, type RecipientRow } from './mail.repo.ts';
import { effectivePrefs } from './mail-prefs.service.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

/** What every notification mail shares: timings, who may be mailed, the recipient, the queueing. */
export const NEW_CONVERSATION_DELAY_S = 120;
export const MESSAGES_BATCH_S = 10 * 60;
export const LIKES_BATCH_S = 15 * 60;
export const UNREAD_AFTER_S = 24 * 3600;
export const INACTIVE_DAYS = 7;
export const WEEKLY_WEEKDAY = 1; // Monday
export const WEEKLY_HOUR = 9;

/** Time zones of the countries members come from; others use their site's time zone. */
export const COUNTRY_TZ: Record<string, string> = {
  NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels',
  LU: 'Europe/Luxembourg',
  DE: 'Europe/Berlin',
  AT: 'Europe/Vienna',
  CH: 'Europe/Zurich',
  FR: 'Europe/Paris',
  ES: 'Europe/Madrid',
  PT: 'Europe/Lisbon',
  IT: 'Europe/Rome',
  PL: 'Europe/Warsaw',
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  DK: 'Europe/Copenhagen',
  SE: 'Europe/Stockholm',
  NO: 'Europe/Oslo',
  FI: 'Europe/Helsinki',
  CZ: 'Europe/Prague',
  SK: 'Europe/Bratislava',
  HU: 'Europe/Budapest',
  SI: 'Europe/Ljubljana',
  HR: 'Europe/Zagreb',
  RO: 'Europe/Bucharest',
  BG: 'Europe/Sofia',
  GR: 'Europe/Athens',
  US: 'America/Chicago',
  CA: 'America/Toronto',
  MX: 'America/Mexico_City',
  AR: 'America/Argentina/Buenos_Aires',
  CL: 'America/Santiago',
  CO: 'America/Bogota',
  AU: 'Australia/Sydney',
};

/** True when it is the weekly mail's hour on its weekday in this time zone. */
export function isWeeklyHour(tz: string, now: Date): boolean {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(
    parts.find((p) => p.type === 'weekday')?.value ?? '',
  );
  return weekday === WEEKLY_WEEKDAY && Number(parts.find((p) => p.type === 'hour')?.value) === WEEKLY_HOUR;
}

export type Recipient = RecipientRow;

/** The member, when they may be mailed this type (stored choice, else the default). */
export async function recipient(q: Queryable, userId: string, type: MailType): Promise<Recipient | null> {
  const r = await mailableMember(q, userId);
  return r && effectivePrefs(r.mail_prefs)[type] ? r : null;
}

/**
 * A notification mail job's frame: one transaction with the recipient, when they may be mailed
 * this type (and, unless `whileOnSite`, are not on the site now, where the badges say it), and the
 * job's `work`; afterwards the queue is woken for the mail it queued.
 */
export async function mailJob(
  app: FastifyInstance,
  { userId, type, whileOnSite = false }: { userId: string; type: MailType; whileOnSite?: boolean },
  work: (q: Queryable, r: Recipient) => Promise<unknown>,
): Promise<void> {
  await app.db.tx(async (q) => {
    const r = await recipient(q, userId, type);
    if (!r || (r.active && !whileOnSite)) return;
    await work(q, r);
  });
  void app.jobs.kick();
}

/** The member's mail bookkeeping row, locked for this job's transaction. */
export const mailState = lockMailState;

/** A sender's name in a mail; a fictional chat partner's says so in words ("Anna (fictional profile)"). */
export const senderName = (locale: string, name: string, fictional: boolean) =>
  fictional
    ? mailCatalogs[isLocale(locale) ? locale : 'en'].layout.fictionalName.replace('{{name}}', name)
    : name;

export const names = (locale: string, list: string[]) =>
  new Intl.ListFormat(isLocale(locale) ? locale : 'en', { type: 'conjunction' }).format(list.slice(0, 3));

export type Extra<T extends MailTemplate> = Omit<MailData[T], keyof NotifyBase>;

/**
 * Queues one notification mail with its unsubscribe links (signed for this member and type, and
 * the mailing it belongs to, if any: an unsubscribe is then counted for it). Answers the outbox
 * row's id, or null when the member's daily allowance of the kind is used up.
 */
export async function sendNotification<T extends MailTemplate>(
  app: FastifyInstance,
  q: Queryable,
  r: Recipient,
  type: MailType,
  template: T,
  path: string,
  extra: Extra<T>,
  broadcastId?: number,
): Promise<number | null> {
  const site = await app.sites.byIdOrThrow(r.site_id);
  const origin = siteOrigin(site, app.config);
  const token = encodeURIComponent(unsubscribeToken(app.secrets.unsubscribe, r.id, type, broadcastId));
  const data = {
    name: r.name,
    link: `${origin}${path}`,
    unsubscribe: {
      type,
      page: `${origin}/unsubscribe?token=${token}`,
      oneClick: `${origin}/api/mail/unsubscribe?token=${token}`,
      settings: `${origin}/notifications`,
    },
    ...extra,
  } as unknown as MailData[T];
  return enqueueMail(q, { siteId: r.site_id, to: r.email, template, locale: r.language, data });
}

/** The notification mail jobs. */
export const NEW_CONVERSATION_JOB = 'mail.notify.new-conversation';
export const MESSAGES_JOB = 'mail.notify.messages';
export const LIKES_JOB = 'mail.notify.likes';
export const UNREAD_JOB = 'mail.notify.unread';
export const WEEKLY_JOB = 'mail.notify.weekly';
export const WEEKLY_ONE_JOB = 'mail.notify.weekly-one';
export const REMINDERS_JOB = 'mail.notify.reminders';
export const INACTIVE_ONE_JOB = 'mail.notify.inactive-one';
export const BROADCAST_ONE_JOB = 'mail.notify.broadcast-one';
/** The mailings' pace (mail-periodic broadcastPass). */
export const BROADCASTS_JOB = 'mail.broadcasts';
/** The template of a mailing's copies, whose daily allowance they share (platform/mail/outbox.ts). */
export const broadcastTemplate = (type: 'promotions' | 'news') =>
  type === 'news' ? ('notifyNews' as const) : ('notifyPromotion' as const);

/** Their payloads (the passes, WEEKLY_JOB and REMINDERS_JOB, take none; BROADCAST_ONE_QUEUE is in mail-periodic.ts). */
export const NEW_CONVERSATION_QUEUE = jobQueue(
  NEW_CONVERSATION_JOB,
  z.object({ recipientId: z.string(), conversationId: z.string(), messageId: z.string() }),
);
export const MESSAGES_QUEUE = jobQueue(MESSAGES_JOB, z.object({ recipientId: z.string() }));
export const LIKES_QUEUE = jobQueue(LIKES_JOB, z.object({ likedId: z.string() }));
export const UNREAD_QUEUE = jobQueue(
  UNREAD_JOB,
  z.object({ recipientId: z.string(), conversationId: z.string() }),
);
export const WEEKLY_ONE_QUEUE = jobQueue(WEEKLY_ONE_JOB, z.object({ userId: z.string() }));
export const INACTIVE_ONE_QUEUE = jobQueue(INACTIVE_ONE_JOB, z.object({ userId: z.string() }));
