import {
  FEATURED_LIMIT,
  featuredMembersSchema,
  loggedOutSearchVisible,
  memberProfileSchema,
  searchQuerySchema,
  searchResultSchema,
  signupMatchesQuerySchema,
} from '@amora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { block, unblock, viewMember } from './members.profile.ts';
import { featuredMembers, signupMatches } from './members.service.ts';
import { searchMembers } from './search.ts';

const idParams = z.object({ id: z.string().max(64) });

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
};
