import { z } from 'zod';
import { searchCardSchema } from './profiles.ts';

/** Chat (spec §3 Chat entry and message kinds, §7 /api/chats.php, DELETE /api/chat.php). */
export const messageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.string(),
  sender_id: z.string(),
  client_id: z.string(),
  kind: z.enum(['text', 'photo', 'gift', 'system']),
  body: z.string(),
  cost: z.number().int(),
  created_at: z.string(),
  mine: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

export const chatEntrySchema = z.object({
  conversation: z.object({ id: z.string() }),
  profile: searchCardSchema,
  num_unread_messages: z.number().int(),
  last_message: messageSchema.nullable(),
});
export const chatsResponseSchema = z.object({
  chats: z.array(chatEntrySchema),
  total_unread_messages: z.number().int(),
  total_messages: z.number().int(),
});

export const sendMessageSchema = z.object({
  client_id: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  kind: z.literal('text'),
  body: z.string().trim().min(1, { error: 'message_empty' }),
});
export const sendResultSchema = z.object({
  message: messageSchema,
  /** The sender's balance after this message (unchanged for a free message or a retry). */
  credits: z.number().int(),
});
