import { useEffect } from 'react';
import { newLikesOf } from '../likes/logic.ts';
import { useLikesPolling } from '../likes/queries.ts';

/**
 * Badge counters for the navigation (spec §2). New likes come from the polled likes query; chats
 * arrive with their own issue and will feed unread messages; until then nothing is unread.
 */
export function useCounters(): { unreadMessages: number; newLikes: number } {
  const likes = useLikesPolling();
  const unreadMessages = 0;
  const newLikes = newLikesOf(likes.data);
  useAppBadge(unreadMessages + newLikes);
  return { unreadMessages, newLikes };
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
