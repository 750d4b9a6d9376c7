import { endpoints } from '@amora/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from './endpoint.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Siteless: a load balancer asks by address, and an empty install is healthy too (its pages set it up).
  route(
    app,
    endpoints.platform.health,
    { config: { rateLimit: false, siteless: true } },
    async (_req, reply) => {
      await app.db.query('SELECT 1');
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, uptime_s: Math.round(process.uptime()) };
    },
  );
};
