import type { User } from '@amora/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userKey, useSettings } from '../../api/queries.ts';
import { chatsKey } from '../../entities/chat/api.ts';
import { likesKey } from '../../entities/likes/api.ts';
import { initPush } from '../../entities/push/push-state.ts';

/**
 * The page's side of web push, for every layout: works out the push state once hydrated (and
 * again when a member logs in or out), and reloads chats and likes when the worker tells of a
 * push (spec §4: "chats and likes reload on a pushed message").
 */
export function usePushRuntime(user: User | null) {
  const settings = useSettings();
  const client = useQueryClient();
  const userId = user?.id;
  useEffect(() => {
    void initPush(settings.push_public_key, !!userId).catch(() => {});
  }, [settings.push_public_key, userId]);
  useEffect(() => {
    if (!userId || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const onMessage = (e: MessageEvent) => {
      if ((e.data as { type?: string } | null)?.type !== 'amora-push') return;
      void client.invalidateQueries({ queryKey: chatsKey(userId) });
      void client.invalidateQueries({ queryKey: likesKey(userId) });
      void client.invalidateQueries({ queryKey: userKey });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [client, userId]);
}
