import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useUser } from '../../api/queries.ts';
import { messagesKey } from '../../entities/chat/api.ts';
import { isPending, type LocalMessage, upsertLocal } from '../../entities/chat/logic.ts';
import { browserStore, forgetUnsent, keptBack, readKept } from './kept.ts';
import { nextPendingId } from './useSendMessage.ts';

/**
 * Messages kept in this browser but never confirmed (a reload or crash mid-send) come back once
 * the conversation is loaded: as not sent, to retry under their own client id. Those the server
 * stored after all are only forgotten, so nothing shows twice.
 */
export function useKeptRestore({
  partnerId,
  conversationId,
  draftKey,
  loaded,
  list,
}: {
  partnerId: string;
  conversationId: string | null;
  draftKey: string;
  /** The conversation's messages have loaded (list is what the server has). */
  loaded: boolean;
  list: LocalMessage[];
}): void {
  const client = useQueryClient();
  const user = useUser();
  const uid = user?.id ?? '';
  // Once per list: the conversation's own once the page follows it from the empty one (Conversation).
  const listKey = conversationId ?? draftKey;
  const gaveBack = useRef<string | null>(null);
  useEffect(() => {
    if (!uid || !loaded || gaveBack.current === listKey) return;
    gaveBack.current = listKey;
    const kept = readKept(browserStore(), uid, partnerId).unsent;
    if (!kept.length) return;
    const mine = new Set(list.filter((m) => m.mine && !isPending(m)).map((m) => m.client_id));
    const { back, delivered } = keptBack(kept, mine, {
      userId: uid,
      conversationId: conversationId ?? '',
      nextId: nextPendingId,
    });
    for (const id of delivered) forgetUnsent(uid, partnerId, id);
    if (back.length)
      client.setQueryData<LocalMessage[]>(messagesKey(uid, conversationId ?? draftKey), (cur) =>
        back.reduce(upsertLocal, cur ?? []),
      );
  }, [client, uid, partnerId, conversationId, draftKey, listKey, loaded, list]);
}
