import { endpoints } from '@amora/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimited, route } from '../../platform/endpoint.ts';
import { reverseGeocode } from './geocode.ts';
import { editProfile, ownProfile, setInvisible } from './profiles.service.ts';

const { profiles } = endpoints;

/** The member's own profile: edit, invisible mode, "use my location" (plain REST, guide §10). */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, profiles.own, async (req) => ownProfile(app.db, req.site, req.user!.id));

  route(app, profiles.update, async (req) => editProfile(app.db, req.site, req.user!.id, req.body));

  route(app, profiles.setInvisible, async (req) =>
    setInvisible(app.db, req.site, req.user!.id, req.body.invisible),
  );

  route(app, profiles.geocode, rateLimited(30, '1 minute'), async (req) => ({
    result: reverseGeocode(req.query.lat, req.query.lon) ?? (false as const),
  }));
};
