import type { GiftId } from '@amora/contracts';
import { endpoints, type QueryOf } from '@amora/contracts/endpoints';
import { call } from '../../api/client.ts';

/**
 * Chat calls (spec §7 /api/chats.php, DELETE /api/chat.php; sending, reading and catching up are
 * plain REST). Types only from the contracts, so the navigation (badge) can use them.
 */
export type { ChatEntry, ChatsResponse, MessagesPage, ReadMark, SendResult } from '@amora/contracts';

const { chat } = endpoints;

/** Per member, so a login (another member in the same tab) loads their own chats (contracts: the server fills it too). */
export { chatsKey, messagesKey } from '@amora/contracts/rules';
export const messagesRoot = (userId: string) => ['chat', userId, 'messages'] as const;

/** A page of the list (`cursor`: after the page that gave it), or only one conversation. */
export const fetchChats = (query: QueryOf<typeof chat.list> = {}, signal?: AbortSignal) =>
  call(chat.list, { headers: { 'x-request-type': 'client' }, query, signal });

/** 0: the latest messages (opening a conversation); an id: what came after it, oldest first. */
export const fetchMessages = (conversationId: string, after: number, signal?: AbortSignal) =>
  call(chat.messages, { params: { id: conversationId }, query: { after }, signal });

/** What a member sends: a text, a gift from the catalogue, or a photo file. */
export type Outgoing =
  | { kind: 'text'; body: string }
  | { kind: 'gift'; gift: GiftId }
  | { kind: 'photo'; file: Blob };

/** Sends one message; the same client id on a retry books nothing twice (the server is idempotent). */
export function sendMessage(memberId: string, clientId: string, out: Outgoing) {
  const params = { id: memberId };
  if (out.kind === 'photo') {
    const form = new FormData();
    form.append('photo', out.file);
    return call(chat.sendPhoto, { params, query: { client_id: clientId }, body: form });
  }
  return call(chat.send, {
    params,
    body:
      out.kind === 'text'
        ? { client_id: clientId, kind: 'text', body: out.body }
        : { client_id: clientId, kind: 'gift', gift: out.gift },
  });
}

export const markRead = (conversationId: string) => call(chat.read, { params: { id: conversationId } });

export const deleteChat = (conversationId: string) => call(chat.hide, { query: { id: conversationId } });

/** The last of my messages in a conversation the partner has read (null: hidden, or none). */
export const readMarkKey = (userId: string, conversation: string) =>
  ['chat', userId, 'read-mark', conversation] as const;
export const fetchReadMark = (conversationId: string, signal?: AbortSignal) =>
  call(chat.readMark, { params: { id: conversationId }, signal });

/** Typing and read receipts: the member's two chat privacy settings (key in contracts). */
export { chatPrivacyKey } from '@amora/contracts/rules';
export const fetchChatPrivacy = (signal?: AbortSignal) => call(chat.privacy, { signal });
export const updateChatPrivacy = (body: { typing?: boolean; read_receipts?: boolean }) =>
  call(chat.updatePrivacy, { body });
