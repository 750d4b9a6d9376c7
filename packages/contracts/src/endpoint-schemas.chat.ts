/**
 * The chat's endpoints (a part of endpoint-schemas.app.ts, the app's half): conversations,
 * messages, photos, reading, and typing and read receipts.
 */
import { z } from 'zod';
import {
  chatPrivacySchema,
  chatPrivacyUpdateSchema,
  chatsQuerySchema,
  chatsResponseSchema,
  clientIdSchema,
  messagesPageSchema,
  readMarkSchema,
  sendMessageSchema,
  sendResultSchema,
} from './chat.ts';
import { answering, done, idParams, tagged } from './route-schema.ts';

const sent = answering(sendResultSchema);

export const chatEndpointSchemas = {
  chat: tagged(['chat'], {
    list: {
      summary: 'The member’s conversations, newest first',
      querystring: chatsQuerySchema,
      response: { 200: chatsResponseSchema },
    },
    send: sent({
      summary: 'Send a message to a member (costs credits)',
      params: idParams,
      body: sendMessageSchema,
    }),
    sendPhoto: sent({
      summary: 'Send a photo (multipart field "photo"; premium members, costs photo_credits)',
      consumes: ['multipart/form-data'],
      params: idParams,
      querystring: z.object({ client_id: clientIdSchema }),
    }),
    media: {
      summary: 'The image of a photo message (members of its conversation only)',
      params: z.object({ message: z.coerce.number().int().positive(), variant: z.enum(['l', 't']) }),
    },
    messages: {
      summary: 'A conversation’s messages after a given id',
      params: idParams,
      querystring: z.object({ after: z.coerce.number().int().min(0).default(0) }),
      response: { 200: messagesPageSchema },
    },
    read: done({ summary: 'Mark a conversation read', params: idParams }),
    hide: done({
      summary: 'Remove a conversation from my list',
      querystring: z.object({ id: z.string().max(64) }),
    }),
    readMark: {
      summary: 'The last of my messages the partner has read (null while either side hides read receipts)',
      params: idParams,
      response: { 200: readMarkSchema },
    },
    privacy: {
      summary: 'Whether my typing and my read receipts are shown (and so whether I see others’)',
      response: { 200: chatPrivacySchema },
    },
    updatePrivacy: {
      summary: 'Switch typing or read receipts on or off',
      body: chatPrivacyUpdateSchema,
      response: { 200: chatPrivacySchema },
    },
  }),
};
