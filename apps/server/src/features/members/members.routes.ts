import { FEATURED_LIMIT, featuredMembersSchema, signupMatchesQuerySchema } from '@amora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { featuredMembers, signupMatches } from './members.service.ts';

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/members/featured',
    {
      config: { access: 'public' },
      schema: {
        tags: ['members'],
        summary: 'Recently active members for the public home page',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(24).default(FEATURED_LIMIT) }),
        response: { 200: featuredMembersSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return featuredMembers(app.db, req.site, req.query.limit);
    },
  );

  app.get(
    '/api/signup-matches',
    {
      config: { access: 'public' },
      schema: {
        tags: ['members'],
        summary: 'Members who fit a profile that was just signed up',
        querystring: signupMatchesQuerySchema,
        response: { 200: featuredMembersSchema },
      },
    },
    async (req) => signupMatches(app.db, req.site, req.query),
  );
};
