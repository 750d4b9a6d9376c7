import { endpoints } from '@amora/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimited, route } from '../../platform/endpoint.ts';
import { isUuid } from '../../platform/ids.ts';
import { autoLike, like, likeAndAnnounce, listLikes, markLikeSeen, unlike } from './likes.service.ts';

const { likes } = endpoints;

/** Spec §7 /api/likes.php and /api/auto-like.php keep their paths; like/unlike are plain REST. */
export const likesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, likes.list, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return listLikes(app.db, req.site, req.user!.id);
  });
  route(app, likes.like, rateLimited(120, '1 minute'), (req) =>
    likeAndAnnounce(app, req.site, req.user!.id, req.params.id, like),
  );
  route(app, likes.unlike, (req) => likeAndAnnounce(app, req.site, req.user!.id, req.params.id, unlike));
  route(app, likes.seen, async (req, reply) => {
    if (isUuid(req.params.id)) await markLikeSeen(app.db, req.user!.id, req.params.id);
    return reply.status(204).send(null);
  });
  route(app, likes.autoLike, async (req) => autoLike(app.db, req.site, req.user!.id));
};
