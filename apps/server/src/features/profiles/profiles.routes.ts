import {
  geocodeQuerySchema,
  geocodeResponseSchema,
  invisibleSchema,
  ownProfileSchema,
  profileUpdateSchema,
} from '@amora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reverseGeocode } from './geocode.ts';
import { editProfile, ownProfile, setInvisible } from './profiles.service.ts';

/** The member's own profile: edit, invisible mode, "use my location" (plain REST, guide §10). */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
