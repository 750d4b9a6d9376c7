import type { User } from '@amora/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userKey } from '../../api/queries.ts';
import {
  chatsKey,
  fetchMessages,
  messagesKey,
  messagesRoot,
  type ReadMark,
  readMarkKey,
} from '../../entities/chat/api.ts';
import { fromSocket, type LocalMessage, lastStoredId, mergeMessages } from '../../entities/chat/logic.ts';
import { ordersRoot } from '../../entities/credits/api.ts';
import { likesKey } from '../../entities/likes/api.ts';
import { listenLive } from './socket.ts';

/** Client ids this tab is sending: their socket echo reloads nothing the send's answer does not. */
const sentHere = new Set<string>();
export const sendingHere = (clientId: string) => void sentHere.add(clientId);

/** Loads what came after the last stored message into every conversation this tab holds. */
async function catchUp(client: QueryClient, userId: string) {
  const cached = client.getQueryCache().findAll({ queryKey: messagesRoot(userId) });
  await Promise.all(
    cached.map(async (q) => {
      const conversation = q.queryKey[3] as string;
      if (conversation.startsWith('new:')) return;
      const have = q.state.data as LocalMessage[] | undefined;
      if (!have) return;
      try {
        // Page by page from the last stored id until a page comes back not full: nothing lost.
        let after = lastStoredId(have);
        for (;;) {
          const page = await fetchMessages(conversation, after);
          if (page.messages.length)
            client.setQueryData<LocalMessage[]>(q.queryKey, (cur) => mergeMessages(cur ?? [], page.messages));
          if (!page.more || !page.messages.length) break;
          after = page.messages[page.messages.length - 1]!.id;
        }
      } catch {
        // the next (re)connect or opening the conversation tries again
      }
    }),
  );
}

/**
 * What the live connection carries, while a member is logged in (one socket per tab, socket.ts):
 * chat messages, read marks, likes, orders and the end of the session. Each new message goes into its
 * conversation if this tab holds it, and the chats (badge, list) reload; a like or unlike reloads
 * the likes; an order that moved reloads the member (balance, premium) and the orders; a session
 * ended elsewhere reloads the user, so the app follows as logged out. After every
 * (re)connect, and when the server says events may have been missed (resync), the chats and likes
 * reload and open conversations catch up from their last id.
 */
export function useLiveChatLikesAndSession(user: User | null) {
  const client = useQueryClient();
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    return listenLive((e) => {
      if (e.type === 'ended') {
        // Logged out elsewhere: the user reloads as logged out and the app follows (auth redirects).
        void client.invalidateQueries({ queryKey: userKey });
        return;
      }
      if (e.type === 'likes') {
        void client.invalidateQueries({ queryKey: likesKey(userId) });
        return;
      }
      if (e.type === 'order') {
        // A payment moved (maybe in another tab): balance, premium state and the orders reload.
        void client.invalidateQueries({ queryKey: userKey });
        void client.invalidateQueries({ queryKey: ordersRoot });
        return;
      }
      // Typing is the open conversation's own (usePartnerTyping listens for it).
      if (e.type === 'typing') return;
      if (e.type === 'read') {
        // The partner read further: the mark moves in a conversation this tab holds (never back).
        client.setQueryData<ReadMark>(readMarkKey(userId, e.conversation_id), (cur) =>
          cur ? { read_id: Math.max(cur.read_id ?? 0, e.read_id) } : cur,
        );
        return;
      }
      if (e.type === 'connected') {
        void client.invalidateQueries({ queryKey: ['chat', userId, 'read-mark'] });
        void client.invalidateQueries({ queryKey: chatsKey(userId) });
        void client.invalidateQueries({ queryKey: likesKey(userId) });
        void catchUp(client, userId);
        return;
      }
      const message = fromSocket(e.message, userId);
      const key = messagesKey(userId, message.conversation_id);
      if (client.getQueryData(key))
        client.setQueryData<LocalMessage[]>(key, (cur) => mergeMessages(cur ?? [], [message]));
      // The echo of a send from this tab: its own answer updates the list and the balance.
      if (message.mine && sentHere.delete(message.client_id)) return;
      void client.invalidateQueries({ queryKey: chatsKey(userId) });
      // A message of mine sent from another tab may have cost credits.
      if (message.mine && message.cost > 0) void client.invalidateQueries({ queryKey: userKey });
    });
  }, [client, userId]);
}
