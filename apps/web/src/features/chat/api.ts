import type { Message, SearchCard } from '@amora/contracts';
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
}
export interface ChatsResponse {
  chats: ChatEntry[];
  total_unread_messages: number;
  total_messages: number;
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

export const fetchChats = (signal?: AbortSignal) =>
  api<ChatsResponse>('/api/chats.php', { headers: { 'x-request-type': 'client' }, signal });

/** Messages after an id, oldest first (up to 200): 0 for the first load, the last id to catch up. */
export const fetchMessages = (conversationId: string, after: number, signal?: AbortSignal) =>
  api<{ messages: Message[] }>(`/api/chat/${encodeURIComponent(conversationId)}/messages`, {
    query: { after },
    signal,
  });

/** Sends one message; the same client id on a retry books nothing twice (the server is idempotent). */
export const sendMessage = (memberId: string, clientId: string, body: string) =>
  api<SendResult>(`/api/members/${encodeURIComponent(memberId)}/messages`, {
    method: 'POST',
    body: { client_id: clientId, kind: 'text', body },
  });

export const markRead = (conversationId: string) =>
  api<void>(`/api/chat/${encodeURIComponent(conversationId)}/read`, { method: 'POST' });

export const deleteChat = (conversationId: string) =>
  api<void>('/api/chat.php', { method: 'DELETE', query: { id: conversationId } });
