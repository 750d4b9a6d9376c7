import { EXPORT_TTL_DAYS } from '@amora/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { rowOf, rowsOf, run, type Sql, sql } from '../../platform/sql.ts';

const when = z.union([z.string(), z.date()]).transform((v) => (v instanceof Date ? v : new Date(v)));
const whenOrNull = when.nullable();

export const exportRow = z.object({
  id: z.string(),
  user_id: z.string(),
  site_id: z.number(),
  state: z.enum(['requested', 'preparing', 'ready', 'expired']),
  requested_at: when,
  ready_at: whenOrNull,
  expires_at: whenOrNull,
  storage_key: z.string().nullable(),
  downloads: z.number(),
});
export type ExportRow = z.infer<typeof exportRow>;

const COLUMNS = sql`id, user_id, site_id, state, requested_at, ready_at, expires_at, storage_key, downloads`;

/**
 * A new request for today (UTC); undefined when the member already asked today (the unique
 * constraint decides, so parallel requests make one archive).
 */
export const insertExport = (q: Queryable, userId: string, siteId: number) =>
  rowOf(
    q,
    exportRow,
    sql`INSERT INTO data_exports (user_id, site_id) VALUES (${userId}, ${siteId})
        ON CONFLICT (user_id, requested_day) DO NOTHING RETURNING ${COLUMNS}`,
  );

/** The member's latest request. */
export const latestExport = (q: Queryable, userId: string) =>
  rowOf(
    q,
    exportRow,
    sql`SELECT ${COLUMNS} FROM data_exports WHERE user_id = ${userId} ORDER BY requested_at DESC LIMIT 1`,
  );

/** The member's requests, newest first (the console shows them: dates, state, downloads). */
export const exportsOf = (q: Queryable, userId: string) =>
  rowsOf(
    q,
    exportRow,
    sql`SELECT ${COLUMNS} FROM data_exports WHERE user_id = ${userId} ORDER BY requested_at DESC LIMIT 50`,
  );

export const exportById = (q: Queryable, id: string) =>
  rowOf(q, exportRow, sql`SELECT ${COLUMNS} FROM data_exports WHERE id = ${id}`);

/** Claims a request for building (a retry of the job claims it again). */
export const markPreparing = (q: Queryable, id: string) =>
  rowOf(
    q,
    exportRow,
    sql`UPDATE data_exports SET state = 'preparing' WHERE id = ${id} AND state IN ('requested', 'preparing')
        RETURNING ${COLUMNS}`,
  );

export const markReady = (q: Queryable, id: string, key: string, size: number) =>
  rowOf(
    q,
    exportRow,
    sql`UPDATE data_exports SET state = 'ready', storage_key = ${key}, size_bytes = ${size}, ready_at = now(),
          expires_at = now() + make_interval(days => ${EXPORT_TTL_DAYS})
        WHERE id = ${id} AND state = 'preparing' RETURNING ${COLUMNS}`,
  );

/** Whom the ready mail goes to, in which language. */
export const mailTarget = (q: Queryable, userId: string) =>
  rowOf(
    q,
    z.object({ email: z.string(), language: z.string(), name: z.string().nullable(), status: z.string() }),
    sql`SELECT u.email, u.language, p.name, u.status FROM users u LEFT JOIN profiles p ON p.user_id = u.id
        WHERE u.id = ${userId}`,
  );

/** Counts and logs one download. */
export async function logDownload(q: Queryable, id: string): Promise<void> {
  await run(q, sql`UPDATE data_exports SET downloads = downloads + 1 WHERE id = ${id}`);
  await run(q, sql`INSERT INTO data_export_downloads (export_id) VALUES (${id})`);
}

const keyRow = z.object({ storage_key: z.string().nullable() });

/** Ready archives past their date become expired; returns the keys of their objects. */
export const expireDue = (q: Queryable) =>
  rowsOf(
    q,
    keyRow,
    sql`UPDATE data_exports e SET state = 'expired', storage_key = NULL
        FROM (SELECT id, storage_key FROM data_exports WHERE state = 'ready' AND expires_at <= now()
              ORDER BY expires_at LIMIT 200 FOR UPDATE SKIP LOCKED) old
        WHERE e.id = old.id RETURNING old.storage_key`,
  );

/** Every archive of these members ends (account erasure); returns the keys of their objects. */
export const expireAllOf = (q: Queryable, userIds: string[]) =>
  rowsOf(
    q,
    keyRow,
    sql`UPDATE data_exports e SET state = 'expired', storage_key = NULL, expires_at = LEAST(e.expires_at, now())
        FROM data_exports old WHERE old.id = e.id AND e.user_id = ANY(${userIds}::uuid[])
          AND e.state <> 'expired'
        RETURNING old.storage_key`,
  );

// What the archive holds: the member's own rows, as JSON built by the database. Other members
// appear by screen name only; their e-mail, coordinates and ids are never selected, nor are the
// operators behind fictional profiles (operator_messages is never read).

const jsonRow = z.object({ data: z.unknown() });
const json = async (q: Queryable, statement: Sql) => (await rowOf(q, jsonRow, statement))?.data ?? null;
const list = async (q: Queryable, statement: Sql) => ((await json(q, statement)) as unknown[] | null) ?? [];

/** The account and its profile. */
export const accountData = (q: Queryable, userId: string) =>
  json(
    q,
    sql`SELECT jsonb_build_object(
          'screen_name', p.name, 'email', u.email, 'language', u.language, 'status', u.status,
          'signup_date', u.signup_date, 'last_active_at', u.last_active_at, 'premium', u.paid_user,
          'credits', u.credits, 'invisible', u.invisible, 'traffic_source', u.tracking,
          'profile', to_jsonb(p) - 'user_id' - 'site_id' - 'searchable' - 'fictional_hidden') AS data
        FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ${userId}`,
  );

/** E-mail choices and what stopped mail (consents and notification choices). */
export const choicesData = (q: Queryable, userId: string) =>
  json(
    q,
    sql`SELECT jsonb_build_object('mail_choices', u.mail_prefs, 'mail_stopped_by', to_jsonb(u.notifications_disabled),
          'mail_turned_back_on_at', u.mail_reenabled_at,
          'push_subscriptions', (SELECT coalesce(jsonb_agg(jsonb_build_object('created_at', s.created_at,
             'last_push_at', s.last_push_at) ORDER BY s.created_at), '[]') FROM push_subscriptions s
             WHERE s.user_id = u.id)) AS data
        FROM users u WHERE u.id = ${userId}`,
  );

export const photoRows = (q: Queryable, userId: string) =>
  rowsOf(
    q,
    z.object({
      id: z.string(),
      storage_key: z.string(),
      status: z.string(),
      is_main: z.boolean(),
      created_at: when,
    }),
    sql`SELECT id, storage_key, status, is_main, created_at FROM photos WHERE user_id = ${userId}
        ORDER BY position, created_at`,
  );

/** Conversations with the other side's screen name, each with its messages, sent and received. */
export const conversationsData = (q: Queryable, userId: string) =>
  list(
    q,
    sql`SELECT coalesce(jsonb_agg(jsonb_build_object('with', coalesce(op.name, '?'), 'started_at', c.created_at,
          'messages', (SELECT coalesce(jsonb_agg(jsonb_build_object('at', m.created_at,
              'from', CASE WHEN m.sender_id = ${userId} THEN 'me' ELSE coalesce(op.name, '?') END,
              'kind', m.kind, 'text', m.body, 'gift', m.gift, 'credits', CASE WHEN m.sender_id = ${userId} THEN m.cost END,
              'file', CASE WHEN m.sender_id = ${userId} AND m.media_key IS NOT NULL THEN 'chat-photos/' || m.id || '.jpg' END)
              ORDER BY m.id), '[]') FROM messages m WHERE m.conversation_id = c.id))
          ORDER BY c.created_at), '[]') AS data
        FROM conversations c
        LEFT JOIN profiles op ON op.user_id = CASE WHEN c.member_a = ${userId} THEN c.member_b ELSE c.member_a END
        WHERE c.member_a = ${userId} OR c.member_b = ${userId}`,
  );

/** The pictures the member sent in chats (their files go into the archive; received ones are the sender's). */
export const sentChatPhotos = (q: Queryable, userId: string) =>
  rowsOf(
    q,
    z.object({ id: z.coerce.number(), media_key: z.string() }),
    sql`SELECT id, media_key FROM messages WHERE sender_id = ${userId} AND media_key IS NOT NULL ORDER BY id`,
  );

export const likesData = (q: Queryable, userId: string) =>
  json(
    q,
    sql`SELECT jsonb_build_object(
          'given', (SELECT coalesce(jsonb_agg(jsonb_build_object('to', coalesce(p.name, '?'), 'at', l.created_at)
                     ORDER BY l.created_at), '[]')
                    FROM likes l LEFT JOIN profiles p ON p.user_id = l.liked_id WHERE l.liker_id = ${userId}),
          'received', (SELECT coalesce(jsonb_agg(jsonb_build_object('from', coalesce(p.name, '?'), 'at', l.created_at)
                     ORDER BY l.created_at), '[]')
                    FROM likes l LEFT JOIN profiles p ON p.user_id = l.liker_id WHERE l.liked_id = ${userId})
        ) AS data`,
  );

export const blocksData = (q: Queryable, userId: string) =>
  list(
    q,
    sql`SELECT coalesce(jsonb_agg(jsonb_build_object('member', coalesce(p.name, '?'), 'at', b.created_at)
          ORDER BY b.created_at), '[]') AS data
        FROM blocks b LEFT JOIN profiles p ON p.user_id = b.blocked_id WHERE b.blocker_id = ${userId}`,
  );

export const reportsData = (q: Queryable, userId: string) =>
  list(
    q,
    sql`SELECT coalesce(jsonb_agg(jsonb_build_object('about', p.name, 'reason', c.reason, 'text', c.text,
          'status', c.status, 'at', c.created_at) ORDER BY c.created_at), '[]') AS data
        FROM complaints c LEFT JOIN profiles p ON p.user_id = c.member_id WHERE c.reporter_id = ${userId}`,
  );

export const paymentsData = (q: Queryable, userId: string) =>
  json(
    q,
    sql`SELECT jsonb_build_object(
          'orders', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', o.id, 'package', o.package_id,
              'credits', o.credits, 'amount', o.amount, 'currency', o.currency, 'method', o.method,
              'status', o.status, 'created_at', o.created_at, 'paid_at', o.paid_at) ORDER BY o.created_at), '[]')
            FROM orders o WHERE o.user_id = ${userId}),
          'ledger', (SELECT coalesce(jsonb_agg(jsonb_build_object('delta', l.delta, 'reason', l.reason,
              'balance_after', l.balance_after, 'at', l.created_at) ORDER BY l.id), '[]')
            FROM credit_ledger l WHERE l.user_id = ${userId})
        ) AS data`,
  );

export const sessionsData = (q: Queryable, userId: string) =>
  list(
    q,
    sql`SELECT coalesce(jsonb_agg(jsonb_build_object('started_at', s.created_at, 'last_seen_at', s.last_seen_at,
          'expires_at', s.expires_at) ORDER BY s.created_at), '[]') AS data
        FROM sessions s WHERE s.user_id = ${userId}`,
  );
