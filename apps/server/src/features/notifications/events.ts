import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type JobContext, jobQueue } from '../../platform/jobs.ts';

/**
 * What happened to a member that may be worth telling them about (issue 15). The change that
 * causes an event writes it as a 'notify.event' job in its own transaction (chat send, like), so
 * a rolled-back change tells nobody and a committed one is never forgotten. After the commit the
 * job runs every listener of its type: mail (features/notifications mail), push... Each listener
 * only decides and enqueues its own jobs (idempotent: a retried event must not send twice), so
 * each channel retries on its own and nothing slow runs on the request path.
 */
const memberEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message'),
    messageId: z.string(),
    conversationId: z.string(),
    senderId: z.string(),
    recipientId: z.string(),
    siteId: z.number().int(),
    kind: z.enum(['text', 'gift', 'photo', 'system']),
    /** The first message of the conversation. */
    first: z.boolean(),
  }),
  z.object({
    type: z.literal('like'),
    likerId: z.string(),
    likedId: z.string(),
    siteId: z.number().int(),
    match: z.boolean(),
  }),
]);
export type MemberEvent = z.infer<typeof memberEvent>;

export const EVENT_JOB = 'notify.event';
/**
 * The events' queue. Version 1 is also what the chat send writes in SQL (features/chat/chat.repo.ts,
 * by the column's default): a new version changes that statement too.
 */
export const EVENT_QUEUE = jobQueue(EVENT_JOB, memberEvent);

type Listener<T extends MemberEvent['type']> = (
  event: Extract<MemberEvent, { type: T }>,
  ctx: JobContext,
) => Promise<unknown>;

export class Notify {
  private listeners = new Map<string, Listener<never>[]>();

  on<T extends MemberEvent['type']>(type: T, listener: Listener<T>): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener as unknown as Listener<never>]);
  }

  async dispatch(event: MemberEvent, ctx: JobContext): Promise<void> {
    for (const listener of this.listeners.get(event.type) ?? []) await listener(event as never, ctx);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Listeners of member events (features/notifications/events.ts). */
    notify: Notify;
  }
}

/** Decorates app.notify and defines the job that hands events to its listeners. */
export function registerNotify(app: FastifyInstance): void {
  app.decorate('notify', new Notify());
  app.jobs.define(EVENT_QUEUE, (event, ctx) => app.notify.dispatch(event, ctx));
}
