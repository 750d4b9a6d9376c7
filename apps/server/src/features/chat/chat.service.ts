import {
  CHAT_CATCH_UP_LIMIT,
  CHAT_HISTORY_LIMIT,
  FREE_CONVERSATIONS,
  freeMessagesLeft,
  type GiftId,
  giftPrice,
  type Message,
  messageCost,
  type SystemNote,
} from '@amora/contracts';
import type { Db, Queryable } from '../../platform/db.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { Site } from '../../platform/sites.ts';
import { book, type CreditReason } from '../credits/ledger.ts';

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
}

/** Where a photo message's image is served: only to the two members (chat.routes checks). */
export const chatMediaUrl = (messageId: number, variant: 'l' | 't') =>
  `/api/chat/media/${messageId}/${variant}`;

export function presentMessage(row: MessageRow, viewerId: string): Message {
  const id = Number(row.id);
  return {
    id,
    conversation_id: row.conversation_id,
    sender_id: row.sender_id,
    client_id: row.client_id,
    kind: row.kind,
    body: row.body,
    gift: (row.gift as GiftId | null) ?? null,
    photo: row.media_key ? { url: chatMediaUrl(id, 'l'), thumb: chatMediaUrl(id, 't') } : null,
    cost: row.cost,
    created_at: new Date(row.created_at).toISOString(),
    mine: row.sender_id === viewerId,
  };
}

export type Outgoing =
  | { client_id: string; kind: 'text'; body: string }
  | { client_id: string; kind: 'gift'; gift: GiftId }
  | { client_id: string; kind: 'photo'; media_key: string };

interface SendContext {
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

/**
 * After the commit: both members' open tabs hear of a new message at once. The event carries the
 * message as both may see it (`mine` is worked out by each tab).
 */
export function announceMessage(realtime: Pick<Realtime, 'publish'>, userIds: string[], message: Message) {
  const { mine: _mine, ...shared } = message;
  realtime.publish(userIds, { type: 'message', message: shared });
}

/**
 * A system message in the conversation of two members, if they have one (none is started for it):
 * free, counted unread for the partner only, written once per `ref` (the event it tells of).
 * Its body is the note's code; the app translates it.
 */
export async function addSystemNote(
  q: Queryable,
  actorId: string,
  partnerId: string,
  note: SystemNote,
  ref: string,
): Promise<Message | null> {
  const [row] = await q.query<MessageRow>(
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
  return row ? presentMessage(row, actorId) : null;
}

/** A message this sender already sent with this client id (a retry), or null. */
export async function sentBefore(db: Queryable, senderId: string, clientId: string): Promise<Message | null> {
  const [row] = await db.query<MessageRow>('SELECT * FROM messages WHERE sender_id = $1 AND client_id = $2', [
    senderId,
    clientId,
  ]);
  return row ? presentMessage(row, senderId) : null;
}

/**
 * Sends a message (text, gift or photo), exactly once per client id: a retry or a double click
 * returns the message already sent and charges nothing. Rules on the server (spec §6, §8): no
 * messages across a block; an invisible member cannot be written to first; nobody can write to a
 * member whose e-mail is not confirmed (they may write first, the partner cannot reply); free
 * members start at most two conversations, send `free_messages` text messages free and no photos
 * (premium only); every other message costs credits from the ledger, in the same transaction, and
 * fails whole when the balance does not cover it.
 *
 * Round trips are few on purpose (the chat benchmark): one statement reads every rule's facts
 * with the sender's row locked, the ledger books in one, and one writes the message with its
 * conversation's bookkeeping.
 */
export async function sendMessage(
  db: Db,
  site: Site,
  senderId: string,
  recipientId: string,
  input: Outgoing,
  by?: OperatorAuthor,
): Promise<SendOutcome> {
  if (!isUuid(recipientId) || recipientId === senderId) throw new AppError('not_found', 404);
  if (input.kind === 'text' && input.body.length > site.config.message_length) {
    throw new AppError('validation', 400, {}, { body: 'message_too_long' });
  }
  // The facts are read in the statement that takes the lock, so a send racing another one of the
  // same member (a double click, or the pair's first messages crossing) can meet a unique key the
  // other just committed: it rolls back whole and runs once more, and then sees that send.
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendOnce(db, site, senderId, recipientId, input, by);
    } catch (err) {
      if (attempt >= 2 || !isUniqueViolation(err)) throw err;
    }
  }
}

/**
 * The console operator writing as a fictional profile (features/fictional): recorded beside the
 * message in operator_messages, in the send's transaction; never part of any member's answer.
 */
export interface OperatorAuthor {
  operatorId: string;
  operatorName: string;
}

/**
 * A send's answer: the message, the sender's balance and free messages left after it (what the
 * composer shows next), and whether it was sent now (false: a retry of one already sent).
 */
export interface SendOutcome {
  message: Message;
  credits: number;
  free_messages_left: number;
  fresh: boolean;
}

async function sendOnce(
  db: Db,
  site: Site,
  senderId: string,
  recipientId: string,
  input: Outgoing,
  by: OperatorAuthor | undefined,
): Promise<SendOutcome> {
  return db.tx(async (q) => {
    const [ctx] = await q.query<SendContext>(
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
      [senderId, recipientId, input.client_id],
      { prepare: 'chat_send_facts' },
    );
    if (!ctx) throw new AppError('not_found', 404);
    const freeLeft = freeMessagesLeft(site.config, ctx);
    if (ctx.again)
      return {
        message: presentMessage(ctx.again, senderId),
        credits: ctx.credits,
        free_messages_left: freeLeft,
        fresh: false,
      };
    if (
      !ctx.r_profile_active ||
      ctx.r_site !== site.id ||
      !['active', 'not_confirmed'].includes(ctx.r_status ?? '')
    ) {
      throw new AppError('not_found', 404);
    }
    if (ctx.blocked) throw new AppError('blocked_by_member', 403);
    if (ctx.r_status === 'not_confirmed') throw new AppError('partner_not_confirmed', 403);
    // Only the console writes as a fictional profile, and only with an operator named.
    if (ctx.fictional !== !!by) throw new AppError('not_found', 404);
    if (input.kind === 'photo' && !ctx.paid_user && !ctx.fictional) throw new AppError('premium_only', 402);

    // The price, known before anything is written (and shown to the member before sending).
    // A fictional chat partner pays nothing: only members pay for their own messages.
    let cost: number;
    let free = false;
    let reason: CreditReason;
    if (ctx.fictional) {
      cost = 0;
      reason = 'message';
    } else if (input.kind === 'text') {
      free = freeLeft > 0;
      cost = free ? 0 : messageCost(site.config, ctx.country);
      reason = 'message';
    } else if (input.kind === 'gift') {
      cost = giftPrice(site.config.gift_credits, input.gift) ?? 0;
      reason = 'gift';
    } else {
      cost = site.config.photo_credits;
      reason = 'photo';
    }
    if (cost > ctx.credits) throw new AppError('not_enough_credits', 402, { credits: ctx.credits });

    let conversationId = ctx.conversation_id;
    if (!conversationId) {
      if (ctx.r_invisible) throw new AppError('not_found', 404);
      if (!ctx.paid_user && ctx.conversations_started >= FREE_CONVERSATIONS)
        throw new AppError('conversation_limit', 402, { limit: FREE_CONVERSATIONS });
      conversationId = await startConversation(q, site, senderId, recipientId);
    }

    let credits = ctx.credits;
    if (cost > 0) {
      const entry = await book(q, {
        userId: senderId,
        siteId: site.id,
        delta: -cost,
        reason,
        ref: `msg:${input.client_id}`,
        locked: true,
      });
      credits = entry.balance_after;
    }
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
        conversationId,
        senderId,
        input.client_id,
        input.kind,
        input.kind === 'text' ? input.body : '',
        input.kind === 'gift' ? input.gift : null,
        input.kind === 'photo' ? input.media_key : null,
        cost,
        free,
        recipientId,
        site.id,
        !ctx.conversation_id,
      ],
      { prepare: 'chat_send_write', last: !by },
    );
    if (by) {
      await q.query(
        'INSERT INTO operator_messages (message_id, operator_id, operator_name) VALUES ($1, $2, $3)',
        [row!.id, by.operatorId, by.operatorName],
        { last: true },
      );
    }
    return {
      message: presentMessage(row!, senderId),
      credits,
      free_messages_left: free ? freeLeft - 1 : freeLeft,
      fresh: true,
    };
  });
}

/** A new conversation of the pair, counted against the starter's free conversations (a CHECK backs it). */
async function startConversation(q: Queryable, site: Site, senderId: string, recipientId: string) {
  try {
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
      [site.id, senderId, recipientId, senderId],
    );
    return c!.id;
  } catch (err) {
    if (/users_free_conversations/.test(String(err)))
      throw new AppError('conversation_limit', 402, { limit: FREE_CONVERSATIONS });
    throw err;
  }
}

/** A conversation the viewer is part of (or 404: nobody reads another pair's conversation). */
export async function conversationFor(q: Queryable, viewerId: string, conversationId: string) {
  if (!isUuid(conversationId)) throw new AppError('not_found', 404);
  const [c] = await q.query<{ id: string; member_a: string; member_b: string; hidden_upto_id: number }>(
    `SELECT c.id, c.member_a, c.member_b, s.hidden_upto_id FROM conversations c
       JOIN conversation_state s ON s.conversation_id = c.id AND s.user_id = $2
      WHERE c.id = $1 AND (c.member_a = $2 OR c.member_b = $2)`,
    [conversationId, viewerId],
  );
  if (!c) throw new AppError('not_found', 404);
  return { ...c, partner: c.member_a === viewerId ? c.member_b : c.member_a };
}

/**
 * A page of a conversation. From 0 (opening it): the latest CHAT_HISTORY_LIMIT messages, and
 * whether older ones exist (they stay hidden for privacy, spec §8). After an id (catching up after
 * a reconnect): what came after it, oldest first, up to CHAT_CATCH_UP_LIMIT, and whether more follow.
 */
export async function listMessages(
  db: Db,
  viewerId: string,
  conversationId: string,
  afterId: number,
): Promise<{ messages: Message[]; older_hidden: boolean; more: boolean }> {
  const c = await conversationFor(db, viewerId, conversationId);
  const floor = Math.max(afterId, Number(c.hidden_upto_id));
  if (afterId === 0) {
    const rows = await db.query<MessageRow>(
      'SELECT * FROM messages WHERE conversation_id = $1 AND id > $2 ORDER BY id DESC LIMIT $3',
      [c.id, floor, CHAT_HISTORY_LIMIT + 1],
    );
    const older = rows.length > CHAT_HISTORY_LIMIT;
    return {
      messages: rows
        .slice(0, CHAT_HISTORY_LIMIT)
        .reverse()
        .map((r) => presentMessage(r, viewerId)),
      older_hidden: older,
      more: false,
    };
  }
  // Catching up never reaches below the latest CHAT_HISTORY_LIMIT messages: what opening the
  // conversation hides for privacy stays hidden whatever id a client asks from.
  const [w] = await db.query<{ id: string | null }>(
    'SELECT id FROM messages WHERE conversation_id = $1 AND id > $2 ORDER BY id DESC OFFSET $3 LIMIT 1',
    [c.id, floor, CHAT_HISTORY_LIMIT],
  );
  const windowFloor = Math.max(floor, Number(w?.id ?? 0));
  const rows = await db.query<MessageRow>(
    'SELECT * FROM messages WHERE conversation_id = $1 AND id > $2 ORDER BY id LIMIT $3',
    [c.id, windowFloor, CHAT_CATCH_UP_LIMIT + 1],
  );
  return {
    messages: rows.slice(0, CHAT_CATCH_UP_LIMIT).map((r) => presentMessage(r, viewerId)),
    older_hidden: windowFloor > floor,
    more: rows.length > CHAT_CATCH_UP_LIMIT,
  };
}

/** A photo message's stored image key, for a member of its conversation only (else 404). */
export async function chatMediaKey(db: Db, viewerId: string, messageId: number): Promise<string> {
  const [row] = await db.query<{ media_key: string }>(
    `SELECT m.media_key FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE m.id = $1 AND m.media_key IS NOT NULL AND (c.member_a = $2 OR c.member_b = $2)`,
    [messageId, viewerId],
  );
  if (!row) throw new AppError('not_found', 404);
  return row.media_key;
}

/** Opening a conversation sets its unread count to 0 (spec §4). */
export async function markRead(db: Db, viewerId: string, conversationId: string): Promise<void> {
  const c = await conversationFor(db, viewerId, conversationId);
  await db.query(
    `UPDATE conversation_state SET last_read_id = coalesce((SELECT max(id) FROM messages WHERE conversation_id = $1), 0)
      WHERE conversation_id = $1 AND user_id = $2`,
    [c.id, viewerId],
  );
}

/** Removing a chat hides it, and what came before, for the viewer only (spec §4). */
export async function hideConversation(db: Db, viewerId: string, conversationId: string): Promise<void> {
  const c = await conversationFor(db, viewerId, conversationId);
  await db.query(
    `UPDATE conversation_state SET hidden_upto_id = coalesce((SELECT max(id) FROM messages WHERE conversation_id = $1), 0),
       last_read_id = coalesce((SELECT max(id) FROM messages WHERE conversation_id = $1), 0)
      WHERE conversation_id = $1 AND user_id = $2`,
    [c.id, viewerId],
  );
}
