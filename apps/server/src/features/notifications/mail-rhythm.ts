import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../platform/db.ts';
import { enqueueJob, enqueueJobs, queuedJob } from '../../platform/jobs.ts';
import {
  claimConversationMail,
  dropQueuedNotifications,
  markLikesMailed,
  markMessagesMailed,
  markReminded,
  reminderState,
  unmailedLikes,
  unmailedMessages,
  unreadFirstMessage,
} from './mail.repo.ts';
import {
  BROADCASTS_JOB,
  LIKES_BATCH_S,
  MESSAGES_BATCH_S,
  mailJob,
  mailState,
  NEW_CONVERSATION_DELAY_S,
  names,
  type Recipient,
  recipient,
  senderName,
  sendNotification,
  UNREAD_AFTER_S,
} from './mail-notify-base.ts';
import {
  BROADCAST_ONE_QUEUE,
  broadcastMail,
  broadcastPass,
  inactiveMail,
  remindersPass,
  weeklyMail,
  weeklyPass,
} from './mail-periodic.ts';

export {
  BROADCAST_ONE_JOB,
  BROADCASTS_JOB,
  COUNTRY_TZ,
  INACTIVE_DAYS,
  INACTIVE_ONE_JOB,
  isWeeklyHour,
  LIKES_BATCH_S,
  LIKES_JOB,
  MESSAGES_BATCH_S,
  MESSAGES_JOB,
  NEW_CONVERSATION_DELAY_S,
  NEW_CONVERSATION_JOB,
  REMINDERS_JOB,
  UNREAD_AFTER_S,
  UNREAD_JOB,
  WEEKLY_HOUR,
  WEEKLY_JOB,
  WEEKLY_ONE_JOB,
  WEEKLY_WEEKDAY,
} from './mail-notify-base.ts';

import {
  INACTIVE_ONE_QUEUE,
  LIKES_QUEUE,
  MESSAGES_QUEUE,
  NEW_CONVERSATION_QUEUE,
  REMINDERS_JOB,
  UNREAD_QUEUE,
  WEEKLY_JOB,
  WEEKLY_ONE_QUEUE,
} from './mail-notify-base.ts';

/** A mail about one conversation (a new one, or one left unread): it names the sender and opens their chat. */
function mailAboutChat(
  app: FastifyInstance,
  q: Queryable,
  r: Recipient,
  type: 'new_conversations' | 'unread_message_reminders',
  from: { sender: string; sender_id: string; fictional: boolean },
) {
  const template = type === 'new_conversations' ? 'notifyNewConversation' : 'notifyUnread';
  return sendNotification(app, q, r, type, template, `/members/${from.sender_id}/chat`, {
    sender: senderName(r.language, from.sender, from.fictional),
  });
}

/**
 * When notification mail goes out (issue 15): fewer, better-timed mails rather than nags.
 * - new_conversations: a conversation's first message, after NEW_CONVERSATION_DELAY_S, if still unread
 *   and the member is not on the site.
 * - new_messages: one summary per member at most every MESSAGES_BATCH_S (senders and count of the
 *   unread messages not mailed yet), not while the member is on the site.
 * - like: one summary per LIKES_BATCH_S of the likes not seen yet (a match says so).
 * - unread_message_reminders: a conversation unread for UNREAD_AFTER_S gets one reminder, and no
 *   other until the member has read it.
 * - weekly_updates: Monday at 9:00 in the member's country (else the site's time zone): new members
 *   who fit their search and the likes of the week; no mail when there is nothing to say.
 * - reminders: once per absence, after INACTIVE_DAYS without a visit (not after 30 days: a member
 *   that long gone is not nagged).
 * - promotions and news: sendBroadcast(), for members who chose them.
 * Nobody gets any of it who is fictional, a demo profile, not active (unconfirmed, deleting,
 * deleted) or has notifications_disabled; each template has a per-recipient daily cap
 * (MAILS_PER_RECIPIENT_DAY). Each job's mail and its bookkeeping commit together, so a job that runs
 * twice mails once.
 */
async function newConversationMail(
  app: FastifyInstance,
  p: { recipientId: string; conversationId: string; messageId: string },
) {
  await mailJob(app, { userId: p.recipientId, type: 'new_conversations' }, async (q, r) => {
    const m = await unreadFirstMessage(q, { ...p, recipientId: r.id });
    if (!m) return; // read meanwhile
    // this conversation was mailed about already
    if (!(await claimConversationMail(q, r.id, p.conversationId))) return;
    await mailAboutChat(app, q, r, 'new_conversations', m);
  });
}

async function newMessagesMail(app: FastifyInstance, p: { recipientId: string }) {
  await mailJob(app, { userId: p.recipientId, type: 'new_messages' }, async (q, r) => {
    const state = await mailState(q, r.id);
    const batch = await unmailedMessages(q, r.id, state.messages_upto);
    if (!batch?.upto || batch.count === 0) return;
    await markMessagesMailed(q, r.id, batch.upto);
    await sendNotification(app, q, r, 'new_messages', 'notifyNewMessages', '/chats', {
      count: batch.count,
      senders: names(
        r.language,
        (batch.senders ?? []).map((s) => senderName(r.language, s.name, s.fictional)),
      ),
    });
  });
}

async function likesMail(app: FastifyInstance, p: { likedId: string }) {
  await mailJob(app, { userId: p.likedId, type: 'like' }, async (q, r) => {
    const state = await mailState(q, r.id);
    const likes = await unmailedLikes(q, r.id, state.likes_upto);
    if (likes.length === 0) return;
    await markLikesMailed(q, r.id, likes[0]!.created_at);
    const matches = likes.filter((l) => l.match);
    const shown = matches.length > 0 ? matches : likes;
    await sendNotification(
      app,
      q,
      r,
      'like',
      'notifyLike',
      matches.length > 0 ? '/likes/matches' : '/likes/received',
      {
        count: likes.length,
        names: names(
          r.language,
          shown.map((l) => senderName(r.language, l.name, l.fictional)),
        ),
        match: matches.length > 0,
      },
    );
  });
}

async function unreadReminder(app: FastifyInstance, p: { recipientId: string; conversationId: string }) {
  const again = await app.db.tx(async (q): Promise<Date | null> => {
    const r = await recipient(q, p.recipientId, 'unread_message_reminders');
    if (!r) return null;
    const c = await reminderState(q, r.id, p.conversationId);
    if (!c?.oldest_at || !c.newest) return null; // all read
    // Once until read: a reminder covered messages up to reminded_upto, which are still unread.
    if (c.reminded_upto !== null && BigInt(c.reminded_upto) > BigInt(c.last_read)) return null;
    const due = new Date(new Date(c.oldest_at).getTime() + UNREAD_AFTER_S * 1000);
    if (due.getTime() > Date.now()) return due; // read meanwhile, newer ones unread: later
    if (r.active) return null; // on the site now: the unread badge says it
    await markReminded(q, r.id, p.conversationId, c.newest);
    await mailAboutChat(app, q, r, 'unread_message_reminders', c);
    return null;
  });
  if (again) {
    await enqueueJob(app.db, UNREAD_QUEUE, p, {
      runAt: again,
      singletonKey: `${p.conversationId}:${p.recipientId}`,
    });
  }
  void app.jobs.kick();
}

/** Listens to member events and defines the notification mail jobs and their schedules. */
export function registerMailRhythm(app: FastifyInstance): void {
  app.notify.on('message', async (e) => {
    if (e.kind === 'system') return;
    const key = `${e.conversationId}:${e.recipientId}`;
    // Both in one statement: a chat message is the most frequent event there is.
    await enqueueJobs(app.db, [
      e.first
        ? queuedJob(
            NEW_CONVERSATION_QUEUE,
            { recipientId: e.recipientId, conversationId: e.conversationId, messageId: e.messageId },
            { delayS: NEW_CONVERSATION_DELAY_S, singletonKey: key },
          )
        : queuedJob(
            MESSAGES_QUEUE,
            { recipientId: e.recipientId },
            { delayS: MESSAGES_BATCH_S, singletonKey: e.recipientId },
          ),
      queuedJob(
        UNREAD_QUEUE,
        { recipientId: e.recipientId, conversationId: e.conversationId },
        { delayS: UNREAD_AFTER_S, singletonKey: key },
      ),
    ]);
  });
  app.notify.on('like', async (e) => {
    await enqueueJob(
      app.db,
      LIKES_QUEUE,
      { likedId: e.likedId },
      { delayS: LIKES_BATCH_S, singletonKey: e.likedId },
    );
  });
  app.jobs.define(NEW_CONVERSATION_QUEUE, (p) => newConversationMail(app, p));
  app.jobs.define(MESSAGES_QUEUE, (p) => newMessagesMail(app, p));
  app.jobs.define(LIKES_QUEUE, (p) => likesMail(app, p));
  app.jobs.define(UNREAD_QUEUE, (p) => unreadReminder(app, p));
  app.jobs.define(WEEKLY_JOB, () => weeklyPass(app));
  app.jobs.define(WEEKLY_ONE_QUEUE, (p) => weeklyMail(app, p));
  app.jobs.define(REMINDERS_JOB, () => remindersPass(app));
  app.jobs.define(INACTIVE_ONE_QUEUE, (p) => inactiveMail(app, p));
  app.jobs.define(BROADCAST_ONE_QUEUE, (p) => broadcastMail(app, p));
  app.jobs.define(BROADCASTS_JOB, () => broadcastPass(app), { concurrency: 1 });
  app.jobs.schedule(BROADCASTS_JOB, '* * * * *');
  app.jobs.schedule(WEEKLY_JOB, '2 * * * *');
  app.jobs.schedule(REMINDERS_JOB, '32 * * * *');
}

/** A member's deletion: notification mail still waiting to go out is dropped (in the deletion's transaction). */
export async function dropQueuedNotificationMail(q: Queryable, email: string): Promise<void> {
  await dropQueuedNotifications(q, email);
}
