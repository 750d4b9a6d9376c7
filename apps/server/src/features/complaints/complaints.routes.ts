import { endpoints } from '@amora/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimited, route } from '../../platform/endpoint.ts';
import { fileComplaint } from './complaints.service.ts';

/** Complaints (spec §2 /complaints): a member reports a member or the site. */
export const complaintsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.complaints.file, rateLimited(10, '1 hour'), async (req, reply) => {
    const id = await fileComplaint(app.db, req.site, req.user!.id, req.body);
    void app.mailer.kick();
    return reply.status(201).send({ id });
  });
};
