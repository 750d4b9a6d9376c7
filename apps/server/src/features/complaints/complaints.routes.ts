import { complaintSchema } from '@amora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileComplaint } from './complaints.service.ts';

/** Complaints (spec §2 /complaints): a member reports a member or the site. */
export const complaintsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/complaints',
    {
      config: { access: 'member', rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: { tags: ['members'], body: complaintSchema, response: { 201: z.object({ id: z.string() }) } },
    },
    async (req, reply) => {
      const id = await fileComplaint(app.db, req.site, req.user!.id, req.body);
      void app.mailer.kick();
      return reply.status(201).send({ id });
    },
  );
};
