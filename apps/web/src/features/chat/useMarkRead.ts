import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useUser } from '../../api/queries.ts';
import { chatsKey, markRead } from '../../entities/chat/api.ts';
import type { LocalMessage } from '../../entities/chat/logic.ts';
import { zeroUnread } from '../../entities/chat/queries.ts';

/**
 * Read (spec §4): an open conversation is marked read when it opens and whenever a partner's
 * message arrives while it is open, so its unread count (and the badge) drops to 0 at once.
 */
export function useMarkRead(conversationId: string | null, list: LocalMessage[]): void {
  const client = useQueryClient();
  const user = useUser();
  const uid = user?.id ?? '';
  let lastTheirs = 0;
  for (const m of list) if (!m.mine && m.id > lastTheirs) lastTheirs = m.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: lastTheirs is the trigger (a new partner message)
  useEffect(() => {
    if (!conversationId || !uid) return;
    const key = chatsKey(uid);
    client.setQueryData(key, (d: Parameters<typeof zeroUnread>[0]) => zeroUnread(d, conversationId));
    markRead(conversationId)
      .then(() => client.invalidateQueries({ queryKey: key }))
      .catch(() => {});
  }, [client, uid, conversationId, lastTheirs]);
}
