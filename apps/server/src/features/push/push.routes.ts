import { endpoints } from '@amora/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/endpoint.ts';
import * as push from './push.service.ts';
import { serviceWorkerSource } from './sw-source.ts';

const api = endpoints.push;
/** A member's devices change rarely: a generous limit still stops a flood of made-up subscriptions. */
const rateLimit = { max: 30, timeWindow: '1 hour' };

/** Web push: the subscription endpoints (spec §7) and the service worker (`/sw-push.js?v=2`). */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, api.subscribe, { config: { rateLimit } }, async (req) => {
    const state = await push.subscribe(
      app.db,
      req.site,
      req.user!.id,
      req.body.subscription,
      app.config.pushServices,
    );
    return { subscribed: true, ...state };
  });

  route(app, api.unsubscribe, { config: { rateLimit } }, async (req) => {
    await push.unsubscribe(app.db, req.user!.id, req.body.endpoint);
    return { subscribed: false, lastMessage: null };
  });

  // The worker is per site (its name in the notifications' words). Browsers check a worker for
  // updates on their own (at most daily, bypassing the HTTP cache for the script itself); no-cache
  // keeps any cache in between from holding an old one.
  const workers = new Map<string, string>();
  app.get('/sw-push.js', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const name = req.site.config.name;
    let source = workers.get(name);
    if (!source) {
      source = serviceWorkerSource(name);
      workers.set(name, source);
    }
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'host')
      .send(source);
  });
};
