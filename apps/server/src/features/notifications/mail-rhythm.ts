import { MAIL_DEFAULTS, type MailType, ownAgeRange } from '@amora/contracts';
import { isLocale, type Locale } from '@amora/i18n';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../platform/db.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { MailData, MailTemplate, NotifyBase } from '../../platform/mail/templates.ts';
import { siteOrigin } from '../sites/site-origin.ts';
import { effectivePrefs } from './mail-prefs.service.ts';
import { activeSql } from './presence.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

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

/** SQL (users alias) for "may get notification mail at all". */
const mailableSql = (u: string) =>
  `${u}.status = 'active' AND NOT ${u}.fictional AND NOT ${u}.is_demo AND cardinality(${u}.notifications_disabled) = 0`;
/** SQL (users alias) for "has this type on" (stored choice, else the default). */
const wantsSql = (u: string, type: MailType) =>
  `COALESCE((${u}.mail_prefs->>'${type}')::boolean, ${MAIL_DEFAULTS[type]})`;

interface Recipient {
  id: string;
  site_id: number;
  email: string;
  language: string;
  mail_prefs: Partial<Record<MailType, boolean>>;
  name: string;
  active: boolean;
}

async function recipient(q: Queryable, userId: string, type: MailType): Promise<Recipient | null> {
  const [r] = await q.query<Recipient>(
    `SELECT u.id, u.site_id, u.email, u.language, u.mail_prefs, p.name, ${activeSql('u')} AS active
       FROM users u JOIN profiles p ON p.user_id = u.id
      WHERE u.id = $1 AND ${mailableSql('u')}`,
    [userId],
  );
  return r && effectivePrefs(r.mail_prefs)[type] ? r : null;
}

/** The member's mail bookkeeping row, locked for this job's transaction. */
async function mailState(q: Queryable, userId: string) {
  await q.query('INSERT INTO member_mail_state (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [
    userId,
  ]);
  const [s] = await q.query<{ messages_upto: string; likes_upto: Date; weekly_at: Date | null }>(
    'SELECT messages_upto::text, likes_upto, weekly_at FROM member_mail_state WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  return s!;
}

const names = (locale: string, list: string[]) =>
  new Intl.ListFormat(isLocale(locale) ? locale : 'en', { type: 'conjunction' }).format(list.slice(0, 3));

type Extra<T extends MailTemplate> = Omit<MailData[T], keyof NotifyBase>;

/** Queues one notification mail with its unsubscribe links (signed for this member and type). */
async function sendNotification<T extends MailTemplate>(
  app: FastifyInstance,
  q: Queryable,
  r: Recipient,
  type: MailType,
  template: T,
  path: string,
  extra: Extra<T>,
): Promise<boolean> {
  const site = await app.sites.byIdOrThrow(r.site_id);
  const origin = siteOrigin(site, app.config);
  const token = encodeURIComponent(unsubscribeToken(app.secrets.unsubscribe, r.id, type));
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

async function newConversationMail(
  app: FastifyInstance,
  p: { recipientId: string; conversationId: string; messageId: string },
) {
  await app.db.tx(async (q) => {
    const r = await recipient(q, p.recipientId, 'new_conversations');
    if (!r || r.active) return;
    const [m] = await q.query<{ sender: string; sender_id: string }>(
      `SELECT sp.name AS sender, m.sender_id
         FROM messages m JOIN profiles sp ON sp.user_id = m.sender_id
         LEFT JOIN conversation_state cs ON cs.conversation_id = m.conversation_id AND cs.user_id = $1
        WHERE m.id = $2 AND m.conversation_id = $3 AND m.id > COALESCE(cs.last_read_id, 0)`,
      [r.id, p.messageId, p.conversationId],
    );
    if (!m) return; // read meanwhile
    const fresh = await q.query(
      `INSERT INTO unread_reminders (user_id, conversation_id, upto_id, sent_at) VALUES ($1, $2, 0, '-infinity')
       ON CONFLICT DO NOTHING RETURNING 1`,
      [r.id, p.conversationId],
    );
    if (fresh.length === 0) return; // this conversation was mailed about already
    await sendNotification(
      app,
      q,
      r,
      'new_conversations',
      'notifyNewConversation',
      `/members/${m.sender_id}/chat`,
      {
        sender: m.sender,
      },
    );
  });
  void app.jobs.kick();
}

async function newMessagesMail(app: FastifyInstance, p: { recipientId: string }) {
  await app.db.tx(async (q) => {
    const r = await recipient(q, p.recipientId, 'new_messages');
    if (!r || r.active) return;
    const state = await mailState(q, r.id);
    const [batch] = await q.query<{ count: number; senders: string[] | null; upto: string | null }>(
      `SELECT count(*)::int AS count, array_agg(DISTINCT sp.name) AS senders, max(m.id)::text AS upto
         FROM conversations c
         JOIN messages m ON m.conversation_id = c.id
         JOIN profiles sp ON sp.user_id = m.sender_id
         LEFT JOIN conversation_state cs ON cs.conversation_id = c.id AND cs.user_id = $1
        WHERE (c.member_a = $1 OR c.member_b = $1) AND m.sender_id <> $1 AND m.kind <> 'system'
          AND m.id > COALESCE(cs.last_read_id, 0) AND m.id > $2::bigint
          AND m.id > (SELECT min(f.id) FROM messages f WHERE f.conversation_id = c.id)`,
      [r.id, state.messages_upto],
    );
    if (!batch?.upto || batch.count === 0) return;
    await q.query('UPDATE member_mail_state SET messages_upto = $2::bigint WHERE user_id = $1', [
      r.id,
      batch.upto,
    ]);
    await sendNotification(app, q, r, 'new_messages', 'notifyNewMessages', '/chats', {
      count: batch.count,
      senders: names(r.language, batch.senders ?? []),
    });
  });
  void app.jobs.kick();
}

async function likesMail(app: FastifyInstance, p: { likedId: string }) {
  await app.db.tx(async (q) => {
    const r = await recipient(q, p.likedId, 'like');
    if (!r || r.active) return;
    const state = await mailState(q, r.id);
    const likes = await q.query<{ name: string; created_at: Date; match: boolean }>(
      `SELECT lp.name, l.created_at,
              EXISTS (SELECT 1 FROM likes b WHERE b.liker_id = $1 AND b.liked_id = l.liker_id) AS match
         FROM likes l JOIN profiles lp ON lp.user_id = l.liker_id JOIN users lu ON lu.id = l.liker_id
        WHERE l.liked_id = $1 AND l.created_at > $2 AND NOT l.seen AND lu.status IN ('active', 'not_confirmed')
        ORDER BY l.created_at DESC LIMIT 50`,
      [r.id, state.likes_upto],
    );
    if (likes.length === 0) return;
    await q.query('UPDATE member_mail_state SET likes_upto = $2 WHERE user_id = $1', [
      r.id,
      likes[0]!.created_at,
    ]);
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
          shown.map((l) => l.name),
        ),
        match: matches.length > 0,
      },
    );
  });
  void app.jobs.kick();
}

async function unreadReminder(app: FastifyInstance, p: { recipientId: string; conversationId: string }) {
  const again = await app.db.tx(async (q): Promise<Date | null> => {
    const r = await recipient(q, p.recipientId, 'unread_message_reminders');
    if (!r) return null;
    const [c] = await q.query<{
      oldest_at: Date | null;
      newest: string | null;
      last_read: string;
      reminded_upto: string | null;
      sender: string;
      sender_id: string;
    }>(
      `SELECT (SELECT min(m.created_at) FROM messages m WHERE m.conversation_id = c.id AND m.sender_id <> $1
                 AND m.kind <> 'system' AND m.id > COALESCE(cs.last_read_id, 0)) AS oldest_at,
              (SELECT max(m.id)::text FROM messages m WHERE m.conversation_id = c.id AND m.sender_id <> $1
                 AND m.kind <> 'system') AS newest,
              COALESCE(cs.last_read_id, 0)::text AS last_read, ur.upto_id::text AS reminded_upto,
              pp.name AS sender, pp.user_id AS sender_id
         FROM conversations c
         JOIN profiles pp ON pp.user_id = CASE WHEN c.member_a = $1 THEN c.member_b ELSE c.member_a END
         LEFT JOIN conversation_state cs ON cs.conversation_id = c.id AND cs.user_id = $1
         LEFT JOIN unread_reminders ur ON ur.conversation_id = c.id AND ur.user_id = $1
        WHERE c.id = $2 AND (c.member_a = $1 OR c.member_b = $1)`,
      [r.id, p.conversationId],
    );
    if (!c?.oldest_at || !c.newest) return null; // all read
    // Once until read: a reminder covered messages up to reminded_upto, which are still unread.
    if (c.reminded_upto !== null && BigInt(c.reminded_upto) > BigInt(c.last_read)) return null;
    const due = new Date(new Date(c.oldest_at).getTime() + UNREAD_AFTER_S * 1000);
    if (due.getTime() > Date.now()) return due; // read meanwhile, newer ones unread: later
    if (r.active) return null; // on the site now: the unread badge says it
    await q.query(
      `INSERT INTO unread_reminders (user_id, conversation_id, upto_id) VALUES ($1, $2, $3::bigint)
       ON CONFLICT (user_id, conversation_id) DO UPDATE SET upto_id = EXCLUDED.upto_id, sent_at = now()`,
      [r.id, p.conversationId, c.newest],
    );
    await sendNotification(
      app,
      q,
      r,
      'unread_message_reminders',
      'notifyUnread',
      `/members/${c.sender_id}/chat`,
      {
        sender: c.sender,
      },
    );
    return null;
  });
  if (again) {
    await enqueueJob(app.db, UNREAD_JOB, p, {
      runAt: again,
      singletonKey: `${p.conversationId}:${p.recipientId}`,
    });
  }
  void app.jobs.kick();
}

async function weeklyPass(app: FastifyInstance) {
  const now = new Date();
  const countries = Object.entries(COUNTRY_TZ)
    .filter(([, tz]) => isWeeklyHour(tz, now))
    .map(([c]) => c);
  const sites = app.sites
    .all()
    .filter((s) => isWeeklyHour(s.config.time_zone, now))
    .map((s) => s.id);
  if (countries.length === 0 && sites.length === 0) return;
  const due = await app.db.query<{ id: string }>(
    `SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
      WHERE ${mailableSql('u')} AND ${wantsSql('u', 'weekly_updates')}
        AND (p.country = ANY($1::text[]) OR (u.site_id = ANY($2::int[]) AND NOT (p.country = ANY($3::text[]))))
        AND NOT EXISTS (SELECT 1 FROM member_mail_state s WHERE s.user_id = u.id AND s.weekly_at > now() - interval '6 days')`,
    [countries, sites, Object.keys(COUNTRY_TZ)],
  );
  for (const { id } of due) await enqueueJob(app.db, WEEKLY_ONE_JOB, { userId: id }, { singletonKey: id });
  void app.jobs.kick();
}

async function weeklyMail(app: FastifyInstance, p: { userId: string }) {
  await app.db.tx(async (q) => {
    const r = await recipient(q, p.userId, 'weekly_updates');
    if (!r) return;
    const state = await mailState(q, r.id);
    if (state.weekly_at && Date.now() - new Date(state.weekly_at).getTime() < 6 * 86400_000) return;
    await q.query('UPDATE member_mail_state SET weekly_at = now() WHERE user_id = $1', [r.id]);
    const [me] = await q.query<{ gender: string; seeking: string; age: number }>(
      `SELECT gender, seeking, date_part('year', age(birth_date))::int AS age FROM profiles WHERE user_id = $1`,
      [r.id],
    );
    if (!me) return;
    const range = ownAgeRange(me.age);
    const fits = await q.query<{ name: string }>(
      `SELECT p.name FROM profiles p JOIN users u ON u.id = p.user_id
        WHERE p.site_id = $1 AND p.user_id <> $2 AND p.searchable AND u.signup_date > now() - interval '7 days'
          AND p.gender = ANY($3::text[]) AND p.seeking IN ($4, 'both')
          AND date_part('year', age(p.birth_date)) BETWEEN $5 AND $6
          AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = $2 AND b.blocked_id = p.user_id)
                                                   OR (b.blocker_id = p.user_id AND b.blocked_id = $2))
        ORDER BY u.signup_date DESC LIMIT 100`,
      [
        r.site_id,
        r.id,
        me.seeking === 'both' ? ['male', 'female'] : [me.seeking],
        me.gender,
        range.min_age,
        range.max_age,
      ],
    );
    const [likes] = await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM likes WHERE liked_id = $1 AND created_at > now() - interval '7 days'`,
      [r.id],
    );
    if (fits.length === 0 && (likes?.n ?? 0) === 0) return; // nothing to say: no mail
    await sendNotification(app, q, r, 'weekly_updates', 'notifyWeekly', '/members', {
      newMembers: fits.length,
      names: names(
        r.language,
        fits.map((f) => f.name),
      ),
      likes: likes?.n ?? 0,
    });
  });
  void app.jobs.kick();
}

async function remindersPass(app: FastifyInstance) {
  const due = await app.db.query<{ id: string }>(
    `SELECT u.id FROM users u LEFT JOIN member_mail_state s ON s.user_id = u.id
      WHERE ${mailableSql('u')} AND ${wantsSql('u', 'reminders')}
        AND u.last_active_at < now() - make_interval(days => $1) AND u.last_active_at > now() - interval '30 days'
        AND (s.inactive_reminded_at IS NULL OR s.inactive_reminded_at < u.last_active_at)
      LIMIT 1000`,
    [INACTIVE_DAYS],
  );
  for (const { id } of due) await enqueueJob(app.db, INACTIVE_ONE_JOB, { userId: id }, { singletonKey: id });
  void app.jobs.kick();
}

async function inactiveMail(app: FastifyInstance, p: { userId: string }) {
  await app.db.tx(async (q) => {
    const r = await recipient(q, p.userId, 'reminders');
    if (!r) return;
    await mailState(q, r.id);
    const marked = await q.query(
      `UPDATE member_mail_state s SET inactive_reminded_at = now() FROM users u
        WHERE s.user_id = $1 AND u.id = s.user_id AND u.last_active_at < now() - make_interval(days => $2)
          AND (s.inactive_reminded_at IS NULL OR s.inactive_reminded_at < u.last_active_at) RETURNING 1`,
      [r.id, INACTIVE_DAYS],
    );
    if (marked.length === 0) return; // came back, or reminded already
    const [n] = await q.query<{ unread: number; likes: number }>(
      `SELECT (SELECT count(*)::int FROM messages m JOIN conversations c ON c.id = m.conversation_id
                 LEFT JOIN conversation_state cs ON cs.conversation_id = c.id AND cs.user_id = $1
                WHERE (c.member_a = $1 OR c.member_b = $1) AND m.sender_id <> $1 AND m.kind <> 'system'
                  AND m.id > COALESCE(cs.last_read_id, 0)) AS unread,
              (SELECT count(*)::int FROM likes WHERE liked_id = $1 AND NOT seen) AS likes`,
      [r.id],
    );
    await sendNotification(app, q, r, 'reminders', 'notifyReminder', '/members', {
      unread: n?.unread ?? 0,
      likes: n?.likes ?? 0,
    });
  });
  void app.jobs.kick();
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

/**
 * Sends a promotion or news item to the site's members who chose that type (operator console,
 * issue 17). Returns how many members it was queued for.
 */
export async function sendBroadcast(app: FastifyInstance, b: Broadcast): Promise<number> {
  const members = await app.db.query<{ id: string }>(
    `SELECT u.id FROM users u WHERE u.site_id = $1 AND ${mailableSql('u')} AND ${wantsSql('u', b.type)}`,
    [b.siteId],
  );
  for (const { id } of members) {
    await enqueueJob(
      app.db,
      BROADCAST_ONE_JOB,
      { userId: id, broadcast: b },
      { singletonKey: `${b.key}:${id}` },
    );
  }
  void app.jobs.kick();
  return members.length;
}

async function broadcastMail(app: FastifyInstance, p: { userId: string; broadcast: Broadcast }) {
  const b = p.broadcast;
  await app.db.tx(async (q) => {
    const r = await recipient(q, p.userId, b.type);
    if (!r) return;
    const fresh = await q.query(
      `INSERT INTO mail_broadcasts_sent (user_id, broadcast_key) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
      [r.id, b.key],
    );
    if (fresh.length === 0) return;
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
  void app.jobs.kick();
}

export const NEW_CONVERSATION_JOB = 'mail.notify.new-conversation';
export const MESSAGES_JOB = 'mail.notify.messages';
export const LIKES_JOB = 'mail.notify.likes';
export const UNREAD_JOB = 'mail.notify.unread';
export const WEEKLY_JOB = 'mail.notify.weekly';
export const WEEKLY_ONE_JOB = 'mail.notify.weekly-one';
export const REMINDERS_JOB = 'mail.notify.reminders';
export const INACTIVE_ONE_JOB = 'mail.notify.inactive-one';
export const BROADCAST_ONE_JOB = 'mail.notify.broadcast-one';

/** Listens to member events and defines the notification mail jobs and their schedules. */
export function registerMailRhythm(app: FastifyInstance): void {
  app.notify.on('message', async (e) => {
    if (e.kind === 'system') return;
    const key = `${e.conversationId}:${e.recipientId}`;
    if (e.first) {
      await enqueueJob(
        app.db,
        NEW_CONVERSATION_JOB,
        { recipientId: e.recipientId, conversationId: e.conversationId, messageId: e.messageId },
        { delayS: NEW_CONVERSATION_DELAY_S, singletonKey: key },
      );
    } else {
      await enqueueJob(
        app.db,
        MESSAGES_JOB,
        { recipientId: e.recipientId },
        { delayS: MESSAGES_BATCH_S, singletonKey: e.recipientId },
      );
    }
    await enqueueJob(
      app.db,
      UNREAD_JOB,
      { recipientId: e.recipientId, conversationId: e.conversationId },
      { delayS: UNREAD_AFTER_S, singletonKey: key },
    );
  });
  app.notify.on('like', async (e) => {
    await enqueueJob(
      app.db,
      LIKES_JOB,
      { likedId: e.likedId },
      { delayS: LIKES_BATCH_S, singletonKey: e.likedId },
    );
  });
  app.jobs.define(
    NEW_CONVERSATION_JOB,
    (p: { recipientId: string; conversationId: string; messageId: string }) => newConversationMail(app, p),
  );
  app.jobs.define(MESSAGES_JOB, (p: { recipientId: string }) => newMessagesMail(app, p));
  app.jobs.define(LIKES_JOB, (p: { likedId: string }) => likesMail(app, p));
  app.jobs.define(UNREAD_JOB, (p: { recipientId: string; conversationId: string }) => unreadReminder(app, p));
  app.jobs.define(WEEKLY_JOB, () => weeklyPass(app));
  app.jobs.define(WEEKLY_ONE_JOB, (p: { userId: string }) => weeklyMail(app, p));
  app.jobs.define(REMINDERS_JOB, () => remindersPass(app));
  app.jobs.define(INACTIVE_ONE_JOB, (p: { userId: string }) => inactiveMail(app, p));
  app.jobs.define(BROADCAST_ONE_JOB, (p: { userId: string; broadcast: Broadcast }) => broadcastMail(app, p));
  app.jobs.schedule(WEEKLY_JOB, '2 * * * *');
  app.jobs.schedule(REMINDERS_JOB, '32 * * * *');
}

/** A member's deletion: notification mail still waiting to go out is dropped (in the deletion's transaction). */
export async function dropQueuedNotificationMail(q: Queryable, email: string): Promise<void> {
  await q.query(
    `DELETE FROM outbox_emails WHERE status = 'pending' AND to_address = $1 AND template LIKE 'notify%'`,
    [email],
  );
}
