import {
  autoLikeSchema,
  type LikeResult,
  likeResultSchema,
  likesResponseSchema,
  type Message,
  searchCardSchema,
} from '@amora/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { announceMessage } from '../chat/chat.service.ts';
import { autoLike, like, listLikes, unlike } from './likes.service.ts';
import { suggestions, swipeLike, swipeLikesLeft, swipePass } from './swipe.ts';

const params = z.object({ id: z.string().max(64) });

/**
 * After a like or unlike: both members' open tabs reload their likes (badge, lists) at once. The
 * event carries nothing; each tab asks /api/likes.php, which applies every rule again. A like that
 * made a match in a conversation also delivers its system message there.
 */
function announced(
  app: FastifyInstance,
  userIds: string[],
  { note, ...result }: LikeResult & { note?: Message | null },
): LikeResult {
  app.realtime.publish(userIds, { type: 'likes' });
  if (note) announceMessage(app.realtime, userIds, note);
  return result;
}
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
      announced(
        app,
        [req.user!.id, req.params.id],
        await like(app.db, req.site, req.user!.id, req.params.id),
      ),
  );
  app.delete(
    '/api/likes/:id',
    { config: { access: 'member' }, schema: { tags, params, response: { 200: likeResultSchema } } },
    async (req) =>
      announced(
        app,
        [req.user!.id, req.params.id],
        await unlike(app.db, req.site, req.user!.id, req.params.id),
      ),
  );
  app.get(
    '/api/auto-like.php',
    { config: { access: 'member' }, schema: { tags, response: { 200: autoLikeSchema } } },
    async (req) => autoLike(app.db, req.site, req.user!.id),
  );
};

const swipeParams = z.object({ id: z.string().uuid() });
const swipeState = z.object({ likes_left: z.number().int(), cards: z.array(searchCardSchema) });

/** Swipe game and match finder: suggestions fitting the member's own profile. */
export const swipeRoutes: FastifyPluginAsyncZod = async (app) => {
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
      announced(
        app,
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
