import type { FastifyInstance } from 'fastify';
import { enqueueJob } from '../../platform/jobs.ts';
import { siteOrigin } from '../sites/site-origin.ts';
import { pushRoutes } from './push.routes.ts';
import {
  PUSH_QUEUE,
  type PushJob,
  pruneDeliveries,
  pushJobsFor,
  type SendDeps,
  sendPush,
} from './push.service.ts';
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
  // Every site's keys are made at start, so a page or settings GET only reads them (a site added
  // later gets its keys on first need, which the store makes race-safe).
  app.addHook('onReady', async () => {
    await Promise.all((await app.sites.list()).map((site) => app.pushKeys.keys(site.id)));
  });
  await app.register(pushRoutes);

  const deps: SendDeps = {
    db: app.db,
    keys: app.pushKeys,
    site: (id) => app.sites.byIdOrThrow(id),
    pushServices: app.config.pushServices,
    contact: (site) =>
      site.config.support_email ? `mailto:${site.config.support_email}` : siteOrigin(site, app.config),
  };
  app.jobs.define(
    PUSH_QUEUE,
    async (job, ctx) => {
      const outcome = await sendPush(deps, job);
      ctx.log.debug({ job: ctx.id, outcome, event: job.eventKey }, 'push');
    },
    { maxAttempts: 8, backoffS: 15, timeoutS: 60 },
  );
  app.jobs.define('push.prune', () => pruneDeliveries(app.db));
  app.jobs.schedule('push.prune', '20 3 * * *');

  /**
   * One 'push.send' job per subscription of the recipient. A job still queued for the same
   * conversation (or like) takes the new event along (the singleton key): a burst of messages is
   * one push, whose badge is counted when it goes. A retried event enqueues nothing twice, and
   * the job skips what was already delivered.
   */
  const enqueue = async (recipientId: string, event: Omit<PushJob, 'subscriptionId'>, batch: string) => {
    const jobs = await pushJobsFor(app.db, recipientId, event);
    for (const job of jobs) {
      await enqueueJob(app.db, PUSH_QUEUE, job, { singletonKey: `${batch}:${job.subscriptionId}` });
    }
    if (jobs.length) void app.jobs.kick();
  };
  app.notify.on('message', async (e) => {
    // System notes (a match written into the chat) come with their own like or match push.
    if (e.kind === 'system') return;
    await enqueue(
      e.recipientId,
      {
        eventKey: `message:${e.messageId}`,
        type: 'message',
        url: `/chats/${e.conversationId}`,
        tag: `chat-${e.conversationId}`,
      },
      `chat:${e.conversationId}`,
    );
  });
  app.notify.on('like', async (e) => {
    const type = e.match ? 'match' : 'like';
    await enqueue(
      e.likedId,
      {
        eventKey: `${type}:${e.likerId}:${e.likedId}`,
        type,
        url: e.match ? `/likes/m/${e.likerId}` : '/likes',
        tag: e.match ? `match-${e.likerId}` : 'likes',
      },
      e.match ? `match:${e.likerId}` : 'likes',
    );
  });
}
