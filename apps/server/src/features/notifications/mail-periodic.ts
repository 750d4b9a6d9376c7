import { ownAgeRange } from '@amora/contracts';
import { isLocale, type Locale } from '@amora/i18n';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { enqueueJob, type JobQueue, jobQueue } from '../../platform/jobs.ts';
import {
  broadcastAudience,
  claimBroadcast,
  claimReminder,
  likesThisWeek,
  markWeeklyMailed,
  newFits,
  remindersDue,
  seekerAge,
  waitingFor,
  weeklyDue,
} from './mail.repo.ts';
import {
  BROADCAST_ONE_JOB,
  COUNTRY_TZ,
  INACTIVE_DAYS,
  INACTIVE_ONE_QUEUE,
  isWeeklyHour,
  mailJob,
  mailState,
  names,
  sendNotification,
  WEEKLY_ONE_QUEUE,
} from './mail-notify-base.ts';

/**
 * A pass's mails: one job per member (`{ userId, ...payload }`), never two of them waiting for the
 * same member (singleton key: `keyPrefix` + the member's id), then the queue is woken.
 */
async function queueEach<P extends { userId: string }>(
  app: FastifyInstance,
  queue: JobQueue<P>,
  members: { id: string }[],
  payload: Omit<P, 'userId'>,
  keyPrefix = '',
) {
  for (const { id } of members) {
    await enqueueJob(app.db, queue, { userId: id, ...payload } as P, { singletonKey: `${keyPrefix}${id}` });
  }
  void app.jobs.kick();
}

/** The scheduled notification mails: the weekly update, the inactivity reminder, promotions and news. */
export async function weeklyPass(app: FastifyInstance) {
  const now = new Date();
  const countries = Object.entries(COUNTRY_TZ)
    .filter(([, tz]) => isWeeklyHour(tz, now))
    .map(([c]) => c);
  const sites = app.sites
    .all()
    .filter((s) => isWeeklyHour(s.config.time_zone, now))
    .map((s) => s.id);
  if (countries.length === 0 && sites.length === 0) return;
  const due = await weeklyDue(app.db, countries, sites, Object.keys(COUNTRY_TZ));
  await queueEach(app, WEEKLY_ONE_QUEUE, due, {});
}

export async function weeklyMail(app: FastifyInstance, p: { userId: string }) {
  await mailJob(app, { userId: p.userId, type: 'weekly_updates', whileOnSite: true }, async (q, r) => {
    const state = await mailState(q, r.id);
    if (state.weekly_at && Date.now() - new Date(state.weekly_at).getTime() < 6 * 86400_000) return;
    await markWeeklyMailed(q, r.id);
    const me = await seekerAge(q, r.id);
    if (!me) return;
    const range = ownAgeRange(me.age);
    const fits = await newFits(q, {
      siteId: r.site_id,
      userId: r.id,
      genders: me.seeking === 'both' ? ['male', 'female'] : [me.seeking],
      gender: me.gender,
      minAge: range.min_age,
      maxAge: range.max_age,
    });
    const likes = await likesThisWeek(q, r.id);
    if (fits.length === 0 && likes === 0) return; // nothing to say: no mail
    await sendNotification(app, q, r, 'weekly_updates', 'notifyWeekly', '/members', {
      newMembers: fits.length,
      names: names(
        r.language,
        fits.map((f) => f.name),
      ),
      likes,
    });
  });
}

export async function remindersPass(app: FastifyInstance) {
  const due = await remindersDue(app.db, INACTIVE_DAYS);
  await queueEach(app, INACTIVE_ONE_QUEUE, due, {});
}

export async function inactiveMail(app: FastifyInstance, p: { userId: string }) {
  await mailJob(app, { userId: p.userId, type: 'reminders', whileOnSite: true }, async (q, r) => {
    await mailState(q, r.id);
    // came back, or reminded already
    if (!(await claimReminder(q, r.id, INACTIVE_DAYS))) return;
    const n = await waitingFor(q, r.id);
    await sendNotification(app, q, r, 'reminders', 'notifyReminder', '/members', {
      unread: n?.unread ?? 0,
      likes: n?.likes ?? 0,
    });
  });
}

/** A promotion or news item: the operator's texts per language (English is the fallback). */
export interface Broadcast {
  siteId: number;
  type: 'promotions' | 'news';
  /** Unique per broadcast: a member gets each one once, whatever runs twice. */
  key: string;
  texts: Partial<Record<Locale, { headline: string; body: string }>> & {
    en: { headline: string; body: string };
  };
  /** Where its button leads on the site (e.g. '/credits'). */
  path: string;
}

const broadcastText = z.object({ headline: z.string(), body: z.string() });
/** One member's copy of a broadcast. */
export const BROADCAST_ONE_QUEUE: JobQueue<{ userId: string; broadcast: Broadcast }> = jobQueue(
  BROADCAST_ONE_JOB,
  z.object({
    userId: z.string(),
    broadcast: z.object({
      siteId: z.number().int(),
      type: z.enum(['promotions', 'news']),
      key: z.string(),
      texts: z.object({ en: broadcastText }).catchall(broadcastText),
      path: z.string(),
    }),
  }),
);

/**
 * Sends a promotion or news item to the site's members who chose that type (operator console,
 * issue 17). Returns how many members it was queued for.
 */
export async function sendBroadcast(app: FastifyInstance, b: Broadcast): Promise<number> {
  const members = await broadcastAudience(app.db, b.siteId, b.type);
  await queueEach(app, BROADCAST_ONE_QUEUE, members, { broadcast: b }, `${b.key}:`);
  return members.length;
}

export async function broadcastMail(app: FastifyInstance, p: { userId: string; broadcast: Broadcast }) {
  const b = p.broadcast;
  await mailJob(app, { userId: p.userId, type: b.type, whileOnSite: true }, async (q, r) => {
    if (!(await claimBroadcast(q, r.id, b.key))) return;
    const text = (isLocale(r.language) ? b.texts[r.language] : undefined) ?? b.texts.en;
    await sendNotification(
      app,
      q,
      r,
      b.type,
      b.type === 'news' ? 'notifyNews' : 'notifyPromotion',
      b.path,
      text,
    );
  });
}
