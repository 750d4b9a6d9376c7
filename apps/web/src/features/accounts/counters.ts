/**
 * Badge counters for the navigation (spec §2). Chats and likes arrive with their own issues and
 * will feed these from their queries; until then nothing is unread.
 */
export function useCounters(): { unreadMessages: number; newLikes: number } {
  return { unreadMessages: 0, newLikes: 0 };
}

/** Credits badge for paid members (spec §2, §9): shown at 10 or fewer, warning above 0, danger at 0. */
export const LOW_CREDITS = 10;
export function creditsBadgeTone(credits: number): 'warning' | 'danger' | null {
  if (credits > LOW_CREDITS) return null;
  return credits <= 0 ? 'danger' : 'warning';
}
