import crypto from 'node:crypto';
import { type PushPayload, pushPayloadSchema } from '@amora/contracts';
import webpush from 'web-push';
import { z } from 'zod';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { jobQueue } from '../../platform/jobs.ts';
import type { Site } from '../../platform/sites.ts';
import { listChats } from '../chat/chat-list.service.ts';
import { listLikes } from '../likes/likes.service.ts';
import * as repo from './push.repo.ts';
import type { PushKeys } from './push-keys.ts';
import { isKnownPushService } from './push-services.ts';

/** Devices (browsers) one member may have subscribed at once; the oldest make way. */
export const MAX_DEVICES = 10;
/** How long a push service keeps a push for a browser that is offline (RFC 8030 TTL). */
const TTL_S = { message: 24 * 3600, like: 3 * 24 * 3600, match: 3 * 24 * 3600 } as const;

/** The subscription's p256dh must be a point on P-256, or no push could ever be encrypted for it. */
function isP256Point(p256dh: string): boolean {
  try {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Stores a browser's subscription for the member (spec §7 `POST /api/user.php?push=1`): only at a
 * push service the server knows, with a usable key; the same endpoint again updates it (and moves
 * it to this member if another had it on this browser).
 */
export async function subscribe(
  db: Db,
  site: Site,
  userId: string,
  sub: { endpoint: string; keys: { p256dh: string; auth: string } },
  pushServices: readonly string[],
): Promise<{ lastMessage: string | null }> {
  if (!isKnownPushService(sub.endpoint, pushServices)) {
    throw new AppError('push_service_unknown', 400, {}, { 'subscription.endpoint': 'push_service_unknown' });
  }
  if (!isP256Point(sub.keys.p256dh)) {
    throw new AppError('validation', 400, {}, { 'subscription.keys.p256dh': 'validation' });
  }
  return db.tx(async (q) => {
    const last = await repo.upsertSubscription(q, {
      userId,
      siteId: site.id,
      endpoint: sub.endpoint,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
    });
    await repo.trimSubscriptions(q, userId, MAX_DEVICES);
    return { lastMessage: last ? new Date(last).toISOString() : null };
  });
}

export async function unsubscribe(db: Db, userId: string, endpoint: string): Promise<void> {
  await repo.deleteSubscription(db, userId, endpoint);
}

/** Forgets every push subscription of these members (account deletion, erasure). */
export async function forgetPushSubscriptions(q: Queryable, userIds: string[]): Promise<void> {
  if (userIds.length) await repo.deleteMemberSubscriptions(q, userIds);
}

/** What one push job sends: which event, to which subscription. */
export const PUSH_QUEUE = jobQueue(
  'push.send',
  z.object({
    subscriptionId: z.string().regex(/^\d+$/, 'a subscription id'),
    /** Unique per event ('message:<id>', 'like:<liker>:<liked>'): the same event never goes twice. */
    eventKey: z.string(),
    type: pushPayloadSchema.shape.type,
    url: z.string(),
    tag: z.string(),
  }),
);
export type PushJob = z.infer<typeof PUSH_QUEUE.schema>;

/** The member's subscriptions to push an event to, each with the job that sends it. */
export async function pushJobsFor(
  q: Queryable,
  recipientId: string,
  event: Omit<PushJob, 'subscriptionId'>,
): Promise<PushJob[]> {
  const subs = await repo.memberSubscriptions(q, recipientId);
  return subs.map((s) => ({ ...event, subscriptionId: s.id }));
}

export interface SendDeps {
  db: Db;
  keys: PushKeys;
  site: (id: number) => Promise<Site>;
  pushServices: readonly string[];
  /** The address a push service may write to about our pushes (VAPID subject). */
  contact: (site: Site) => string;
}

/** Unread messages plus new likes (spec §4 badge), as the member's navigation counts them. */
async function badgeCount(db: Db, site: Site, userId: string): Promise<number> {
  const [chats, likes] = await Promise.all([listChats(db, site, userId), listLikes(db, site, userId)]);
  return chats.total_unread_messages + likes.total_new_likes;
}

/** The push service's Topic header (RFC 8030 §5.4): a newer push replaces one not yet delivered. */
const topicOf = (tag: string) => crypto.createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/**
 * Sends one push (the 'push.send' job): encrypted for the browser (RFC 8291, aes128gcm), signed
 * with the site's VAPID key, with a TTL and an urgency. An event already delivered to this
 * subscription is not sent again; a subscription the push service no longer knows (404, 410) is
 * deleted; any other failure throws, and the job is retried with backoff.
 * Returns what happened (for the log and tests).
 */
export async function sendPush(deps: SendDeps, job: PushJob): Promise<'sent' | 'gone' | 'skipped'> {
  const target = await repo.subscriptionForSend(deps.db, job.subscriptionId);
  if (!target) return 'skipped';
  if (!['active', 'not_confirmed'].includes(target.status)) {
    await repo.deleteSubscriptionById(deps.db, target.id);
    return 'gone';
  }
  if (!isKnownPushService(target.endpoint, deps.pushServices)) {
    await repo.deleteSubscriptionById(deps.db, target.id);
    return 'gone';
  }
  if (await repo.wasDelivered(deps.db, target.id, job.eventKey)) return 'skipped';
  const site = await deps.site(target.site_id);
  const keys = await deps.keys.keys(site.id);
  const payload: PushPayload = {
    v: 1,
    type: job.type,
    lang: target.language,
    url: job.url,
    badge: await badgeCount(deps.db, site, target.user_id),
    tag: job.tag,
  };
  // web-push encrypts and signs; the request goes out through fetch (web-push's own transport is
  // https only, and this one has a deadline and follows no redirect).
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: deps.contact(site), publicKey: keys.public_key, privateKey: keys.private_key },
      TTL: TTL_S[job.type],
      urgency: job.type === 'message' ? 'high' : 'normal',
      topic: topicOf(job.tag),
      contentEncoding: 'aes128gcm',
    },
  );
  const res = await fetch(request.endpoint, {
    method: 'POST',
    headers: request.headers as Record<string, string>,
    body: new Uint8Array(request.body as Buffer),
    redirect: 'error',
    signal: AbortSignal.timeout(15_000),
  });
  await res.body?.cancel();
  if (res.status === 404 || res.status === 410) {
    await repo.deleteSubscriptionById(deps.db, target.id);
    return 'gone';
  }
  if (!res.ok) throw new Error(`push service answered ${res.status}`);
  await repo.markDelivered(deps.db, target.id, job.eventKey);
  return 'sent';
}

/** Deliveries are remembered a week (a retried job is long done by then). */
export async function pruneDeliveries(db: Db): Promise<void> {
  await repo.pruneDeliveries(db, 7);
}
