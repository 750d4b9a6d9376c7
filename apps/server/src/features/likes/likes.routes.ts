import { autoLikeSchema, likeResultSchema, likesResponseSchema } from '@amora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '../../platform/ids.ts';
import { announceLike, autoLike, like, listLikes, markLikeSeen, unlike } from './likes.service.ts';

const params = z.object({ id: z.string().max(64) });

const tags = ['likes'];

/** Spec §7 /api/likes.php and /api/auto-like.php keep their paths; like/unlike are plain REST. */
export const likesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/likes.php',
    { config: { access: 'member' }, schema: { tags, response: { 200: likesResponseSchema } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listLikes(app.db, req.site, req.user!.id);
    },
  );
  app.post(
    '/api/likes/:id',
    {
      config: { access: 'member', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags, params, response: { 200: likeResultSchema } },
    },
    async (req) =>
      announceLike(
        app.realtime,
        [req.user!.id, req.params.id],
        await like(app.db, req.site, req.user!.id, req.params.id),
      ),
  );
  app.delete(
    '/api/likes/:id',
    { config: { access: 'member' }, schema: { tags, params, response: { 200: likeResultSchema } } },
    async (req) =>
      announceLike(
        app.realtime,
        [req.user!.id, req.params.id],
        await unlike(app.db, req.site, req.user!.id, req.params.id),
      ),
  );
  app.post(
    '/api/likes/:id/seen',
    {
      config: { access: 'member' },
      schema: { tags, summary: "Clear a received like's new flag (its profile was opened)", params },
    },
    async (req, reply) => {
      if (isUuid(req.params.id)) await markLikeSeen(app.db, req.user!.id, req.params.id);
      return reply.status(204).send();
    },
  );
  app.get(
    '/api/auto-like.php',
    { config: { access: 'member' }, schema: { tags, response: { 200: autoLikeSchema } } },
    async (req) => autoLike(app.db, req.site, req.user!.id),
  );
};
