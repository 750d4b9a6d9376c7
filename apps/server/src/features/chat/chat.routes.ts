import { type Message, PHOTO_MAX_BYTES, type ScamKind } from '@amora/contracts';
import { endpoints } from '@amora/contracts/endpoints';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimited, route } from '../../platform/endpoint.ts';
import { readPhotoUpload } from '../../platform/images.ts';
import { announceMessage, sendMessage } from './chat.service.ts';
import { listChats } from './chat-list.service.ts';
import { hideConversation, listMessages, markRead } from './chat-messages.service.ts';
import { chatMedia, sendPhotoMessage } from './chat-photos.service.ts';
import { announceRead, getChatPrivacy, readMark, updateChatPrivacy } from './chat-signals.service.ts';

const { chat } = endpoints;

/** Spec §7 keeps /api/chats.php and DELETE /api/chat.php; sending and reading are plain REST. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  // Chat photos are private to the pair: outside the public media root, served only by the route below.
  const storage = app.media.chat;
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  /** A retry announces nothing: the first send did. */
  const announce = (
    senderId: string,
    recipientId: string,
    r: { message: Message; fresh: boolean; warning: ScamKind | null },
  ) => {
    if (!r.fresh) return;
    const warning = r.warning ? { userId: recipientId, kind: r.warning } : undefined;
    announceMessage(app.realtime, [senderId, recipientId], r.message, warning);
  };
  route(app, chat.list, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return listChats(app.db, req.site, req.user!.id, req.query);
  });

  route(app, chat.send, rateLimited(60, '1 minute'), async (req) => {
    const result = await sendMessage(app.db, req.site, req.user!.id, req.params.id, req.body);
    announce(req.user!.id, req.params.id, result);
    return {
      message: result.message,
      credits: result.credits,
      free_messages_left: result.free_messages_left,
    };
  });

  route(app, chat.sendPhoto, rateLimited(20, '1 minute'), async (req) => {
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
    return {
      message: result.message,
      credits: result.credits,
      free_messages_left: result.free_messages_left,
    };
  });

  route(app, chat.media, async (req, reply) => {
    const data = await chatMedia(app.db, storage, req.user!.id, req.params.message, req.params.variant);
    return reply
      .header('content-type', 'image/jpeg')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=86400, immutable')
      .send(data);
  });

  route(app, chat.messages, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return listMessages(app.db, req.user!.id, req.params.id, req.query.after);
  });

  route(app, chat.read, async (req, reply) => {
    const readId = await markRead(app.db, req.user!.id, req.params.id);
    // The partner's mark moves live (when both show read receipts); a failure costs only that.
    await announceRead(app, req.user!.id, req.params.id, readId).catch((err) =>
      req.log.warn({ err }, 'read receipt not announced'),
    );
    return reply.status(204).send(null);
  });

  route(app, chat.readMark, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return readMark(app.db, req.user!.id, req.params.id);
  });

  route(app, chat.privacy, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return getChatPrivacy(app.db, req.user!.id);
  });

  route(app, chat.updatePrivacy, rateLimited(30, '1 minute'), async (req) =>
    updateChatPrivacy(app.db, req.user!.id, req.body),
  );

  route(app, chat.hide, async (req, reply) => {
    await hideConversation(app.db, req.user!.id, req.query.id);
    return reply.status(204).send(null);
  });
};
