import {
  chatsQuerySchema,
  chatsResponseSchema,
  clientIdSchema,
  type Message,
  messagesPageSchema,
  PHOTO_MAX_BYTES,
  sendMessageSchema,
  sendResultSchema,
} from '@amora/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readPhotoUpload } from '../../platform/images.ts';
import { chatMediaStorage } from '../../platform/storage.ts';
import { announceMessage, hideConversation, listMessages, markRead, sendMessage } from './chat.service.ts';
import { listChats } from './chat-list.ts';
import { chatMedia, sendPhotoMessage } from './chat-photos.ts';

const tags = ['chat'];
const memberParams = z.object({ id: z.string().max(64) });
const conversationParams = z.object({ id: z.string().max(64) });

/** Spec §7 keeps /api/chats.php and DELETE /api/chat.php; sending and reading are plain REST. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  // Chat photos are private to the pair: outside the public media root, served only by the route below.
  const storage = chatMediaStorage(app.config.dataDir);
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  /** A retry announces nothing: the first send did. */
  const announce = (senderId: string, recipientId: string, r: { message: Message; fresh: boolean }) => {
    if (r.fresh) announceMessage(app.realtime, [senderId, recipientId], r.message);
  };
  app.get(
    '/api/chats.php',
    {
      config: { access: 'member' },
      schema: { tags, querystring: chatsQuerySchema, response: { 200: chatsResponseSchema } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listChats(app.db, req.site, req.user!.id, req.query);
    },
  );

  app.post(
    '/api/members/:id/messages',
    {
      config: { access: 'member', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, params: memberParams, body: sendMessageSchema, response: { 200: sendResultSchema } },
    },
    async (req) => {
      const result = await sendMessage(app.db, req.site, req.user!.id, req.params.id, req.body);
      announce(req.user!.id, req.params.id, result);
      return { message: result.message, credits: result.credits };
    },
  );

  app.post(
    '/api/members/:id/photo-messages',
    {
      config: { access: 'member', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Send a photo (multipart field "photo"; premium members, costs photo_credits)',
        consumes: ['multipart/form-data'],
        params: memberParams,
        querystring: z.object({ client_id: clientIdSchema }),
        response: { 200: sendResultSchema },
      },
    },
    async (req) => {
      const me = req.user!.id;
      const result = await sendPhotoMessage(
        app.db,
        storage,
        req.site,
        me,
        req.params.id,
        req.query.client_id,
        () => readPhotoUpload(req),
      );
      announce(me, req.params.id, result);
      return { message: result.message, credits: result.credits };
    },
  );

  app.get(
    '/api/chat/media/:message/:variant',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'The image of a photo message (members of its conversation only)',
        params: z.object({ message: z.coerce.number().int().positive(), variant: z.enum(['l', 't']) }),
      },
    },
    async (req, reply) => {
      const data = await chatMedia(app.db, storage, req.user!.id, req.params.message, req.params.variant);
      return reply
        .header('content-type', 'image/jpeg')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(data);
    },
  );

  app.get(
    '/api/chat/:id/messages',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: conversationParams,
        querystring: z.object({ after: z.coerce.number().int().min(0).default(0) }),
        response: { 200: messagesPageSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listMessages(app.db, req.user!.id, req.params.id, req.query.after);
    },
  );

  app.post(
    '/api/chat/:id/read',
    { config: { access: 'member' }, schema: { tags, params: conversationParams } },
    async (req, reply) => {
      await markRead(app.db, req.user!.id, req.params.id);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/chat.php',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Remove a conversation from my list',
        querystring: z.object({ id: z.string().max(64) }),
      },
    },
    async (req, reply) => {
      await hideConversation(app.db, req.user!.id, req.query.id);
      return reply.status(204).send();
    },
  );
};
