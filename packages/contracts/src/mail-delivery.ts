import { z } from 'zod';

/**
 * Why e-mail notifications are off for a member (spec §3 User.notifications_disabled): a hard
 * bounce ('bounce'), a spam complaint through a mailbox provider's feedback loop ('fbl'), or an
 * unsubscribe from every notification mail ('listunsubscribe').
 */
export const NOTIFICATIONS_DISABLED_REASONS = ['bounce', 'fbl', 'listunsubscribe'] as const;
export type NotificationsDisabledReason = (typeof NOTIFICATIONS_DISABLED_REASONS)[number];

/** The answer of turning e-mail notifications back on: the reasons left (none). */
export const mailEnableResponseSchema = z.object({ notifications_disabled: z.array(z.string()) });
