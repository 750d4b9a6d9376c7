import path from 'node:path';
import {
  complaintSchema,
  geocodeQuerySchema,
  geocodeResponseSchema,
  invisibleSchema,
  loggedOutSearchVisible,
  memberProfileSchema,
  ownProfileSchema,
  PHOTO_MAX_BYTES,
  photoOrderSchema,
  profileUpdateSchema,
  searchQuerySchema,
  searchResultSchema,
} from '@amora/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { readPhotoUpload } from '../../platform/images.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { Storage } from '../../platform/storage.ts';
import { block, unblock, viewMember } from '../members/members.profile.ts';
import { searchMembers } from '../members/search.ts';
import { addPhoto, deletePhoto, reorderPhotos, setMainPhoto } from '../photos/photos.service.ts';
import { reverseGeocode } from './geocode.ts';
import { editProfile, ownProfile, setInvisible } from './profiles.service.ts';

const idParams = z.object({ id: z.string().max(64) });

/** Profiles, photos, member pages, search, blocks, complaints (plain REST, guide §10). */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = new Storage(path.join(app.config.dataDir, 'media'));
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 0, parts: 2 } });

  app.get(
    '/api/profile',
    { config: { access: 'member' }, schema: { tags: ['profiles'], response: { 200: ownProfileSchema } } },
    async (req) => ownProfile(app.db, req.site, req.user!.id),
  );

  app.put(
    '/api/profile',
    {
      config: { access: 'member' },
      schema: { tags: ['profiles'], body: profileUpdateSchema, response: { 200: ownProfileSchema } },
    },
    async (req) => editProfile(app.db, req.site, req.user!.id, req.body),
  );

  app.put(
    '/api/account/invisible',
    {
      config: { access: 'member' },
      schema: { tags: ['profiles'], body: invisibleSchema, response: { 200: ownProfileSchema } },
    },
    async (req) => setInvisible(app.db, req.site, req.user!.id, req.body.invisible),
  );

  app.get(
    '/api/geocode.php',
    {
      config: { access: 'member', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['profiles'],
        summary: 'Country, region and city for a position (offline; the position is not stored)',
        querystring: geocodeQuerySchema,
        response: { 200: geocodeResponseSchema },
      },
    },
    async (req) => ({ result: reverseGeocode(req.query.lat, req.query.lon) ?? (false as const) }),
  );

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

  app.get(
    '/api/members/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['members'], params: idParams, response: { 200: memberProfileSchema } },
    },
    async (req) => viewMember(app.db, req.site, req.user, req.params.id),
  );

  app.post(
    '/api/members/:id/block',
    {
      config: { access: 'member' },
      schema: { tags: ['members'], params: idParams, response: { 200: z.object({ blocked: z.boolean() }) } },
    },
    async (req) => {
      await block(app.db, req.site, req.user!.id, req.params.id);
      return { blocked: true };
    },
  );

  app.delete(
    '/api/members/:id/block',
    {
      config: { access: 'member' },
      schema: { tags: ['members'], params: idParams, response: { 200: z.object({ blocked: z.boolean() }) } },
    },
    async (req) => {
      await unblock(app.db, req.user!.id, req.params.id);
      return { blocked: false };
    },
  );

  app.get(
    '/api/search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['members'],
        summary: 'Search members, most recently active first, page by page (cursor)',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema },
      },
    },
    async (req) => {
      if (!loggedOutSearchVisible(req.site.config, !!req.user, false))
        throw new AppError('authentication_required', 403);
      return searchMembers(app.db, req.site, req.query, req.user?.id ?? null);
    },
  );

  app.post(
    '/api/complaints',
    {
      config: { access: 'member', rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: { tags: ['members'], body: complaintSchema, response: { 201: z.object({ id: z.string() }) } },
    },
    async (req, reply) => {
      const { member_id, reason, text } = req.body;
      const id = await app.db.tx(async (q) => {
        if (member_id) {
          const same = await q.query('SELECT 1 FROM profiles WHERE user_id = $1 AND site_id = $2', [
            member_id,
            req.site.id,
          ]);
          if (same.length === 0) throw new AppError('validation', 400, {}, { member_id: 'validation' });
        }
        const [row] = await q.query<{ id: string }>(
          'INSERT INTO complaints (site_id, reporter_id, member_id, reason, text) VALUES ($1, $2, $3, $4, $5) RETURNING id',
          [req.site.id, req.user!.id, member_id ?? null, reason, text],
        );
        const [me] = await q.query<{ email: string; language: string; name: string }>(
          'SELECT u.email, u.language, p.name FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = $1',
          [req.user!.id],
        );
        if (me) {
          await enqueueMail(q, {
            siteId: req.site.id,
            to: me.email,
            template: 'complaintReceived',
            locale: me.language,
            data: { name: me.name, reference: row!.id.slice(0, 8).toUpperCase() },
          });
        }
        return row!.id;
      });
      void app.mailer.kick();
      return reply.status(201).send({ id });
    },
  );
};
