import { healthSchema } from '@amora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public', rateLimit: false },
      schema: { tags: ['platform'], response: { 200: healthSchema } },
    },
    async (_req, reply) => {
      await app.db.query('SELECT 1');
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, uptime_s: Math.round(process.uptime()) };
    },
  );
};
