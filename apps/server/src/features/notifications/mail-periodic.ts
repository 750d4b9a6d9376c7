import { ownAgeRange } from '@amora/contracts';
import { isLocale, type Locale } from '@amora/i18n';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { enqueueJob, type JobQueue, jobQueue } from '../../platform/jobs.ts';
import {
  BROADCAST_ONE_JOB,
  COUNTRY_TZ,
  INACTIVE_DAYS,
  INACTIVE_ONE_QUEUE,
  isWeeklyHour,
  mailableSql,
  mailJob,
  mailState,
  names,
  sendNotification,
  WEEKLY_ONE_QUEUE,
  wantsSql,
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
  const due = await app.db.query<{ id: string }>(
    `SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
      WHERE ${mailableSql('u')} AND ${wantsSql('u', 'weekly_updates')}
        AND (p.country = ANY($1::text[]) OR (u.site_id = ANY($2::int[]) AND NOT (p.country = ANY($3::text[]))))
        AND NOT EXISTS (SELECT 1 FROM member_mail_state s WHERE s.user_id = u.id AND s.weekly_at > now() - interval '6 days')`,
    [countries, sites, Object.keys(COUNTRY_TZ)],
  );
  await queueEach(app, WEEKLY_ONE_QUEUE, due, {});
}

export async function weeklyMail(app: FastifyInstance, p: { userId: string }) {
  await mailJob(app, { userId: p.userId, type: 'weekly_updates', whileOnSite: true }, async (q, r) => {
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
}

export async function remindersPass(app: FastifyInstance) {
  const due = await app.db.query<{ id: string }>(
    `SELECT u.id FROM users u LEFT JOIN member_mail_state s ON s.user_id = u.id
      WHERE ${mailableSql('u')} AND ${wantsSql('u', 'reminders')}
        AND u.last_active_at < now() - make_interval(days => $1) AND u.last_active_at > now() - interval '30 days'
        AND (s.inactive_reminded_at IS NULL OR s.inactive_reminded_at < u.last_active_at)
      LIMIT 1000`,
    [INACTIVE_DAYS],
  );
  await queueEach(app, INACTIVE_ONE_QUEUE, due, {});
}

export async function inactiveMail(app: FastifyInstance, p: { userId: string }) {
  await mailJob(app, { userId: p.userId, type: 'reminders', whileOnSite: true }, async (q, r) => {
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
  const members = await app.db.query<{ id: string }>(
    `SELECT u.id FROM users u WHERE u.site_id = $1 AND ${mailableSql('u')} AND ${wantsSql('u', b.type)}`,
    [b.siteId],
  );
  await queueEach(app, BROADCAST_ONE_QUEUE, members, { broadcast: b }, `${b.key}:`);
  return members.length;
}

export async function broadcastMail(app: FastifyInstance, p: { userId: string; broadcast: Broadcast }) {
  const b = p.broadcast;
  await mailJob(app, { userId: p.userId, type: b.type, whileOnSite: true }, async (q, r) => {
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
}
