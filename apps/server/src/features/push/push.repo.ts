import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { exists, rowOf, rowsOf, run, sql } from '../../platform/sql.ts';

const pushKeyRow = z.object({ public_key: z.string(), private_key: z.string() });
export type PushKeyRow = z.output<typeof pushKeyRow>;

export async function siteKeys(q: Queryable, siteId: number): Promise<PushKeyRow | null> {
  const row = await rowOf(
    q,
    pushKeyRow,
    sql`SELECT public_key, private_key FROM site_push_keys WHERE site_id = ${siteId}`,
  );
  return row ?? null;
}

/** Stores a site's key pair unless it has one (the first of two racing instances wins). */
export async function insertSiteKeys(q: Queryable, siteId: number, keys: PushKeyRow): Promise<void> {
  await run(
    q,
    sql`INSERT INTO site_push_keys (site_id, public_key, private_key) VALUES (${siteId}, ${keys.public_key}, ${keys.private_key})
        ON CONFLICT (site_id) DO NOTHING`,
  );
}

const subscriptionRow = z.object({
  id: z.string(),
  user_id: z.string(),
  site_id: z.number(),
  endpoint: z.string(),
  p256dh: z.string(),
  auth: z.string(),
});
export type SubscriptionRow = z.output<typeof subscriptionRow>;

/** Stores a subscription; an endpoint already known moves to this member with its new keys. */
export async function upsertSubscription(
  q: Queryable,
  s: { userId: string; siteId: number; endpoint: string; p256dh: string; auth: string },
): Promise<Date | null> {
  // A subscription taken over by another member starts without a last push (it was not theirs).
  const row = await rowOf(
    q,
    z.object({ last_push_at: z.date().nullable() }),
    sql`INSERT INTO push_subscriptions (user_id, site_id, endpoint, p256dh, auth)
        VALUES (${s.userId}, ${s.siteId}, ${s.endpoint}, ${s.p256dh}, ${s.auth})
        ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, site_id = EXCLUDED.site_id,
          p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
          created_at = CASE WHEN push_subscriptions.user_id = EXCLUDED.user_id
                            THEN push_subscriptions.created_at ELSE now() END,
          last_push_at = CASE WHEN push_subscriptions.user_id = EXCLUDED.user_id
                              THEN push_subscriptions.last_push_at END
        RETURNING last_push_at`,
  );
  return row?.last_push_at ?? null;
}

/** Keeps a member's newest `keep` subscriptions (devices), forgetting older ones. */
export async function trimSubscriptions(q: Queryable, userId: string, keep: number): Promise<void> {
  await run(
    q,
    sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND id NOT IN (
          SELECT id FROM push_subscriptions WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${keep})`,
  );
}

export async function deleteSubscription(q: Queryable, userId: string, endpoint: string): Promise<void> {
  await run(q, sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND endpoint = ${endpoint}`);
}

export async function deleteSubscriptionById(q: Queryable, id: string): Promise<void> {
  await run(q, sql`DELETE FROM push_subscriptions WHERE id = ${id}`);
}

export async function deleteMemberSubscriptions(q: Queryable, userIds: string[]): Promise<void> {
  await run(q, sql`DELETE FROM push_subscriptions WHERE user_id = ANY(${userIds}::uuid[])`);
}

/** The subscriptions of a member who can still receive pushes (not deleted or leaving). */
export function memberSubscriptions(q: Queryable, userId: string): Promise<{ id: string }[]> {
  return rowsOf(
    q,
    z.object({ id: z.string() }),
    sql`SELECT s.id::text AS id FROM push_subscriptions s JOIN users u ON u.id = s.user_id
         WHERE s.user_id = ${userId} AND u.status IN ('active', 'not_confirmed') AND s.site_id = u.site_id
         ORDER BY s.id`,
    // Looked up for every chat message and like (push/index.ts): a point lookup, prepared.
    { prepare: 'push_member_subscriptions' },
  );
}

const sendTarget = subscriptionRow.extend({ language: z.string(), status: z.string() });
export type SendTarget = z.output<typeof sendTarget>;

export async function subscriptionForSend(q: Queryable, id: string): Promise<SendTarget | null> {
  const row = await rowOf(
    q,
    sendTarget,
    sql`SELECT s.id::text AS id, s.user_id, s.site_id, s.endpoint, s.p256dh, s.auth, u.language, u.status
          FROM push_subscriptions s JOIN users u ON u.id = s.user_id WHERE s.id = ${id}`,
  );
  return row ?? null;
}

export const wasDelivered = (q: Queryable, subscriptionId: string, eventKey: string): Promise<boolean> =>
  exists(
    q,
    sql`SELECT 1 FROM push_deliveries WHERE subscription_id = ${subscriptionId} AND event_key = ${eventKey}`,
  );

export async function markDelivered(q: Queryable, subscriptionId: string, eventKey: string): Promise<void> {
  await run(
    q,
    sql`INSERT INTO push_deliveries (subscription_id, event_key) VALUES (${subscriptionId}, ${eventKey})
        ON CONFLICT DO NOTHING`,
  );
  await run(q, sql`UPDATE push_subscriptions SET last_push_at = now() WHERE id = ${subscriptionId}`);
}

export async function pruneDeliveries(q: Queryable, days: number): Promise<void> {
  await run(q, sql`DELETE FROM push_deliveries WHERE sent_at < now() - make_interval(days => ${days})`);
}
