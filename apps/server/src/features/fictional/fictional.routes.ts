import { PHOTO_MAX_BYTES } from '@amora/contracts';
import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimited, route } from '../../platform/endpoint.ts';
import { readPhotoUpload } from '../../platform/images.ts';
import { typingRelay } from '../chat/chat-signals.service.ts';
import {
  addProfilePhoto,
  createProfile,
  editProfile,
  getProfile,
  inbox,
  listProfiles,
  openConversation,
  operatorTyping,
  reply,
} from './fictional.service.ts';

const { adminFictional: api } = consoleEndpoints;

/**
 * The console's fictional profiles of the request's site (issue 17 item 8): profiles for admins,
 * the inbox and answers for support (admin implies it). The access (op:admin / op:support for this
 * site) is enforced by platform/access.ts before a handler runs.
 */
export const fictionalRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (op: { id: string; name: string } | null) => ({ id: op!.id, name: op!.name });
  // Profile photos go where members' go (features/photos: the same pipeline and public media root).
  const storage = app.media.photos;
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 0, parts: 2 } });

  route(app, api.list, async (req, res) => {
    res.header('cache-control', 'no-store');
    return listProfiles(app.db, req.site);
  });
  route(app, api.get, async (req, res) => {
    res.header('cache-control', 'no-store');
    return getProfile(app.db, req.site, req.params.id);
  });
  route(app, api.create, async (req) => createProfile(app.db, req.site, actor(req.operator), req.body));
  route(app, api.update, async (req) =>
    editProfile(app.db, req.site, actor(req.operator), req.params.id, req.body),
  );
  route(app, api.addPhoto, rateLimited(30, '10 minutes'), async (req) =>
    addProfilePhoto(app.db, storage, req.site, actor(req.operator), req.params.id, () =>
      readPhotoUpload(req),
    ),
  );

  route(app, api.inbox, async (req, res) => {
    res.header('cache-control', 'no-store');
    return inbox(app.db, req.site, req.query.page);
  });
  route(app, api.conversation, async (req, res) => {
    res.header('cache-control', 'no-store');
    return openConversation(app.db, req.site, req.params.id);
  });
  const relayTyping = typingRelay({ db: app.db, realtime: app.realtime });
  route(app, api.typing, rateLimited(60, '1 minute'), async (req, res) => {
    await operatorTyping(app.db, req.site, req.params.id, relayTyping);
    return res.status(204).send(null);
  });
  route(app, api.reply, rateLimited(120, '1 minute'), async (req) =>
    reply(app, req.site, actor(req.operator), req.params.id, req.body),
  );
};
