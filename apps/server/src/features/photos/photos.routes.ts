import path from 'node:path';
import { ownProfileSchema, PHOTO_MAX_BYTES, photoOrderSchema } from '@amora/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readPhotoUpload } from '../../platform/images.ts';
import { Storage } from '../../platform/storage.ts';
import { ownProfile } from '../profiles/profiles.service.ts';
import { addPhoto, deletePhoto, reorderPhotos, setMainPhoto } from './photos.service.ts';

const idParams = z.object({ id: z.string().max(64) });

/** The member's own photos: upload, delete, main photo, order (plain REST, guide §10). */
export const photosRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = new Storage(path.join(app.config.dataDir, 'media'));
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 0, parts: 2 } });

  app.post(
    '/api/photos',
    {
      config: { access: 'member', rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['photos'],
        summary: 'Upload a photo (multipart field "photo")',
        consumes: ['multipart/form-data'],
      },
    },
    async (req, reply) => {
      const data = await readPhotoUpload(req);
      const row = await addPhoto(app.db, storage, req.site, req.user!.id, data);
      const profile = await ownProfile(app.db, req.site, req.user!.id);
      return reply.status(201).send(profile.photos.find((p) => p.id === row.id));
    },
  );

  app.delete(
    '/api/photos/:id',
    {
      config: { access: 'member' },
      schema: { tags: ['photos'], params: idParams, response: { 200: ownProfileSchema } },
    },
    async (req) => {
      await deletePhoto(app.db, storage, req.user!.id, req.params.id);
      return ownProfile(app.db, req.site, req.user!.id);
    },
  );

  app.post(
    '/api/photos/:id/main',
    {
      config: { access: 'member' },
      schema: { tags: ['photos'], params: idParams, response: { 200: ownProfileSchema } },
    },
    async (req) => {
      await setMainPhoto(app.db, req.user!.id, req.params.id);
      return ownProfile(app.db, req.site, req.user!.id);
    },
  );

  app.put(
    '/api/photos/order',
    {
      config: { access: 'member' },
      schema: { tags: ['photos'], body: photoOrderSchema, response: { 200: ownProfileSchema } },
    },
    async (req) => {
      await reorderPhotos(app.db, req.user!.id, req.body.ids);
      return ownProfile(app.db, req.site, req.user!.id);
    },
  );
};
