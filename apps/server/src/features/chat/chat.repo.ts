import { CHATS_PAGE, type Message, type SystemNote } from '@amora/contracts';
import { firstRow, type Queryable } from '../../platform/db.ts';
import { shownSql } from '../members/visibility.ts';

/** The chat's SQL: conversations of two members, their messages and each member's read state. */

export interface MessageRow {
  id: number;
  conversation_id: string;
  sender_id: string;
  client_id: string;
  kind: Message['kind'];
  body: string;
  gift: string | null;
  media_key: string | null;
  cost: number;
  created_at: Date | string;
  /** The scam rule the message matched (features/safety), shown to the recipient as a warning. */
  scam_rule?: string | null;
}

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
  firstRow<MessageRow>(
    q,
    `WITH c AS (
       UPDATE conversations SET last_message_at = now()
        WHERE member_a = least($1::uuid, $2::uuid) AND member_b = greatest($1::uuid, $2::uuid)
       RETURNING id)
     INSERT INTO messages (conversation_id, sender_id, client_id, kind, body)
     SELECT c.id, $1, $3, 'system', $4 FROM c
     ON CONFLICT (sender_id, client_id) DO NOTHING
     RETURNING *`,
    [actorId, partnerId, `system:${note}:${ref}`, note],
  );

/** The message a sender sent with a client id, if any. */
export const messageByClientId = (q: Queryable, senderId: string, clientId: string) =>
  firstRow<MessageRow>(q, 'SELECT * FROM messages WHERE sender_id = $1 AND client_id = $2', [
    senderId,
    clientId,
  ]);

/** A member's credits and premium flag, read fresh. */
export const memberFunds = (q: Queryable, userId: string) =>
  firstRow<{ credits: number; paid_user: boolean }>(q, 'SELECT credits, paid_user FROM users WHERE id = $1', [
    userId,
  ]);

/** Every fact the rules of a send need, about the sender, the recipient and the pair. */
export interface SendFacts {
  fictional: boolean;
  credits: number;
  paid_user: boolean;
  free_messages_used: number;
  conversations_started: number;
  country: string;
  again: MessageRow | null;
  r_status: string | null;
  r_invisible: boolean | null;
  r_site: number | null;
  r_profile_active: boolean | null;
  blocked: boolean;
  conversation_id: string | null;
}

/** A send's facts in one statement, which takes the lock on the sender's row. */
export const sendFacts = (q: Queryable, senderId: string, recipientId: string, clientId: string) =>
  firstRow<SendFacts>(
    q,
    `SELECT u.fictional, u.credits, u.paid_user, u.free_messages_used, u.conversations_started, p.country,
            (SELECT row_to_json(m) FROM messages m WHERE m.sender_id = u.id AND m.client_id = $3) AS again,
            r.status AS r_status, r.site_id AS r_site,
            -- An invisible member can be written to by those they reached out to (liked) first.
            r.invisible AND NOT EXISTS (SELECT 1 FROM likes rl WHERE rl.liker_id = $2 AND rl.liked_id = $1) AS r_invisible,
            rp.status = 'active' AND NOT rp.fictional_hidden AS r_profile_active,
            EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2)
                                            OR (blocker_id = $2 AND blocked_id = $1)) AS blocked,
            (SELECT c.id FROM conversations c
              WHERE c.member_a = least($1::uuid, $2::uuid) AND c.member_b = greatest($1::uuid, $2::uuid)) AS conversation_id
       FROM users u JOIN profiles p ON p.user_id = u.id
       LEFT JOIN users r ON r.id = $2
       LEFT JOIN profiles rp ON rp.user_id = r.id
      WHERE u.id = $1
        FOR UPDATE OF u`,
    [senderId, recipientId, clientId],
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
  const [c] = await q.query<{ id: string }>(
    `WITH started AS (
       UPDATE users SET conversations_started = conversations_started + 1 WHERE id = $4
     ), c AS (
       INSERT INTO conversations (site_id, member_a, member_b, started_by)
       VALUES ($1, least($2::uuid, $3::uuid), greatest($2::uuid, $3::uuid), $4) RETURNING id
     ), s AS (
       INSERT INTO conversation_state (conversation_id, user_id)
       SELECT id, $2::uuid FROM c UNION ALL SELECT id, $3::uuid FROM c
     )
     SELECT id FROM c`,
    [siteId, senderId, recipientId, senderId],
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
  kind: Message['kind'];
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
  const [row] = await q.query<MessageRow>(
    `WITH msg AS (
       INSERT INTO messages (conversation_id, sender_id, client_id, kind, body, gift, media_key, cost)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *
     ), used AS (
       UPDATE users SET free_messages_used = free_messages_used + 1 WHERE id = $2 AND $9
     ), conv AS (
       UPDATE conversations SET last_message_at = now() WHERE id = $1
     ), seen AS (
       UPDATE conversation_state SET last_read_id = (SELECT id FROM msg) WHERE conversation_id = $1 AND user_id = $2
     ), event AS (
       -- The recipient may be told (mail, push) once this commits: features/notifications/events.ts.
       INSERT INTO jobs (name, payload)
       SELECT 'notify.event', jsonb_build_object('type', 'message', 'messageId', msg.id::text,
                'conversationId', $1::text, 'senderId', $2::text, 'recipientId', $10::text,
                'siteId', $11::int, 'kind', msg.kind, 'first', $12::boolean)
         FROM msg
     )
     SELECT * FROM msg`,
    [
      m.conversationId,
      m.senderId,
      m.clientId,
      m.kind,
      m.body,
      m.gift,
      m.mediaKey,
      m.cost,
      m.free,
      m.recipientId,
      m.siteId,
      m.first,
    ],
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
  await q.query(
    'INSERT INTO operator_messages (message_id, operator_id, operator_name) VALUES ($1, $2, $3)',
    [messageId, operatorId, operatorName],
    { last: true },
  );
}

// --- reading ----------------------------------------------------------------------------------

/** A conversation with the viewer's state, if the viewer is one of its members. */
export const conversationOfMember = (q: Queryable, viewerId: string, conversationId: string) =>
  firstRow<{ id: string; member_a: string; member_b: string; hidden_upto_id: number }>(
    q,
    `SELECT c.id, c.member_a, c.member_b, s.hidden_upto_id FROM conversations c
       JOIN conversation_state s ON s.conversation_id = c.id AND s.user_id = $2
      WHERE c.id = $1 AND (c.member_a = $2 OR c.member_b = $2)`,
    [conversationId, viewerId],
  );

/** A conversation's latest `limit` messages above an id, newest first. */
export const latestMessages = (q: Queryable, conversationId: string, aboveId: number, limit: number) =>
  q.query<MessageRow>(
    'SELECT * FROM messages WHERE conversation_id = $1 AND id > $2 ORDER BY id DESC LIMIT $3',
    [conversationId, aboveId, limit],
  );

/** The id `skip` messages below the newest one above `aboveId` (undefined: fewer messages than that). */
export const messageIdBelowLatest = async (
  q: Queryable,
  conversationId: string,
  aboveId: number,
  skip: number,
) =>
  (
    await firstRow<{ id: string | null }>(
      q,
      'SELECT id FROM messages WHERE conversation_id = $1 AND id > $2 ORDER BY id DESC OFFSET $3 LIMIT 1',
      [conversationId, aboveId, skip],
    )
  )?.id;

/** A conversation's first `limit` messages above an id, oldest first. */
export const messagesAfter = (q: Queryable, conversationId: string, afterId: number, limit: number) =>
  q.query<MessageRow>('SELECT * FROM messages WHERE conversation_id = $1 AND id > $2 ORDER BY id LIMIT $3', [
    conversationId,
    afterId,
    limit,
  ]);

/** A photo message's stored image key, when the viewer is a member of its conversation. */
export const mediaKeyForMember = async (q: Queryable, viewerId: string, messageId: number) =>
  (
    await firstRow<{ media_key: string }>(
      q,
      `SELECT m.media_key FROM messages m JOIN conversations c ON c.id = m.conversation_id
        WHERE m.id = $1 AND m.media_key IS NOT NULL AND (c.member_a = $2 OR c.member_b = $2)`,
      [messageId, viewerId],
    )
  )?.media_key;

/** Everything in the conversation so far counts as read by the viewer: the id read up to. */
export async function setAllRead(q: Queryable, viewerId: string, conversationId: string): Promise<number> {
  const row = await firstRow<{ last_read_id: string | number }>(
    q,
    `UPDATE conversation_state SET last_read_id = coalesce((SELECT max(id) FROM messages WHERE conversation_id = $1), 0)
      WHERE conversation_id = $1 AND user_id = $2 RETURNING last_read_id`,
    [conversationId, viewerId],
  );
  return Number(row?.last_read_id ?? 0);
}

/** Everything in the conversation so far is hidden from the viewer (and read). */
export async function setAllHidden(q: Queryable, viewerId: string, conversationId: string): Promise<void> {
  await q.query(
    `UPDATE conversation_state SET hidden_upto_id = coalesce((SELECT max(id) FROM messages WHERE conversation_id = $1), 0),
       last_read_id = coalesce((SELECT max(id) FROM messages WHERE conversation_id = $1), 0)
      WHERE conversation_id = $1 AND user_id = $2`,
    [conversationId, viewerId],
  );
}

// --- the list of chats --------------------------------------------------------------------------

export interface ChatRow {
  id: string;
  partner: string;
  unread: number;
  total: number;
  last: MessageRow | null;
  partner_confirmed: boolean;
  at: string;
}

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
  return q.query<ChatRow>(
    `SELECT c.id, CASE WHEN c.member_a = $1 THEN c.member_b ELSE c.member_a END AS partner,
            (SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id
               AND m.id > greatest(s.last_read_id, s.hidden_upto_id) AND m.sender_id <> $1) AS unread,
            (SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id AND m.id > s.hidden_upto_id) AS total,
            (SELECT row_to_json(m) FROM messages m WHERE m.conversation_id = c.id AND m.id > s.hidden_upto_id
              ORDER BY m.id DESC LIMIT 1) AS last,
            (SELECT u.status <> 'not_confirmed' FROM users u
              WHERE u.id = CASE WHEN c.member_a = $1 THEN c.member_b ELSE c.member_a END) AS partner_confirmed,
            c.last_message_at::text AS at
       FROM conversations c JOIN conversation_state s ON s.conversation_id = c.id AND s.user_id = $1
      WHERE (c.member_a = $1 OR c.member_b = $1) AND c.site_id = $2
        AND ($3::timestamptz IS NULL OR (c.last_message_at, c.id) < ($3::timestamptz, $4::uuid))
        AND ($6::uuid IS NULL OR c.id = $6)
        AND ($7::uuid IS NULL OR $7 IN (c.member_a, c.member_b))
      ORDER BY c.last_message_at DESC, c.id DESC LIMIT $5`,
    [
      viewerId,
      siteId,
      after?.at ?? null,
      after?.id ?? null,
      CHATS_PAGE,
      only.conversation ?? null,
      only.member ?? null,
    ],
  );
}

/** The viewer's unread and total messages over every conversation with a partner still shown. */
export const chatTotals = (q: Queryable, siteId: number, viewerId: string) =>
  firstRow<{ unread: number; total: number }>(
    q,
    `SELECT count(*) FILTER (WHERE m.sender_id <> $1 AND m.id > s.last_read_id)::int AS unread,
            count(*)::int AS total
       FROM conversation_state s
       JOIN conversations c ON c.id = s.conversation_id AND c.site_id = $2
       JOIN profiles p ON p.user_id = CASE WHEN c.member_a = $1 THEN c.member_b ELSE c.member_a END
       JOIN users u ON u.id = p.user_id
       JOIN messages m ON m.conversation_id = c.id AND m.id > s.hidden_upto_id
      WHERE s.user_id = $1 AND ${shownSql('p', 'u', '$1', 'true')}`,
    [viewerId, siteId],
  );
