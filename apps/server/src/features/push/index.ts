import type { FastifyInstance } from 'fastify';
import { siteOrigin } from '../sites/site-origin.ts';
import { pushRoutes } from './push.routes.ts';
import { type PushJob, pruneDeliveries, type SendDeps, sendPush } from './push.service.ts';
import { PushKeys } from './push-keys.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each site's VAPID key pair (features/push/push-keys.ts). */
    pushKeys: PushKeys;
  }
}

/**
 * Web push (issue 15): the sites' VAPID keys, the subscription endpoints and the service worker,
 * and the 'push.send' job that sends one push to one subscription (retried with backoff by the
 * jobs engine: up to 8 tries over about an hour).
 */
export async function registerPush(app: FastifyInstance): Promise<void> {
  app.decorate('pushKeys', new PushKeys(app.db));
  await app.register(pushRoutes);

  const deps: SendDeps = {
    db: app.db,
    keys: app.pushKeys,
    site: (id) => app.sites.byIdOrThrow(id),
    pushServices: app.config.pushServices,
    contact: (site) =>
      site.config.support_email ? `mailto:${site.config.support_email}` : siteOrigin(site, app.config),
  };
  app.jobs.define<PushJob>(
    'push.send',
    async (job, ctx) => {
      const outcome = await sendPush(deps, job);
      ctx.log.debug({ job: ctx.id, outcome, event: job.eventKey }, 'push');
    },
    { maxAttempts: 8, backoffS: 15, timeoutS: 60 },
  );
  app.jobs.define('push.prune', () => pruneDeliveries(app.db));
  app.jobs.schedule('push.prune', '20 3 * * *');
}
