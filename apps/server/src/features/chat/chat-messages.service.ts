import { CHAT_CATCH_UP_LIMIT, CHAT_HISTORY_LIMIT, type Message } from '@amora/contracts';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError, found } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { presentMessage } from './chat.presenter.ts';
import {
  conversationOfMember,
  latestMessages,
  mediaKeyForMember,
  messageIdBelowLatest,
  messagesAfter,
  setAllHidden,
  setAllRead,
} from './chat.repo.ts';

/** Reading a conversation: its messages (opening it, catching up), read and removed, photo files. */

/** A conversation the viewer is part of (or 404: nobody reads another pair's conversation). */
export async function conversationFor(q: Queryable, viewerId: string, conversationId: string) {
  if (!isUuid(conversationId)) throw new AppError('not_found', 404);
  const c = found(await conversationOfMember(q, viewerId, conversationId));
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
    const rows = await latestMessages(db, c.id, floor, CHAT_HISTORY_LIMIT + 1);
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
  const below = await messageIdBelowLatest(db, c.id, floor, CHAT_HISTORY_LIMIT);
  const windowFloor = Math.max(floor, Number(below ?? 0));
  const rows = await messagesAfter(db, c.id, windowFloor, CHAT_CATCH_UP_LIMIT + 1);
  return {
    messages: rows.slice(0, CHAT_CATCH_UP_LIMIT).map((r) => presentMessage(r, viewerId)),
    older_hidden: windowFloor > floor,
    more: rows.length > CHAT_CATCH_UP_LIMIT,
  };
}

/** A photo message's stored image key, for a member of its conversation only (else 404). */
export async function chatMediaKey(db: Db, viewerId: string, messageId: number): Promise<string> {
  const key = found(await mediaKeyForMember(db, viewerId, messageId));
  return key;
}

/** Opening a conversation sets its unread count to 0 (spec §4); the id read up to (read receipts). */
export async function markRead(db: Db, viewerId: string, conversationId: string): Promise<number> {
  const c = await conversationFor(db, viewerId, conversationId);
  return setAllRead(db, viewerId, c.id);
}

/** Removing a chat hides it, and what came before, for the viewer only (spec §4). */
export async function hideConversation(db: Db, viewerId: string, conversationId: string): Promise<void> {
  const c = await conversationFor(db, viewerId, conversationId);
  await setAllHidden(db, viewerId, c.id);
}
