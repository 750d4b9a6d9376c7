import { MAIL_DEFAULTS, type MailType } from '@amora/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { rowOf, rowsOf, run, type Sql, sql, sqlText } from '../../platform/sql.ts';
import { emailKeySql } from '../../platform/tokens.ts';
import { activeSql } from './presence.ts';

/** Every statement of the notification mail jobs (mail-notify-base, mail-rhythm, mail-periodic). */

/** SQL (users alias) for "may get notification mail at all". */
const mailable = (u: string) =>
  sqlText(
    `${u}.status = 'active' AND NOT ${u}.fictional AND NOT ${u}.is_demo AND cardinality(${u}.notifications_disabled) = 0`,
  );
/** SQL (users alias) for "has this type on" (stored choice, else the default). */
const wants = (u: string, type: MailType) =>
  sqlText(`COALESCE((${u}.mail_prefs->>'${type}')::boolean, ${MAIL_DEFAULTS[type]})`);

const idRow = z.object({ id: z.string() });
const oneRow = z.object({});
const fictionalName = z.object({ name: z.string(), fictional: z.boolean() });

const recipientRow = z.object({
  id: z.string(),
  site_id: z.number(),
  email: z.string(),
  language: z.string(),
  mail_prefs: z.record(z.string(), z.boolean()),
  name: z.string(),
  active: z.boolean(),
});
export type RecipientRow = z.output<typeof recipientRow>;

/** The member, when they may get notification mail at all, with whether they are on the site now. */
export const mailableMember = (q: Queryable, userId: string) =>
  rowOf(
    q,
    recipientRow,
    sql`SELECT u.id, u.site_id, u.email, u.language, u.mail_prefs, p.name,
               COALESCE(${sqlText(activeSql('u'))}, false) AS active
          FROM users u JOIN profiles p ON p.user_id = u.id
         WHERE u.id = ${userId} AND ${mailable('u')}`,
  );

/** The member's mail bookkeeping row (made when missing), locked for the job's transaction. */
export async function lockMailState(q: Queryable, userId: string) {
  await run(
    q,
    sql`INSERT INTO member_mail_state (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING`,
  );
  const row = await rowOf(
    q,
    z.object({
      messages_upto: z.string(),
      // as text: '-infinity' (nothing mailed yet) is no Date
      likes_upto: z.string(),
      weekly_at: z.date().nullable(),
    }),
    sql`SELECT messages_upto::text, likes_upto::text, weekly_at FROM member_mail_state WHERE user_id = ${userId} FOR UPDATE`,
  );
  return row!;
}

const setMailState = (q: Queryable, userId: string, set: Sql) =>
  run(q, sql`UPDATE member_mail_state SET ${set} WHERE user_id = ${userId}`);

export const markMessagesMailed = (q: Queryable, userId: string, upto: string) =>
  setMailState(q, userId, sql`messages_upto = ${upto}::bigint`);
export const markLikesMailed = (q: Queryable, userId: string, upto: Date) =>
  setMailState(q, userId, sql`likes_upto = ${upto}`);
export const markWeeklyMailed = (q: Queryable, userId: string) =>
  setMailState(q, userId, sql`weekly_at = now()`);

const chatSender = z.object({ sender: z.string(), sender_id: z.string(), fictional: z.boolean() });

/** A conversation's first message and its sender, while the recipient has not read it. */
export const unreadFirstMessage = (
  q: Queryable,
  p: { recipientId: string; conversationId: string; messageId: string },
) =>
  rowOf(
    q,
    chatSender,
    sql`SELECT sp.name AS sender, m.sender_id, su.fictional
          FROM messages m JOIN profiles sp ON sp.user_id = m.sender_id JOIN users su ON su.id = m.sender_id
          LEFT JOIN conversation_state cs ON cs.conversation_id = m.conversation_id AND cs.user_id = ${p.recipientId}
         WHERE m.id = ${p.messageId} AND m.conversation_id = ${p.conversationId}
           AND m.id > COALESCE(cs.last_read_id, 0)`,
  );

/** Notes that the conversation was mailed about; false when it was already. */
export async function claimConversationMail(q: Queryable, userId: string, conversationId: string) {
  const rows = await rowsOf(
    q,
    oneRow,
    sql`INSERT INTO unread_reminders (user_id, conversation_id, upto_id, sent_at)
        VALUES (${userId}, ${conversationId}, 0, '-infinity')
        ON CONFLICT DO NOTHING RETURNING 1`,
  );
  return rows.length > 0;
}

/** The member's unread messages not mailed yet (past each conversation's first): count, newest, senders. */
export const unmailedMessages = (q: Queryable, userId: string, after: string) =>
  rowOf(
    q,
    z.object({ count: z.number(), upto: z.string().nullable(), senders: z.array(fictionalName).nullable() }),
    sql`SELECT count(*)::int AS count, max(m.id)::text AS upto,
               array_agg(DISTINCT jsonb_build_object('name', sp.name, 'fictional', su.fictional)) AS senders
          FROM conversations c
          JOIN messages m ON m.conversation_id = c.id
          JOIN profiles sp ON sp.user_id = m.sender_id JOIN users su ON su.id = m.sender_id
          LEFT JOIN conversation_state cs ON cs.conversation_id = c.id AND cs.user_id = ${userId}
         WHERE (c.member_a = ${userId} OR c.member_b = ${userId}) AND m.sender_id <> ${userId}
           AND m.kind <> 'system'
           AND m.id > COALESCE(cs.last_read_id, 0) AND m.id > ${after}::bigint
           AND m.id > (SELECT min(f.id) FROM messages f WHERE f.conversation_id = c.id)`,
  );

/** Likes the member has not seen, newer than `after`, newest first (50), each saying whether it matches. */
export const unmailedLikes = (q: Queryable, userId: string, after: string) =>
  rowsOf(
    q,
    fictionalName.extend({ created_at: z.date(), match: z.boolean() }),
    sql`SELECT lp.name, lu.fictional, l.created_at,
               EXISTS (SELECT 1 FROM likes b WHERE b.liker_id = ${userId} AND b.liked_id = l.liker_id) AS match
          FROM likes l JOIN profiles lp ON lp.user_id = l.liker_id JOIN users lu ON lu.id = l.liker_id
         WHERE l.liked_id = ${userId} AND l.created_at > ${after}::timestamptz AND NOT l.seen
           AND lu.status IN ('active', 'not_confirmed')
         ORDER BY l.created_at DESC LIMIT 50`,
  );

/** A conversation of the member's as the unread reminder sees it: oldest unread, newest, last read, reminded. */
export const reminderState = (q: Queryable, userId: string, conversationId: string) =>
  rowOf(
    q,
    chatSender.extend({
      oldest_at: z.date().nullable(),
      newest: z.string().nullable(),
      last_read: z.string(),
      reminded_upto: z.string().nullable(),
    }),
    sql`SELECT (SELECT min(m.created_at) FROM messages m WHERE m.conversation_id = c.id AND m.sender_id <> ${userId}
                  AND m.kind <> 'system' AND m.id > COALESCE(cs.last_read_id, 0)) AS oldest_at,
               (SELECT max(m.id)::text FROM messages m WHERE m.conversation_id = c.id AND m.sender_id <> ${userId}
                  AND m.kind <> 'system') AS newest,
               COALESCE(cs.last_read_id, 0)::text AS last_read, ur.upto_id::text AS reminded_upto,
               pp.name AS sender, pp.user_id AS sender_id, pu.fictional
          FROM conversations c
          JOIN profiles pp ON pp.user_id = CASE WHEN c.member_a = ${userId} THEN c.member_b ELSE c.member_a END
          JOIN users pu ON pu.id = pp.user_id
          LEFT JOIN conversation_state cs ON cs.conversation_id = c.id AND cs.user_id = ${userId}
          LEFT JOIN unread_reminders ur ON ur.conversation_id = c.id AND ur.user_id = ${userId}
         WHERE c.id = ${conversationId} AND (c.member_a = ${userId} OR c.member_b = ${userId})`,
  );

/** Notes a reminder sent for the conversation's messages up to `upto`. */
export const markReminded = (q: Queryable, userId: string, conversationId: string, upto: string) =>
  run(
    q,
    sql`INSERT INTO unread_reminders (user_id, conversation_id, upto_id) VALUES (${userId}, ${conversationId}, ${upto}::bigint)
        ON CONFLICT (user_id, conversation_id) DO UPDATE SET upto_id = EXCLUDED.upto_id, sent_at = now()`,
  );

/** Notification mail of the member's still waiting to go out is dropped. */
export const dropQueuedNotifications = (q: Queryable, email: string) =>
  run(
    q,
    sql`DELETE FROM outbox_emails WHERE status = 'pending' AND to_address = ${email} AND template LIKE 'notify%'`,
  );

/**
 * Members due their weekly update: it is the hour in their country (`countries`), or on their
 * site (`sites`) for members of a country not in `known`; none mailed in the last 6 days.
 */
export const weeklyDue = (q: Queryable, countries: string[], sites: number[], known: string[]) =>
  rowsOf(
    q,
    idRow,
    sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
         WHERE ${mailable('u')} AND ${wants('u', 'weekly_updates')}
           AND (p.country = ANY(${countries}::text[])
                OR (u.site_id = ANY(${sites}::int[]) AND NOT (p.country = ANY(${known}::text[]))))
           AND NOT EXISTS (SELECT 1 FROM member_mail_state s
                            WHERE s.user_id = u.id AND s.weekly_at > now() - interval '6 days')`,
  );

/** The member's gender, whom they seek and age. */
export const seekerAge = (q: Queryable, userId: string) =>
  rowOf(
    q,
    z.object({ gender: z.string(), seeking: z.string(), age: z.number() }),
    sql`SELECT gender, seeking, date_part('year', age(birth_date))::int AS age FROM profiles WHERE user_id = ${userId}`,
  );

/** Names of the week's new members of the site who fit (newest first, 100), blocks either way left out. */
export const newFits = (
  q: Queryable,
  f: { siteId: number; userId: string; genders: string[]; gender: string; minAge: number; maxAge: number },
) =>
  rowsOf(
    q,
    z.object({ name: z.string() }),
    sql`SELECT p.name FROM profiles p JOIN users u ON u.id = p.user_id
         WHERE p.site_id = ${f.siteId} AND p.user_id <> ${f.userId} AND p.searchable
           AND u.signup_date > now() - interval '7 days'
           AND p.gender = ANY(${f.genders}::text[]) AND p.seeking IN (${f.gender}, 'both')
           AND date_part('year', age(p.birth_date)) BETWEEN ${f.minAge} AND ${f.maxAge}
           AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${f.userId} AND b.blocked_id = p.user_id)
                                                    OR (b.blocker_id = p.user_id AND b.blocked_id = ${f.userId}))
         ORDER BY u.signup_date DESC LIMIT 100`,
  );

/** Likes the member got in the last 7 days. */
export async function likesThisWeek(q: Queryable, userId: string): Promise<number> {
  const row = await rowOf(
    q,
    z.object({ n: z.number() }),
    sql`SELECT count(*)::int AS n FROM likes WHERE liked_id = ${userId} AND created_at > now() - interval '7 days'`,
  );
  return row?.n ?? 0;
}

/** Members away `days` days (not 30) and not reminded since their last visit (1,000 at a time). */
export const remindersDue = (q: Queryable, days: number) =>
  rowsOf(
    q,
    idRow,
    sql`SELECT u.id FROM users u LEFT JOIN member_mail_state s ON s.user_id = u.id
         WHERE ${mailable('u')} AND ${wants('u', 'reminders')}
           AND u.last_active_at < now() - make_interval(days => ${days})
           AND u.last_active_at > now() - interval '30 days'
           AND (s.inactive_reminded_at IS NULL OR s.inactive_reminded_at < u.last_active_at)
         LIMIT 1000`,
  );

/** Notes the reminder of this absence; false when the member came back or was reminded already. */
export async function claimReminder(q: Queryable, userId: string, days: number) {
  const rows = await rowsOf(
    q,
    oneRow,
    sql`UPDATE member_mail_state s SET inactive_reminded_at = now() FROM users u
         WHERE s.user_id = ${userId} AND u.id = s.user_id
           AND u.last_active_at < now() - make_interval(days => ${days})
           AND (s.inactive_reminded_at IS NULL OR s.inactive_reminded_at < u.last_active_at) RETURNING 1`,
  );
  return rows.length > 0;
}

/** The member's unread messages and unseen likes. */
export const waitingFor = (q: Queryable, userId: string) =>
  rowOf(
    q,
    z.object({ unread: z.number(), likes: z.number() }),
    sql`SELECT (SELECT count(*)::int FROM messages m JOIN conversations c ON c.id = m.conversation_id
                  LEFT JOIN conversation_state cs ON cs.conversation_id = c.id AND cs.user_id = ${userId}
                 WHERE (c.member_a = ${userId} OR c.member_b = ${userId}) AND m.sender_id <> ${userId}
                   AND m.kind <> 'system' AND m.id > COALESCE(cs.last_read_id, 0)) AS unread,
               (SELECT count(*)::int FROM likes WHERE liked_id = ${userId} AND NOT seen) AS likes`,
  );

/** SQL (users alias u): the site's members who may get this broadcast type now (opted in, mailable). */
const audienceOf = (siteId: number, type: 'promotions' | 'news') =>
  sql`u.site_id = ${siteId} AND ${mailable('u')} AND ${wants('u', type)}`;

/** How many of the site's members may get this broadcast type now. */
export async function broadcastAudienceCount(q: Queryable, siteId: number, type: 'promotions' | 'news') {
  const row = await rowOf(
    q,
    z.object({ n: z.number() }),
    sql`SELECT count(*)::int AS n FROM users u WHERE ${audienceOf(siteId, type)}`,
  );
  return row?.n ?? 0;
}

/**
 * The audience, and how many of it had a mail of the type's template today (`mail_quota`, as
 * enqueueMail counts it): one a day each, so a mailing sent now leaves them out. One scan for both.
 */
export async function broadcastAudienceToday(
  q: Queryable,
  siteId: number,
  type: 'promotions' | 'news',
  template: string,
): Promise<{ audience: number; mailed_today: number }> {
  const row = await rowOf(
    q,
    z.object({ audience: z.number(), mailed_today: z.number() }),
    sql`SELECT count(*)::int AS audience,
               count(*) FILTER (WHERE EXISTS (
                 SELECT 1 FROM mail_quota m
                  WHERE m.recipient_hash = ${sqlText(emailKeySql('u.email'))}
                    AND m.template = ${template} AND m.day = current_date))::int AS mailed_today
          FROM users u WHERE ${audienceOf(siteId, type)}`,
  );
  return row ?? { audience: 0, mailed_today: 0 };
}

/** The next `limit` of the site's members who may get this broadcast type, by id after `after`. */
export const broadcastAudienceAfter = (
  q: Queryable,
  f: { siteId: number; type: 'promotions' | 'news'; after: string | null; limit: number },
) =>
  rowsOf(
    q,
    idRow,
    sql`SELECT u.id FROM users u
         WHERE u.site_id = ${f.siteId} AND ${mailable('u')} AND ${wants('u', f.type)}
           AND (${f.after}::uuid IS NULL OR u.id > ${f.after}::uuid)
         ORDER BY u.id LIMIT ${f.limit}`,
  );

/** Notes the broadcast for the member; false when they had it already. */
export async function claimBroadcast(q: Queryable, userId: string, broadcastId: number) {
  const rows = await rowsOf(
    q,
    oneRow,
    sql`INSERT INTO mail_broadcasts_sent (user_id, broadcast_key, broadcast_id)
        VALUES (${userId}, ${`broadcast:${broadcastId}`}, ${broadcastId})
        ON CONFLICT DO NOTHING RETURNING 1`,
  );
  return rows.length > 0;
}

/** The outbox mail of the member's copy (its delivery, bounce and complaint are counted by it). */
export const noteBroadcastMail = (q: Queryable, userId: string, broadcastId: number, mailId: number) =>
  run(
    q,
    sql`UPDATE mail_broadcasts_sent SET mail_id = ${mailId}
         WHERE user_id = ${userId} AND broadcast_key = ${`broadcast:${broadcastId}`}`,
  );
