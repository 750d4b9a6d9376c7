import { z } from 'zod';
import { searchCardSchema } from './profiles.ts';
import { GIFT_IDS } from './rules.ts';

/**
 * What a scam warning under a received message is about (issue 30): asking for money, gift cards,
 * crypto or bank details, moving the conversation off the site early, a link to another site.
 */
export const SCAM_KINDS = ['money', 'gift_card', 'crypto', 'bank', 'off_site', 'link'] as const;
export type ScamKind = (typeof SCAM_KINDS)[number];

/** Chat (spec §3 Chat entry and message kinds, §7 /api/chats.php, DELETE /api/chat.php). */
export const messageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.string(),
  sender_id: z.string(),
  client_id: z.string(),
  kind: z.enum(['text', 'photo', 'gift', 'system']),
  /** Text of a text or system message; empty for photos and gifts. */
  body: z.string(),
  /** A gift message's gift (contracts/rules GIFTS). */
  gift: z.enum(GIFT_IDS).nullable(),
  /** A photo message's image, served only to the two members of the conversation. */
  photo: z.object({ url: z.string(), thumb: z.string() }).nullable(),
  cost: z.number().int(),
  created_at: z.string(),
  mine: z.boolean(),
  /** A scam warning for the recipient; always null for the sender (who is never told). */
  warning: z.enum(SCAM_KINDS).nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const chatEntrySchema = z.object({
  conversation: z.object({ id: z.string() }),
  profile: searchCardSchema,
  num_unread_messages: z.number().int(),
  last_message: messageSchema.nullable(),
  /** False while the partner's e-mail is not confirmed: they may write, nobody can reply yet (spec §8). */
  partner_confirmed: z.boolean(),
});
export type ChatEntry = z.infer<typeof chatEntrySchema>;
/**
 * One page of the chat list, newest first. The totals count every conversation the member can
 * open, whatever the page. `next_cursor`: ask with `?cursor=` for the next, older page; null at the end.
 */
export const chatsResponseSchema = z.object({
  chats: z.array(chatEntrySchema),
  total_unread_messages: z.number().int(),
  total_messages: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type ChatsResponse = z.infer<typeof chatsResponseSchema>;
/** `conversation` or `member`: only that one conversation (a deep link to one beyond the first page). */
export const chatsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  conversation: z.string().uuid().optional(),
  member: z.string().uuid().optional(),
});

/** The sender's own id for a message: a retry or a double click sends the same one. */
export const clientIdSchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** A text or a gift (photos go as multipart to /api/members/:id/photo-messages?client_id=). */
export const sendMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    client_id: clientIdSchema,
    kind: z.literal('text'),
    body: z.string().trim().min(1, { error: 'message_empty' }),
  }),
  z.object({ client_id: clientIdSchema, kind: z.literal('gift'), gift: z.enum(GIFT_IDS) }),
]);
export type SendMessage = z.infer<typeof sendMessageSchema>;

export const messagesPageSchema = z.object({
  messages: z.array(messageSchema),
  /** The first page only: earlier messages exist and stay hidden for privacy (spec §8). */
  older_hidden: z.boolean(),
  /** A catch-up page came back full: ask again after its last id. */
  more: z.boolean(),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;
export const sendResultSchema = z.object({
  message: messageSchema,
  /** The sender's balance after this message (unchanged for a free message or a retry). */
  credits: z.number().int(),
  /** Free text messages the sender has left after this one (0 for premium members). */
  free_messages_left: z.number().int(),
});
export type SendResult = z.infer<typeof sendResultSchema>;

/**
 * Typing and read receipts (issue 30 item 2): each on by default, each off-able in Settings.
 * Symmetric: who hides their own sees nobody's (the server sends neither way).
 */
export const chatPrivacySchema = z.object({ typing: z.boolean(), read_receipts: z.boolean() });
export type ChatPrivacy = z.infer<typeof chatPrivacySchema>;
/** A change: one setting or both; the other stays as it is. */
export const chatPrivacyUpdateSchema = chatPrivacySchema.partial().strict();
/** The last of the viewer's messages the partner has read; null when receipts are hidden (or none). */
export const readMarkSchema = z.object({ read_id: z.number().int().nullable() });
export type ReadMark = z.infer<typeof readMarkSchema>;
