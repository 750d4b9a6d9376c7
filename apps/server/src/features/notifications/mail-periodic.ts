import { ownAgeRange } from '@amora/contracts';
import { isLocale } from '@amora/i18n';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { enqueueJob, type JobQueue, jobQueue } from '../../platform/jobs.ts';
import { broadcastForMail, lockPace, nextBatchAt, noteBatch, startDueBroadcasts } from './broadcasts.repo.ts';
import {
  broadcastAudienceAfter,
  claimBroadcast,
  claimReminder,
  likesThisWeek,
  markWeeklyMailed,
  newFits,
  noteBroadcastMail,
  remindersDue,
  seekerAge,
  waitingFor,
  weeklyDue,
} from './mail.repo.ts';
import {
  BROADCAST_ONE_JOB,
  BROADCASTS_JOB,
  broadcastTemplate,
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

/**
 * One member's copy of a mailing (broadcasts.service): the member and the mailing, whose texts the
 * job reads when it runs. Version 1 carried the texts in every job; no release ever queued one, and
 * without an upgrade such a job goes dead with its reason.
 */
export const BROADCAST_ONE_QUEUE = jobQueue(
  BROADCAST_ONE_JOB,
  z.object({ userId: z.string(), broadcastId: z.number().int() }),
  { version: 2 },
);

/**
 * The mailings' pace (issue 26 item 13), run every minute, when a mailing's time comes, and when
 * its next batch may go: scheduled mailings whose time has come start sending; each sending one
 * queues its next members (by id, after the last queued), one batch a minute, all batches of a
 * minute together at most `broadcastsPerMinute` (BROADCAST_MAILS_PER_MINUTE). One transaction
 * locks what it reads, so passes that run at once never spend the same minute twice; a member
 * queued twice still gets one mail (broadcastMail claims the copy). A mailing is sent once nobody
 * is left to queue.
 */
export async function broadcastPass(app: FastifyInstance): Promise<void> {
  const perMinute = app.config.broadcastsPerMinute;
  await app.db.tx(async (q) => {
    await startDueBroadcasts(q);
    const pace = await lockPace(q);
    let left = perMinute - pace.filter((b) => !b.due).reduce((n, b) => n + b.last_batch_size, 0);
    for (const b of pace) {
      if (!b.due || left <= 0) continue;
      const members = await broadcastAudienceAfter(q, {
        siteId: b.site_id,
        type: b.type as 'promotions' | 'news',
        after: b.queued_upto,
        limit: left,
      });
      for (const m of members) {
        await enqueueJob(
          q,
          BROADCAST_ONE_QUEUE,
          { userId: m.id, broadcastId: b.id },
          { singletonKey: `${b.id}:${m.id}` },
        );
      }
      const upto = members.at(-1)?.id ?? b.queued_upto;
      await noteBatch(q, { id: b.id, upto, size: members.length, done: members.length < left });
      left -= members.length;
    }
    const next = await nextBatchAt(q);
    if (next) await enqueueJob(q, BROADCASTS_JOB, {}, { runAt: next, singletonKey: 'next' });
  });
  void app.jobs.kick();
}

/** A member's copy of a mailing, in their language (else English), with its own unsubscribe link. */
export async function broadcastMail(app: FastifyInstance, p: { userId: string; broadcastId: number }) {
  const b = await broadcastForMail(app.db, p.broadcastId);
  if (!b || b.status === 'cancelled' || b.status === 'draft') return;
  await mailJob(app, { userId: p.userId, type: b.type, whileOnSite: true }, async (q, r) => {
    if (r.site_id !== b.site_id || !(await claimBroadcast(q, r.id, b.id))) return;
    const text = (isLocale(r.language) ? b.texts[r.language] : undefined) ?? b.texts.en;
    const template = broadcastTemplate(b.type);
    const mailId = await sendNotification(app, q, r, b.type, template, b.path, text, b.id);
    if (mailId !== null) await noteBroadcastMail(q, r.id, b.id, mailId);
  });
}
