import { endpoints } from '@amora/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/endpoint.ts';
import { likeAndAnnounce } from '../likes/likes.service.ts';
import { matchFinder, swipeLike, swipePass, swipeStack } from './discover.service.ts';

const { discover } = endpoints;

/** Swipe game and match finder: suggestions fitting the member's own profile. */
export const discoverRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, discover.swipe, (req) => swipeStack(app.db, req.site, req.user!.id));
  route(app, discover.swipeLike, (req) =>
    likeAndAnnounce(app, req.site, req.user!.id, req.params.id, swipeLike),
  );
  route(app, discover.swipePass, async (req, reply) => {
    await swipePass(app.db, req.site, req.user!.id, req.params.id);
    return reply.status(204).send(null);
  });
  route(app, discover.matchFinder, (req) => matchFinder(app.db, req.site, req.user!.id));
};
