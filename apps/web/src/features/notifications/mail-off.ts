import type { NotificationsDisabledReason, User } from '@amora/contracts';
import { dismissalHolds } from '../../app/dismissals.ts';

/**
 * The disabled-notifications alert (spec §3 User.notifications_disabled, §4 dismissals): which
 * reasons to explain, in a fixed order, and whether the alert shows. Pure (no zod, no React), so
 * the layout's slot can use it without weight.
 */
const ORDER = ['bounce', 'fbl', 'listunsubscribe'] as const satisfies readonly NotificationsDisabledReason[];

/** A dismissed alert stays away this long, then reminds again while mail is still off. */
export const MAIL_OFF_DISMISS_MS = 30 * 24 * 3600 * 1000;

/** The reasons we can explain, in the alert's order (an unknown word is left out). */
export function mailOffReasons(user: Pick<User, 'notifications_disabled'>): NotificationsDisabledReason[] {
  return ORDER.filter((r) => user.notifications_disabled.includes(r));
}

/** Whether the alert shows: mail is off, and it was not dismissed within the last 30 days. */
export function showMailOffAlert(off: boolean, dismissedAt: number | null, now = Date.now()): boolean {
  return off && !dismissalHolds(dismissedAt, MAIL_OFF_DISMISS_MS, now);
}
