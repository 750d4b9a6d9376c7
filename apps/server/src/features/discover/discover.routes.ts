import { likeResultSchema, searchCardSchema } from '@amora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { announceLike } from '../likes/likes.service.ts';
import { suggestions, swipeLike, swipeLikesLeft, swipePass } from './discover.service.ts';

const tags = ['discover'];
const swipeParams = z.object({ id: z.string().uuid() });
const swipeState = z.object({ likes_left: z.number().int(), cards: z.array(searchCardSchema) });

/** Swipe game and match finder: suggestions fitting the member's own profile. */
export const discoverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/swipe',
    { config: { access: 'member' }, schema: { tags, response: { 200: swipeState } } },
    async (req) => ({
      likes_left: await swipeLikesLeft(app.db, req.site, req.user!.id),
      cards: await suggestions(app.db, req.site, req.user!.id, 10),
    }),
  );
  app.post(
    '/api/swipe/:id/like',
    {
      config: { access: 'member' },
      schema: { tags, params: swipeParams, response: { 200: likeResultSchema } },
    },
    async (req) =>
      announceLike(
        app.realtime,
        [req.user!.id, req.params.id],
        await swipeLike(app.db, req.site, req.user!.id, req.params.id),
      ),
  );
  app.post(
    '/api/swipe/:id/pass',
    { config: { access: 'member' }, schema: { tags, params: swipeParams } },
    async (req, reply) => {
      await swipePass(app.db, req.site, req.user!.id, req.params.id);
      return reply.status(204).send();
    },
  );
  app.get(
    '/api/match-finder',
    {
      config: { access: 'member' },
      schema: { tags, response: { 200: z.object({ members: z.array(searchCardSchema) }) } },
    },
    async (req) => ({ members: await suggestions(app.db, req.site, req.user!.id, 24) }),
  );
};
