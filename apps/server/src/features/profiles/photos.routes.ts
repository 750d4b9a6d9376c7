import { PHOTO_MAX_BYTES } from '@amora/contracts';
import { endpoints } from '@amora/contracts/endpoints';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimited, route } from '../../platform/endpoint.ts';
import { AppError } from '../../platform/errors.ts';
import { readPhotoUpload } from '../../platform/images.ts';
import { addPhoto, deletePhoto, reorderPhotos, setMainPhoto } from '../photos/photos.service.ts';
import { ownProfile } from './profiles.service.ts';

const { photos } = endpoints;

/** The member's own photos: upload, delete, main photo, order (plain REST, guide §10). */
export const photosRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = app.media.photos;
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 0, parts: 2 } });

  route(app, photos.upload, rateLimited(30, '10 minutes'), async (req, reply) => {
    const data = await readPhotoUpload(req);
    const row = await addPhoto(app.db, storage, req.site, req.user!.id, data);
    const profile = await ownProfile(app.db, req.site, req.user!.id);
    // Gone already only if another tab deleted it in between: nothing to answer with.
    const photo = profile.photos.find((p) => p.id === row.id);
    if (!photo) throw new AppError('not_found', 404);
    return reply.status(201).send(photo);
  });

  route(app, photos.remove, async (req) => {
    await deletePhoto(app.db, storage, req.user!.id, req.params.id);
    return ownProfile(app.db, req.site, req.user!.id);
  });

  route(app, photos.setMain, async (req) => {
    await setMainPhoto(app.db, req.user!.id, req.params.id);
    return ownProfile(app.db, req.site, req.user!.id);
  });

  route(app, photos.reorder, async (req) => {
    await reorderPhotos(app.db, req.user!.id, req.body.ids);
    return ownProfile(app.db, req.site, req.user!.id);
  });
};
