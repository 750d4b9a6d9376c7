import { CHATS_PAGE, messageSchema, type SystemNote } from '@amora/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { rowOf, rowsOf, run, type Sql, sql, sqlText } from '../../platform/sql.ts';
import { shownSql } from '../members/visibility.ts';

/** The chat's SQL: conversations of two members, their messages and each member's read state. */

/** A message as stored (`SELECT *`), or as row_to_json gives it (created_at then a string). */
const messageRow = z.object({
  id: z.number(),
  conversation_id: z.string(),
  sender_id: z.string(),
  client_id: z.string(),
  kind: messageSchema.shape.kind,
  body: z.string(),
  gift: z.string().nullable(),
  media_key: z.string().nullable(),
  cost: z.number(),
  created_at: z.union([z.date(), z.string()]),
  /** The scam rule the message matched (features/safety), shown to the recipient as a warning. */
  scam_rule: z.string().nullable().optional(),
});
export type MessageRow = z.output<typeof messageRow>;

/** The pair's conversation: members are kept in order, the lesser id first. */
const pairIs = (a: string, b: string) =>
  sql`member_a = least(${a}::uuid, ${b}::uuid) AND member_b = greatest(${a}::uuid, ${b}::uuid)`;

// --- sending ----------------------------------------------------------------------------------

/**
 * A system message in the pair's conversation, if they have one, written once per client id
 * (`system:<note>:<ref>`); undefined when there is no conversation or it was written before.
 */
export const insertSystemNote = (
  q: Queryable,
  actorId: string,
  partnerId: string,
  note: SystemNote,
  ref: string,
) =>
  rowOf(
    q,
    messageRow,
    sql`WITH c AS (
       UPDATE conversations SET last_message_at = now() WHERE ${pairIs(actorId, partnerId)}
       RETURNING id)
     INSERT INTO messages (conversation_id, sender_id, client_id, kind, body)
     SELECT c.id, ${actorId}::uuid, ${`system:${note}:${ref}`}::text, 'system', ${note}::text FROM c
     ON CONFLICT (sender_id, client_id) DO NOTHING
     RETURNING *`,
  );

/** The message a sender sent with a client id, if any. */
export const messageByClientId = (q: Queryable, senderId: string, clientId: string) =>
  rowOf(q, messageRow, sql`SELECT * FROM messages WHERE sender_id = ${senderId} AND client_id = ${clientId}`);

/** A member's credits and premium flag, read fresh. */
export const memberFunds = (q: Queryable, userId: string) =>
  rowOf(
    q,
    z.object({ credits: z.number(), paid_user: z.boolean() }),
    sql`SELECT credits, paid_user FROM users WHERE id = ${userId}`,
  );

/** Every fact the rules of a send need, about the sender, the recipient and the pair. */
const sendFactsRow = z.object({
  fictional: z.boolean(),
  credits: z.number(),
  paid_user: z.boolean(),
  free_messages_used: z.number(),
  conversations_started: z.number(),
  country: z.string(),
  again: messageRow.nullable(),
  r_status: z.string().nullable(),
  r_invisible: z.boolean().nullable(),
  r_site: z.number().nullable(),
  r_profile_active: z.boolean().nullable(),
  blocked: z.boolean(),
  conversation_id: z.string().nullable(),
});
export type SendFacts = z.output<typeof sendFactsRow>;

/** A send's facts in one statement, which takes the lock on the sender's row. */
export const sendFacts = (q: Queryable, senderId: string, recipientId: string, clientId: string) =>
  rowOf(
    q,
    sendFactsRow,
    sql`SELECT u.fictional, u.credits, u.paid_user, u.free_messages_used, u.conversations_started, p.country,
            (SELECT row_to_json(m) FROM messages m WHERE m.sender_id = u.id AND m.client_id = ${clientId}) AS again,
            r.status AS r_status, r.site_id AS r_site,
            -- An invisible member can be written to by those they reached out to (liked) first.
            r.invisible AND NOT EXISTS (SELECT 1 FROM likes rl WHERE rl.liker_id = ${recipientId}
                                                                 AND rl.liked_id = ${senderId}) AS r_invisible,
            rp.status = 'active' AND NOT rp.fictional_hidden AS r_profile_active,
            EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = ${senderId} AND blocked_id = ${recipientId})
                                            OR (blocker_id = ${recipientId} AND blocked_id = ${senderId})) AS blocked,
            (SELECT c.id FROM conversations c WHERE ${pairIs(senderId, recipientId)}) AS conversation_id
       FROM users u JOIN profiles p ON p.user_id = u.id
       LEFT JOIN users r ON r.id = ${recipientId}
       LEFT JOIN profiles rp ON rp.user_id = r.id
      WHERE u.id = ${senderId}
        FOR UPDATE OF u`,
    { prepare: 'chat_send_facts' },
  );

/**
 * A new conversation of the pair, counted against the starter's free conversations (a CHECK,
 * users_free_conversations, backs the limit), with both members' read state.
 */
export async function insertConversation(
  q: Queryable,
  siteId: number,
  senderId: string,
  recipientId: string,
) {
  const c = await rowOf(
    q,
    z.object({ id: z.string() }),
    sql`WITH started AS (
       UPDATE users SET conversations_started = conversations_started + 1 WHERE id = ${senderId}
     ), c AS (
       INSERT INTO conversations (site_id, member_a, member_b, started_by)
       VALUES (${siteId}, least(${senderId}::uuid, ${recipientId}::uuid), greatest(${senderId}::uuid, ${recipientId}::uuid),
               ${senderId}) RETURNING id
     ), s AS (
       INSERT INTO conversation_state (conversation_id, user_id)
       SELECT id, ${senderId}::uuid FROM c UNION ALL SELECT id, ${recipientId}::uuid FROM c
     )
     SELECT id FROM c`,
  );
  return c!.id;
}

/** What a send writes (the message row; the rest goes with it). */
export interface MessageWrite {
  conversationId: string;
  senderId: string;
  recipientId: string;
  siteId: number;
  clientId: string;
  kind: MessageRow['kind'];
  body: string;
  gift: string | null;
  mediaKey: string | null;
  cost: number;
  /** One of the sender's free messages. */
  free: boolean;
  /** The conversation's first message (the notification says so). */
  first: boolean;
}

/**
 * Writes a message in one statement with its bookkeeping: the sender's free messages, the
 * conversation's time, the sender's read state, and the job that may tell the recipient.
 * `last`: the transaction's last statement (it commits with it).
 */
export async function insertMessage(q: Queryable, m: MessageWrite, last: boolean): Promise<MessageRow> {
  const row = await rowOf(
    q,
    messageRow,
    sql`WITH msg AS (
       INSERT INTO messages (conversation_id, sender_id, client_id, kind, body, gift, media_key, cost)
       VALUES (${m.conversationId}, ${m.senderId}, ${m.clientId}, ${m.kind}, ${m.body}, ${m.gift}, ${m.mediaKey},
               ${m.cost}) RETURNING *
     ), used AS (
       UPDATE users SET free_messages_used = free_messages_used + 1 WHERE id = ${m.senderId} AND ${m.free}::boolean
     ), conv AS (
       UPDATE conversations SET last_message_at = now() WHERE id = ${m.conversationId}
     ), seen AS (
       UPDATE conversation_state SET last_read_id = (SELECT id FROM msg)
        WHERE conversation_id = ${m.conversationId} AND user_id = ${m.senderId}
     ), event AS (
       -- The recipient may be told (mail, push) once this commits: features/notifications/events.ts.
       INSERT INTO jobs (name, payload)
       SELECT 'notify.event', jsonb_build_object('type', 'message', 'messageId', msg.id::text,
                'conversationId', ${m.conversationId}::text, 'senderId', ${m.senderId}::text,
                'recipientId', ${m.recipientId}::text, 'siteId', ${m.siteId}::int, 'kind', msg.kind,
                'first', ${m.first}::boolean)
         FROM msg
     )
     SELECT * FROM msg`,
    { prepare: 'chat_send_write', last },
  );
  return row!;
}

/** Records the console operator who wrote a message as a fictional profile (the transaction's last). */
export async function insertOperatorMessage(
  q: Queryable,
  messageId: number,
  operatorId: string,
  operatorName: string,
): Promise<void> {
  await run(
    q,
    sql`INSERT INTO operator_messages (message_id, operator_id, operator_name)
        VALUES (${messageId}, ${operatorId}, ${operatorName})`,
    { last: true },
  );
}

// --- reading ----------------------------------------------------------------------------------

/** A conversation with the viewer's state, if the viewer is one of its members. */
export const conversationOfMember = (q: Queryable, viewerId: string, conversationId: string) =>
  rowOf(
    q,
    z.object({ id: z.string(), member_a: z.string(), member_b: z.string(), hidden_upto_id: z.number() }),
    sql`SELECT c.id, c.member_a, c.member_b, s.hidden_upto_id FROM conversations c
       JOIN conversation_state s ON s.conversation_id = c.id AND s.user_id = ${viewerId}
      WHERE c.id = ${conversationId} AND (c.member_a = ${viewerId} OR c.member_b = ${viewerId})`,
  );

/** A conversation's messages above an id, in `order`, a page of them. */
const messagesAbove = (
  q: Queryable,
  conversationId: string,
  aboveId: number,
  order: 'ASC' | 'DESC',
  page: Sql,
) =>
  rowsOf(
    q,
    messageRow,
    sql`SELECT * FROM messages WHERE conversation_id = ${conversationId} AND id > ${aboveId}
         ORDER BY id ${sqlText(order)} ${page}`,
  );

/** A conversation's latest `limit` messages above an id, newest first. */
export const latestMessages = (q: Queryable, conversationId: string, aboveId: number, limit: number) =>
  messagesAbove(q, conversationId, aboveId, 'DESC', sql`LIMIT ${limit}`);

/** The id `skip` messages below the newest one above `aboveId` (undefined: fewer messages than that). */
export const messageIdBelowLatest = async (
  q: Queryable,
  conversationId: string,
  aboveId: number,
  skip: number,
) =>
  (
    await rowOf(
      q,
      z.object({ id: z.number() }),
      sql`SELECT id FROM messages WHERE conversation_id = ${conversationId} AND id > ${aboveId}
           ORDER BY id DESC OFFSET ${skip} LIMIT 1`,
    )
  )?.id;

/** A conversation's first `limit` messages above an id, oldest first. */
export const messagesAfter = (q: Queryable, conversationId: string, afterId: number, limit: number) =>
  messagesAbove(q, conversationId, afterId, 'ASC', sql`LIMIT ${limit}`);

/** A photo message's stored image key, when the viewer is a member of its conversation. */
export const mediaKeyForMember = async (q: Queryable, viewerId: string, messageId: number) =>
  (
    await rowOf(
      q,
      z.object({ media_key: z.string() }),
      sql`SELECT m.media_key FROM messages m JOIN conversations c ON c.id = m.conversation_id
           WHERE m.id = ${messageId} AND m.media_key IS NOT NULL AND (c.member_a = ${viewerId} OR c.member_b = ${viewerId})`,
    )
  )?.media_key;

/** The conversation's newest message id (0 when it has none). */
const newestId = (conversationId: string) =>
  sql`coalesce((SELECT max(id) FROM messages WHERE conversation_id = ${conversationId}), 0)`;

/** Everything in the conversation so far counts as read by the viewer: the id read up to. */
export async function setAllRead(q: Queryable, viewerId: string, conversationId: string): Promise<number> {
  const row = await rowOf(
    q,
    z.object({ last_read_id: z.number() }),
    sql`UPDATE conversation_state SET last_read_id = ${newestId(conversationId)}
         WHERE conversation_id = ${conversationId} AND user_id = ${viewerId} RETURNING last_read_id`,
  );
  return row?.last_read_id ?? 0;
}

/** Everything in the conversation so far is hidden from the viewer (and read). */
export async function setAllHidden(q: Queryable, viewerId: string, conversationId: string): Promise<void> {
  await run(
    q,
    sql`UPDATE conversation_state SET hidden_upto_id = ${newestId(conversationId)},
           last_read_id = ${newestId(conversationId)}
         WHERE conversation_id = ${conversationId} AND user_id = ${viewerId}`,
  );
}

// --- the list of chats --------------------------------------------------------------------------

const chatRow = z.object({
  id: z.string(),
  partner: z.string(),
  unread: z.number(),
  total: z.number(),
  last: messageRow.nullable(),
  partner_confirmed: z.boolean().nullable(),
  at: z.string(),
});
export type ChatRow = z.output<typeof chatRow>;

/**
 * A page of the viewer's conversations, newest first (after the keyset `after`), or only the one
 * with a conversation id or a partner: each with its partner, unread and total counts since what
 * the viewer hid, the last message, and whether the partner confirmed their address.
 */
export function chatRows(
  q: Queryable,
  siteId: number,
  viewerId: string,
  after: { at: string; id: string } | null,
  only: { conversation?: string; member?: string },
): Promise<ChatRow[]> {
  const partner = sql`CASE WHEN c.member_a = ${viewerId} THEN c.member_b ELSE c.member_a END`;
  return rowsOf(
    q,
    chatRow,
    sql`SELECT c.id, ${partner} AS partner,
            (SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id
               AND m.id > greatest(s.last_read_id, s.hidden_upto_id) AND m.sender_id <> ${viewerId}) AS unread,
            (SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id AND m.id > s.hidden_upto_id) AS total,
            (SELECT row_to_json(m) FROM messages m WHERE m.conversation_id = c.id AND m.id > s.hidden_upto_id
              ORDER BY m.id DESC LIMIT 1) AS last,
            (SELECT u.status <> 'not_confirmed' FROM users u WHERE u.id = ${partner}) AS partner_confirmed,
            c.last_message_at::text AS at
       FROM conversations c JOIN conversation_state s ON s.conversation_id = c.id AND s.user_id = ${viewerId}
      WHERE (c.member_a = ${viewerId} OR c.member_b = ${viewerId}) AND c.site_id = ${siteId}
        AND (${after?.at ?? null}::timestamptz IS NULL
             OR (c.last_message_at, c.id) < (${after?.at ?? null}::timestamptz, ${after?.id ?? null}::uuid))
        AND (${only.conversation ?? null}::uuid IS NULL OR c.id = ${only.conversation ?? null})
        AND (${only.member ?? null}::uuid IS NULL OR ${only.member ?? null}::uuid IN (c.member_a, c.member_b))
      ORDER BY c.last_message_at DESC, c.id DESC LIMIT ${CHATS_PAGE}`,
  );
}

/** The viewer's unread and total messages over every conversation with a partner still shown. */
export const chatTotals = (q: Queryable, siteId: number, viewerId: string) =>
  rowOf(
    q,
    z.object({ unread: z.number(), total: z.number() }),
    sql`SELECT count(*) FILTER (WHERE m.sender_id <> ${viewerId} AND m.id > s.last_read_id)::int AS unread,
            count(*)::int AS total
       FROM conversation_state s
       JOIN conversations c ON c.id = s.conversation_id AND c.site_id = ${siteId}
       JOIN profiles p ON p.user_id = CASE WHEN c.member_a = s.user_id THEN c.member_b ELSE c.member_a END
       JOIN users u ON u.id = p.user_id
       JOIN messages m ON m.conversation_id = c.id AND m.id > s.hidden_upto_id
      WHERE s.user_id = ${viewerId} AND ${sqlText(shownSql('p', 'u', 's.user_id', 'true'))}`,
  );
