import type { GiftId, Message, SearchCard } from '@amora/contracts';
import { api } from '../../api/client.ts';

/**
 * Chat calls (spec §7 /api/chats.php, DELETE /api/chat.php; sending, reading and catching up are
 * plain REST). Types only from the contracts, so the navigation (badge) can use them.
 */
/** The shapes of chatEntrySchema, chatsResponseSchema and sendResultSchema. */
export interface ChatEntry {
  conversation: { id: string };
  profile: SearchCard;
  num_unread_messages: number;
  last_message: Message | null;
  partner_confirmed: boolean;
}
/** One page of the list, newest first; the totals count every conversation. */
export interface ChatsResponse {
  chats: ChatEntry[];
  total_unread_messages: number;
  total_messages: number;
  /** Asked for with `cursor`: the next, older page; null at the end. */
  next_cursor: string | null;
}
export interface SendResult {
  message: Message;
  credits: number;
}

/** Per member, so a login (another member in the same tab) loads their own chats. */
export const chatsKey = (userId: string) => ['chats', userId] as const;
export const messagesRoot = (userId: string) => ['chat', userId, 'messages'] as const;
export const messagesKey = (userId: string, conversation: string) =>
  ['chat', userId, 'messages', conversation] as const;

/** A page of the list (`cursor`: after the page that gave it), or only one conversation. */
export const fetchChats = (
  query: { cursor?: string; conversation?: string; member?: string } = {},
  signal?: AbortSignal,
) => api<ChatsResponse>('/api/chats.php', { headers: { 'x-request-type': 'client' }, query, signal });

/** The shape of messagesPageSchema. */
export interface MessagesPage {
  messages: Message[];
  /** Opening (after 0): earlier messages exist and stay hidden for privacy. */
  older_hidden: boolean;
  /** Catching up: the page came back full, ask again after its last id. */
  more: boolean;
}

/** 0: the latest messages (opening a conversation); an id: what came after it, oldest first. */
export const fetchMessages = (conversationId: string, after: number, signal?: AbortSignal) =>
  api<MessagesPage>(`/api/chat/${encodeURIComponent(conversationId)}/messages`, {
    query: { after },
    signal,
  });

/** What a member sends: a text, a gift from the catalogue, or a photo file. */
export type Outgoing =
  | { kind: 'text'; body: string }
  | { kind: 'gift'; gift: GiftId }
  | { kind: 'photo'; file: Blob };

/** Sends one message; the same client id on a retry books nothing twice (the server is idempotent). */
export function sendMessage(memberId: string, clientId: string, out: Outgoing): Promise<SendResult> {
  const member = encodeURIComponent(memberId);
  if (out.kind === 'photo') {
    const form = new FormData();
    form.append('photo', out.file);
    return api<SendResult>(`/api/members/${member}/photo-messages`, {
      method: 'POST',
      query: { client_id: clientId },
      body: form,
    });
  }
  return api<SendResult>(`/api/members/${member}/messages`, {
    method: 'POST',
    body:
      out.kind === 'text'
        ? { client_id: clientId, kind: 'text', body: out.body }
        : { client_id: clientId, kind: 'gift', gift: out.gift },
  });
}

export const markRead = (conversationId: string) =>
  api<void>(`/api/chat/${encodeURIComponent(conversationId)}/read`, { method: 'POST' });

export const deleteChat = (conversationId: string) =>
  api<void>('/api/chat.php', { method: 'DELETE', query: { id: conversationId } });
