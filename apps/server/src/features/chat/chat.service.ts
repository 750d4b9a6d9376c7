import type { Message } from '@amora/contracts';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { book } from '../credits/ledger.ts';
import type { Site } from '../sites/sites.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface MessageRow {
  id: number;
  conversation_id: string;
  sender_id: string;
  client_id: string;
  kind: Message['kind'];
  body: string;
  cost: number;
  created_at: Date;
}

export function presentMessage(row: MessageRow, viewerId: string): Message {
  return {
    id: Number(row.id),
    conversation_id: row.conversation_id,
    sender_id: row.sender_id,
    client_id: row.client_id,
    kind: row.kind,
    body: row.body,
    cost: row.cost,
    created_at: new Date(row.created_at).toISOString(),
    mine: row.sender_id === viewerId,
  };
}

const pair = (a: string, b: string) => (a < b ? [a, b] : [b, a]) as [string, string];

/** What one message costs this sender: the site's message price, at least its country minimum (spec §3). */
export function messageCost(site: Site, senderCountry: string): number {
  const minimum = site.config.minimum_message_costs[senderCountry]?.costs ?? 0;
  return Math.max(site.config.message_credits, minimum);
}

/**
 * Sends a text message, exactly once per client id: a retry or a double click returns the message
 * already sent and charges nothing. Rules on the server (spec §6, §8): no messages across a block;
 * an invisible member cannot be written to first; nobody can write to a member whose e-mail is
 * not confirmed (they may write first, the partner cannot reply); free members start at most two
 * conversations and send `free_messages` messages free; every other message costs credits from
 * the ledger, in the same transaction, and fails whole when the balance does not cover it.
 */
export async function sendMessage(
  db: Db,
  site: Site,
  senderId: string,
  recipientId: string,
  input: { client_id: string; body: string },
): Promise<{ message: Message; credits: number; fresh: boolean }> {
  if (!UUID.test(recipientId) || recipientId === senderId) throw new AppError('not_found', 404);
  if (input.body.length > site.config.message_length) {
    throw new AppError('validation', 400, {}, { body: 'message_too_long' });
  }
  return db.tx(async (q) => {
    const [sender] = await q.query<{ credits: number; paid_user: boolean; country: string }>(
      `SELECT u.credits, u.paid_user, p.country FROM users u JOIN profiles p ON p.user_id = u.id
        WHERE u.id = $1 FOR UPDATE OF u`,
      [senderId],
    );
    if (!sender) throw new AppError('not_found', 404);
    const [again] = await q.query<MessageRow>(
      'SELECT * FROM messages WHERE sender_id = $1 AND client_id = $2',
      [senderId, input.client_id],
    );
    if (again) return { message: presentMessage(again, senderId), credits: sender.credits, fresh: false };

    const [recipient] = await q.query<{ status: string; invisible: boolean; site_id: number }>(
      `SELECT u.status, u.invisible, u.site_id FROM users u JOIN profiles p ON p.user_id = u.id
        WHERE u.id = $1 AND p.status = 'active'`,
      [recipientId],
    );
    if (
      !recipient ||
      recipient.site_id !== site.id ||
      !['active', 'not_confirmed'].includes(recipient.status)
    ) {
      throw new AppError('not_found', 404);
    }
    const blocked = await q.query(
      'SELECT 1 FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)',
      [senderId, recipientId],
    );
    if (blocked.length) throw new AppError('blocked_by_member', 403);
    if (recipient.status === 'not_confirmed') throw new AppError('partner_not_confirmed', 403);

    const [a, b] = pair(senderId, recipientId);
    let [conversation] = await q.query<{ id: string; started_by: string }>(
      'SELECT id, started_by FROM conversations WHERE member_a = $1 AND member_b = $2',
      [a, b],
    );
    if (!conversation) {
      if (recipient.invisible) throw new AppError('not_found', 404);
      try {
        await q.query('UPDATE users SET conversations_started = conversations_started + 1 WHERE id = $1', [
          senderId,
        ]);
      } catch (err) {
        if (/users_free_conversations/.test(String(err)))
          throw new AppError('conversation_limit', 402, { limit: 2 });
        throw err;
      }
      [conversation] = await q.query<{ id: string; started_by: string }>(
        `INSERT INTO conversations (site_id, member_a, member_b, started_by) VALUES ($1, $2, $3, $4)
         RETURNING id, started_by`,
        [site.id, a, b, senderId],
      );
      await q.query(
        `INSERT INTO conversation_state (conversation_id, user_id) VALUES ($1, $2), ($1, $3) ON CONFLICT DO NOTHING`,
        [conversation!.id, a, b],
      );
    }

    let cost = 0;
    let credits = sender.credits;
    const free = sender.paid_user
      ? []
      : await q.query(
          'UPDATE users SET free_messages_used = free_messages_used + 1 WHERE id = $1 AND free_messages_used < $2 RETURNING 1',
          [senderId, site.config.free_messages],
        );
    if (free.length === 0) {
      cost = messageCost(site, sender.country);
      const entry = await book(q, {
        userId: senderId,
        siteId: site.id,
        delta: -cost,
        reason: 'message',
        ref: `msg:${input.client_id}`,
      });
      credits = entry.balance_after;
    }
    const [row] = await q.query<MessageRow>(
      `INSERT INTO messages (conversation_id, sender_id, client_id, kind, body, cost)
       VALUES ($1, $2, $3, 'text', $4, $5) RETURNING *`,
      [conversation!.id, senderId, input.client_id, input.body, cost],
    );
    await q.query('UPDATE conversations SET last_message_at = now() WHERE id = $1', [conversation!.id]);
    await q.query(
      'UPDATE conversation_state SET last_read_id = $3 WHERE conversation_id = $1 AND user_id = $2',
      [conversation!.id, senderId, row!.id],
    );
    return { message: presentMessage(row!, senderId), credits, fresh: true };
  });
}

/** A conversation the viewer is part of (or 404: nobody reads another pair's conversation). */
export async function conversationFor(q: Queryable, viewerId: string, conversationId: string) {
  if (!UUID.test(conversationId)) throw new AppError('not_found', 404);
  const [c] = await q.query<{ id: string; member_a: string; member_b: string; hidden_upto_id: number }>(
    `SELECT c.id, c.member_a, c.member_b, s.hidden_upto_id FROM conversations c
       JOIN conversation_state s ON s.conversation_id = c.id AND s.user_id = $2
      WHERE c.id = $1 AND (c.member_a = $2 OR c.member_b = $2)`,
    [conversationId, viewerId],
  );
  if (!c) throw new AppError('not_found', 404);
  return { ...c, partner: c.member_a === viewerId ? c.member_b : c.member_a };
}

/** Messages after `afterId` (catch-up after a reconnect), oldest first, at most `limit`. */
export async function messagesAfter(
  db: Db,
  viewerId: string,
  conversationId: string,
  afterId: number,
  limit = 200,
): Promise<Message[]> {
  const c = await conversationFor(db, viewerId, conversationId);
  const rows = await db.query<MessageRow>(
    'SELECT * FROM messages WHERE conversation_id = $1 AND id > $2 ORDER BY id LIMIT $3',
    [c.id, Math.max(afterId, Number(c.hidden_upto_id)), limit],
  );
  return rows.map((r) => presentMessage(r, viewerId));
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
