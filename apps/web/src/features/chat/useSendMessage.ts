import type { GiftId, User } from '@amora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError, errorText } from '../../api/client.ts';
import { userKey, useUser } from '../../api/queries.ts';
import { useTranslation } from '../../app/translation.ts';
import { chatsKey, messagesKey, type Outgoing, sendMessage } from '../../entities/chat/api.ts';
import {
  isPending,
  type LocalMessage,
  mergeMessages,
  newClientId,
  upsertLocal,
} from '../../entities/chat/logic.ts';
import type { ChatAlert } from './ChatAlerts.tsx';
import { forgetUnsent, keepUnsent } from './kept.ts';
import { sendingHere } from './useLiveChatLikesAndSession.ts';

/** Placeholder ids of messages not stored yet (negative, in the order they were written). */
let pendingSeq = 0;
export const nextPendingId = () => -++pendingSeq;

/** One send as it started: what goes, its placeholder, and where the conversation's messages were then. */
interface Sending {
  out: Outgoing;
  local: LocalMessage;
  key: ReturnType<typeof messagesKey>;
  conversationId: string | null;
}

/**
 * Sending to one partner, so a message never waits on the server to show: it appears at once as
 * "sending" (texts and gifts kept in this browser until the server confirms them), then becomes
 * the stored message, or "not sent" with a retry that sends the very same thing under the same
 * client id (the server books it once). The first message of a new conversation moves its
 * messages under the conversation the server started (onStarted).
 */
export function useSendMessage({
  partnerId,
  conversationId,
  draftKey,
  onStarted,
  onNotice,
  onAlert,
}: {
  partnerId: string;
  conversationId: string | null;
  /** Where a conversation not started yet keeps its messages. */
  draftKey: string;
  onStarted: (conversationId: string) => void;
  onNotice: (notice: string | null) => void;
  onAlert: (alert: ChatAlert) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const user = useUser();
  const uid = user?.id ?? '';
  // What each unsent message was, by client id, so a retry sends the very same thing (a photo's file too).
  const outgoing = useRef(new Map<string, Outgoing>());

  const { mutate } = useMutation({
    // A send that cannot reach the server fails at once (to retry), rather than waiting to be online.
    networkMode: 'always',
    mutationFn: ({ out, local }: Sending) => {
      sendingHere(local.client_id);
      return sendMessage(partnerId, local.client_id, out);
    },
    onSuccess: (res, { local, key, conversationId: started }) => {
      const clientId = local.client_id;
      outgoing.current.delete(clientId);
      forgetUnsent(uid, partnerId, clientId);
      if (started) {
        client.setQueryData<LocalMessage[]>(key, (cur) => mergeMessages(cur ?? [], [res.message]));
      } else {
        // The first message started the conversation: its messages now live under its id.
        const draft = client.getQueryData<LocalMessage[]>(key) ?? [];
        client.setQueryData<LocalMessage[]>(messagesKey(uid, res.message.conversation_id), (cur) =>
          mergeMessages(mergeMessages(cur ?? [], draft), [res.message]),
        );
        onStarted(res.message.conversation_id);
        client.removeQueries({ queryKey: key });
      }
      // The balance and the free messages left, as the server counted them: the composer's price follows.
      client.setQueryData<User | null>(userKey, (u) =>
        u ? { ...u, credits: res.credits, free_messages_left: res.free_messages_left } : u,
      );
      void client.invalidateQueries({ queryKey: chatsKey(uid) });
    },
    onError: (err, { local, key }) => {
      const api = err instanceof ApiError ? err : null;
      const message = errorText(err, t);
      client.setQueryData<LocalMessage[]>(key, (cur) =>
        upsertLocal(cur ?? [], { ...local, status: 'failed', error: message }),
      );
      if (api?.code === 'not_enough_credits') onAlert({ kind: 'credits', message });
      else if (api?.code === 'conversation_limit' || api?.code === 'premium_only')
        onAlert({ kind: 'premium', message });
      else onNotice(message);
    },
  });

  /** Shows the message as sending at once and sends it (a retry passes the failed one's ids). */
  const send = (out: Outgoing, clientId = newClientId(), id = nextPendingId()) => {
    const key = messagesKey(uid, conversationId ?? draftKey);
    outgoing.current.set(clientId, out);
    const preview = out.kind === 'photo' ? URL.createObjectURL(out.file) : null;
    const local: LocalMessage = {
      id,
      conversation_id: conversationId ?? '',
      sender_id: uid,
      client_id: clientId,
      kind: out.kind,
      body: out.kind === 'text' ? out.body : '',
      gift: out.kind === 'gift' ? out.gift : null,
      photo: preview ? { url: preview, thumb: preview } : null,
      cost: 0,
      created_at: new Date().toISOString(),
      mine: true,
      warning: null,
      status: 'sending',
    };
    onNotice(null);
    client.setQueryData<LocalMessage[]>(key, (cur) => upsertLocal(cur ?? [], local));
    if (out.kind !== 'photo')
      keepUnsent(uid, partnerId, {
        client_id: clientId,
        kind: out.kind,
        body: local.body,
        gift: local.gift,
        created_at: local.created_at,
      });
    mutate({ out, local, key, conversationId });
  };

  /** A message that could not be sent, sent again: the same content under its own client id. */
  const retry = (m: LocalMessage) => {
    const out: Outgoing | undefined =
      outgoing.current.get(m.client_id) ??
      (m.kind === 'gift' && m.gift
        ? { kind: 'gift', gift: m.gift as GiftId }
        : m.kind === 'text'
          ? { kind: 'text', body: m.body }
          : undefined);
    if (out) send(out, m.client_id, m.id);
  };

  /** A message that could not be sent, dropped by the member: gone here and from what is kept. */
  const discard = (m: LocalMessage) => {
    outgoing.current.delete(m.client_id);
    forgetUnsent(uid, partnerId, m.client_id);
    client.setQueryData<LocalMessage[]>(messagesKey(uid, conversationId ?? draftKey), (cur) =>
      (cur ?? []).filter((x) => !(x.mine && x.client_id === m.client_id && isPending(x))),
    );
  };

  return { send, retry, discard };
}
