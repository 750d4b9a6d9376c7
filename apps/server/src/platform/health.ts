import { endpoints } from '@amora/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from './endpoint.ts';

/** How long each dependency may take to answer the readiness probe before it counts as down. */
const READY_TIMEOUT_MS = 2_000;

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const probe = (p: () => Promise<unknown>) =>
  within(p(), READY_TIMEOUT_MS).then(
    () => 'ok' as const,
    () => 'down' as const,
  );

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Siteless: a load balancer asks by address, and an empty install is healthy too (its pages set it up).
  // Liveness: the process serves and its database answers (restart it when not).
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

  // Readiness (issue 28): whether the database, Redis (when REDIS_URL is set) and the media store
  // each answer within 2 s. 503 when the database or the media store does not, so a proxy or
  // orchestrator takes the instance out of rotation (and back) without restarting it. Redis down
  // is said ('redis: down') but keeps the instance ready: every instance shares that one Redis and
  // serves without it (docs/ARCHITECTURE.md "Real time"), so taking them all out would turn a
  // slower service into none.
  route(
    app,
    endpoints.platform.ready,
    { config: { rateLimit: false, siteless: true } },
    async (_req, reply) => {
      const redis = app.realtime.redis;
      const [database, redisState, media] = await Promise.all([
        probe(() => app.db.query('SELECT 1')),
        redis ? probe(() => redis.client.ping()) : Promise.resolve('off' as const),
        probe(() => Promise.all([app.media.photos.ping(), app.media.chat.ping()])),
      ]);
      const ready = database === 'ok' && media === 'ok';
      reply.header('cache-control', 'no-store');
      if (!ready) reply.status(503).header('retry-after', '5');
      return {
        status: ready ? ('ready' as const) : ('not_ready' as const),
        database,
        redis: redisState,
        media,
      };
    },
  );
};
