import { useEffect } from 'react';
import { newLikesOf } from '../likes/logic.ts';
import { useLikesPolling } from '../likes/queries.ts';
import { useUserPolling } from '../push/nav-polling.ts';
import { totalUnread, useChatsPolling } from './queries.ts';

/**
 * Badge counters for the navigation (spec §2). New likes come from the polled likes query, unread
 * messages from the polled chats query, which every live message refreshes too (RootLayout holds
 * the tab's live connection). `firstChat` is the newest conversation, for the desktop-only
 * Messages entry.
 */
export function useCounters(): { unreadMessages: number; newLikes: number; firstChat: string | null } {
  useUserPolling();
  const likes = useLikesPolling();
  const chats = useChatsPolling();
  const unreadMessages = totalUnread(chats.data);
  const newLikes = newLikesOf(likes.data);
  useAppBadge(unreadMessages + newLikes);
  return { unreadMessages, newLikes, firstChat: chats.data?.pages[0]?.chats[0]?.conversation.id ?? null };
}

type BadgeNavigator = Navigator & {
  setAppBadge?: (n?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/** Spec §4: the app badge shows unread messages plus new likes where the device supports it; failures are ignored. */
function useAppBadge(count: number) {
  useEffect(() => {
    const nav = typeof navigator === 'undefined' ? undefined : (navigator as BadgeNavigator);
    if (!nav?.setAppBadge) return;
    try {
      const done = count > 0 ? nav.setAppBadge(count) : nav.clearAppBadge?.();
      done?.catch(() => {});
    } catch {
      // not allowed here: ignored
    }
  }, [count]);
}

/** Credits badge for paid members (spec §2, §9): shown at 10 or fewer, warning above 0, danger at 0. */
export const LOW_CREDITS = 10;
export function creditsBadgeTone(credits: number): 'warning' | 'danger' | null {
  if (credits > LOW_CREDITS) return null;
  return credits <= 0 ? 'danger' : 'warning';
}
