import { TYPING_EXPIRE_MS, TYPING_SEND_MS } from '@amora/contracts/realtime';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useUser } from '../../api/queries.ts';
import { fetchReadMark, readMarkKey } from '../../entities/chat/api.ts';
import { type LiveEvent, listenLive, sendTyping } from './socket.ts';

/**
 * Typing and read receipts in an open conversation (issue 30 item 2). Whether they pass at all is
 * the server's decision (both members must show them); the tab only shows what arrives.
 */

/**
 * Until when the partner shows as typing, after a live event: a typing event of theirs in this
 * conversation holds it TYPING_EXPIRE_MS more; their message ends it at once.
 */
export function typingUntil(
  until: number | null,
  e: LiveEvent,
  c: { conversationId: string; partnerId: string; now: number },
): number | null {
  if (e.type === 'typing' && e.conversation_id === c.conversationId && e.user_id === c.partnerId)
    return c.now + TYPING_EXPIRE_MS;
  if (
    e.type === 'message' &&
    e.message.conversation_id === c.conversationId &&
    e.message.sender_id === c.partnerId
  )
    return null;
  return until;
}

/** Whether the partner is typing in this conversation now (false once it expires). */
export function usePartnerTyping(conversationId: string | null, partnerId: string): boolean {
  const [until, setUntil] = useState<number | null>(null);
  useEffect(() => {
    setUntil(null);
    if (!conversationId) return;
    return listenLive((e) =>
      setUntil((u) => typingUntil(u, e, { conversationId, partnerId, now: Date.now() })),
    );
  }, [conversationId, partnerId]);
  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(() => setUntil(null), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);
  return until !== null;
}

/**
 * What to call as the member types: tells the partner at most every TYPING_SEND_MS, and not at
 * all while the member hides their typing (`enabled` false) or before the conversation exists.
 */
export function useTypingSender(conversationId: string | null, enabled: boolean): () => void {
  const last = useRef(0);
  return useCallback(() => {
    if (!conversationId || !enabled) return;
    const now = Date.now();
    if (now - last.current < TYPING_SEND_MS) return;
    last.current = now;
    sendTyping(conversationId);
  }, [conversationId, enabled]);
}

/** The last of my messages the partner has read (null: hidden by either of us, or none yet). */
export function useReadMark(conversationId: string | null): number | null {
  const user = useUser();
  const q = useQuery({
    queryKey: readMarkKey(user?.id ?? '', conversationId ?? ''),
    queryFn: ({ signal }) => fetchReadMark(conversationId!, signal),
    enabled: !!user && !!conversationId,
  });
  return q.data?.read_id ?? null;
}
