import { z } from 'zod';
import { MAIL_TYPES, type MailType } from './profile.ts';

/**
 * What a member gets before choosing: mail about their own conversations and likes, and the
 * occasional reminder and weekly update. Promotions and news only once they chose them (issue 15;
 * consent for marketing is asked, never assumed).
 */
export const MAIL_DEFAULTS: Readonly<Record<MailType, boolean>> = {
  new_conversations: true,
  new_messages: true,
  like: true,
  unread_message_reminders: true,
  weekly_updates: true,
  reminders: true,
  promotions: false,
  news: false,
};

export const mailTypeSchema = z.enum(MAIL_TYPES);

/** Every type with the member's choice (or its default). */
export const mailPrefsSchema = z.object(
  Object.fromEntries(MAIL_TYPES.map((t) => [t, z.boolean()])) as Record<MailType, z.ZodBoolean>,
);
export type MailPrefs = z.infer<typeof mailPrefsSchema>;

/** The member's preferences and whether mail is stopped altogether (notifications_disabled). */
export const mailPrefsResponseSchema = z.object({
  prefs: mailPrefsSchema,
  /** Reasons mail is stopped for this member (fbl, bounce, listunsubscribe); empty when it flows. */
  disabled: z.array(z.string()),
});
export type MailPrefsResponse = z.infer<typeof mailPrefsResponseSchema>;

/** A change: some types switched on or off; the others stay as they are. */
export const mailPrefsUpdateSchema = mailPrefsSchema.partial().strict();

/** The signed token of an unsubscribe link (member and type). */
export const unsubscribeQuerySchema = z.object({ token: z.string().max(200).default('') });

/** What the unsubscribe page shows before the member confirms. */
export const unsubscribeInfoSchema = z.object({ type: mailTypeSchema });

/**
 * One-click (RFC 8058: a form body `List-Unsubscribe=One-Click`) or the page's button (JSON,
 * `all` to stop every notification mail).
 */
export const unsubscribeBodySchema = z
  .object({ all: z.boolean().optional(), 'List-Unsubscribe': z.string().max(40).optional() })
  .default({});

export const unsubscribeResultSchema = z.object({ type: mailTypeSchema, all: z.boolean() });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
