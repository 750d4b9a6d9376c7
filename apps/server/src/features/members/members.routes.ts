import { hasTrafficSource, loggedOutSearchVisible } from '@amora/contracts';
import { endpoints } from '@amora/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/endpoint.ts';
import { AppError } from '../../platform/errors.ts';
import { trackingOf } from '../../platform/tracking.ts';
import { block, unblock, viewMember } from './members.profile.ts';
import { featuredMembers, signupMatches } from './members.service.ts';
import { searchMembers } from './search.ts';

const { members } = endpoints;

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, members.featured, async (req, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return featuredMembers(app.db, req.site, req.query.limit);
  });

  route(app, members.signupMatches, async (req) => signupMatches(app.db, req.site, req.query));

  route(app, members.member, async (req) => viewMember(app.db, req.site, req.user, req.params.id));

  route(app, members.block, async (req) => {
    await block(app.db, req.site, req.user!.id, req.params.id);
    return { blocked: true };
  });

  route(app, members.unblock, async (req) => {
    await unblock(app.db, req.user!.id, req.params.id);
    return { blocked: false };
  });

  route(app, members.search, async (req) => {
    // A visitor who arrived with a traffic source (its cookie) sees what the site's
    // logged_out_search_trafficsource allows (spec §4).
    if (!loggedOutSearchVisible(req.site.config, !!req.user, hasTrafficSource(trackingOf(req))))
      throw new AppError('authentication_required', 403);
    return searchMembers(app.db, req.site, req.query, req.user?.id ?? null);
  });
};
