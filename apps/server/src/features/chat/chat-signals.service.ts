import type { ChatPrivacy, ReadMark } from '@amora/contracts';
import { TYPING_SERVER_MS } from '@amora/contracts/realtime';
import type { Queryable } from '../../platform/db.ts';
import { AppError, found } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Realtime } from '../../platform/realtime.ts';
import {
  type PairSignals,
  type PrivacyRow,
  pairSignals,
  privacyOf,
  writePrivacy,
} from './chat-signals.repo.ts';

/**
 * Typing and read receipts (issue 30 item 2). Two settings of the member (users.chat_typing,
 * users.chat_read_receipts), on by default: both only tell the partner what the partner could
 * guess from a reply a moment later, and a member who minds switches them off in Settings.
 * Symmetric, and enforced here: a signal passes between two members only while both show it, so
 * who hides theirs sees nobody's. Typing is never stored (it passes from socket to socket, over
 * the Redis fan-out between instances); read marks are the read state the chat keeps anyway
 * (conversation_state.last_read_id). A fictional profile types only when an operator types in the
 * console's reply box; its read mark is never shown (the console's opening of a conversation is
 * no member's reading, and a mark we would have to invent is none).
 */

const present = (r: PrivacyRow): ChatPrivacy => ({
  typing: r.chat_typing,
  read_receipts: r.chat_read_receipts,
});

export async function getChatPrivacy(q: Queryable, userId: string): Promise<ChatPrivacy> {
  const row = found(await privacyOf(q, userId));
  return present(row);
}

export async function updateChatPrivacy(
  q: Queryable,
  userId: string,
  changes: Partial<ChatPrivacy>,
): Promise<ChatPrivacy> {
  const row = found(await writePrivacy(q, userId, changes.typing ?? null, changes.read_receipts ?? null));
  return present(row);
}

/** Whether the partner's read marks may reach the viewer (and so the viewer's reach the partner). */
const receiptsShown = (p: PairSignals) =>
  p.my_receipts && p.partner_receipts && !p.partner_fictional && !p.my_fictional && !p.blocked;

/** The last message of the conversation the partner has read, or null (hidden, or nothing read). */
export async function readMark(q: Queryable, viewerId: string, conversationId: string): Promise<ReadMark> {
  if (!isUuid(conversationId)) throw new AppError('not_found', 404);
  const pair = found(await pairSignals(q, viewerId, conversationId));
  const id = Number(pair.partner_read_id);
  return { read_id: receiptsShown(pair) && id > 0 ? id : null };
}

/**
 * The viewer read the conversation up to `readId`: the partner's tabs move their mark, when both
 * show read receipts.
 */
export async function announceRead(
  deps: { db: Queryable; realtime: Pick<Realtime, 'publish'> },
  viewerId: string,
  conversationId: string,
  readId: number,
): Promise<void> {
  if (readId <= 0) return;
  const pair = await pairSignals(deps.db, viewerId, conversationId);
  if (!pair || !receiptsShown(pair)) return;
  deps.realtime.publish([pair.partner_id], {
    type: 'read',
    conversation_id: conversationId,
    read_id: readId,
  });
}

/**
 * Relays typing to the partner: at most one event per sender and conversation every
 * TYPING_SERVER_MS (what comes faster is dropped before any lookup), only between members who
 * both show typing, not across a block. `operator`: an operator types as the fictional profile
 * (the console); a member's socket never speaks for one. Nothing is written anywhere.
 */
export function typingRelay(deps: { db: Queryable; realtime: Pick<Realtime, 'publish'> }, now = Date.now) {
  const last = new Map<string, number>();
  return async (senderId: string, conversationId: string, operator = false): Promise<boolean> => {
    if (!isUuid(conversationId)) return false;
    const key = `${senderId}:${conversationId}`;
    const t = now();
    const before = last.get(key);
    if (before !== undefined && t - before < TYPING_SERVER_MS) return false;
    last.set(key, t);
    if (last.size > 10_000) for (const [k, at] of last) if (t - at >= TYPING_SERVER_MS) last.delete(k);
    const pair = await pairSignals(deps.db, senderId, conversationId);
    if (!pair || pair.blocked || !pair.partner_active || pair.partner_fictional) return false;
    if (pair.my_fictional !== operator || !pair.my_typing || !pair.partner_typing) return false;
    deps.realtime.publish([pair.partner_id], {
      type: 'typing',
      conversation_id: conversationId,
      user_id: senderId,
    });
    return true;
  };
}
