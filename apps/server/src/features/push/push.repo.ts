import type { Queryable } from '../../platform/db.ts';

export interface PushKeyRow {
  public_key: string;
  private_key: string;
}

export async function siteKeys(q: Queryable, siteId: number): Promise<PushKeyRow | null> {
  const [row] = await q.query<PushKeyRow>(
    'SELECT public_key, private_key FROM site_push_keys WHERE site_id = $1',
    [siteId],
  );
  return row ?? null;
}

/** Stores a site's key pair unless it has one (the first of two racing instances wins). */
export async function insertSiteKeys(q: Queryable, siteId: number, keys: PushKeyRow): Promise<void> {
  await q.query(
    `INSERT INTO site_push_keys (site_id, public_key, private_key) VALUES ($1, $2, $3)
     ON CONFLICT (site_id) DO NOTHING`,
    [siteId, keys.public_key, keys.private_key],
  );
}

export interface SubscriptionRow {
  id: string;
  user_id: string;
  site_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Stores a subscription; an endpoint already known moves to this member with its new keys. */
export async function upsertSubscription(
  q: Queryable,
  s: { userId: string; siteId: number; endpoint: string; p256dh: string; auth: string },
): Promise<Date | null> {
  // A subscription taken over by another member starts without a last push (it was not theirs).
  const [row] = await q.query<{ last_push_at: Date | null }>(
    `INSERT INTO push_subscriptions (user_id, site_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, site_id = EXCLUDED.site_id,
       p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
       created_at = CASE WHEN push_subscriptions.user_id = EXCLUDED.user_id
                         THEN push_subscriptions.created_at ELSE now() END,
       last_push_at = CASE WHEN push_subscriptions.user_id = EXCLUDED.user_id
                           THEN push_subscriptions.last_push_at END
     RETURNING last_push_at`,
    [s.userId, s.siteId, s.endpoint, s.p256dh, s.auth],
  );
  return row?.last_push_at ?? null;
}

/** Keeps a member's newest `keep` subscriptions (devices), forgetting older ones. */
export async function trimSubscriptions(q: Queryable, userId: string, keep: number): Promise<void> {
  await q.query(
    `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN (
       SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
    [userId, keep],
  );
}

export async function deleteSubscription(q: Queryable, userId: string, endpoint: string): Promise<void> {
  await q.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2', [userId, endpoint]);
}

export async function deleteSubscriptionById(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM push_subscriptions WHERE id = $1', [id]);
}

export async function deleteMemberSubscriptions(q: Queryable, userIds: string[]): Promise<void> {
  await q.query('DELETE FROM push_subscriptions WHERE user_id = ANY($1::uuid[])', [userIds]);
}

/** The subscriptions of a member who can still receive pushes (not deleted or leaving). */
export async function memberSubscriptions(q: Queryable, userId: string): Promise<{ id: string }[]> {
  return q.query<{ id: string }>(
    `SELECT s.id::text AS id FROM push_subscriptions s JOIN users u ON u.id = s.user_id
      WHERE s.user_id = $1 AND u.status IN ('active', 'not_confirmed') AND s.site_id = u.site_id
      ORDER BY s.id`,
    [userId],
  );
}

export interface SendTarget extends SubscriptionRow {
  language: string;
  status: string;
}

export async function subscriptionForSend(q: Queryable, id: string): Promise<SendTarget | null> {
  const [row] = await q.query<SendTarget>(
    `SELECT s.id::text AS id, s.user_id, s.site_id, s.endpoint, s.p256dh, s.auth, u.language, u.status
       FROM push_subscriptions s JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
    [id],
  );
  return row ?? null;
}

export async function wasDelivered(q: Queryable, subscriptionId: string, eventKey: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM push_deliveries WHERE subscription_id = $1 AND event_key = $2', [
    subscriptionId,
    eventKey,
  ]);
  return rows.length > 0;
}

export async function markDelivered(q: Queryable, subscriptionId: string, eventKey: string): Promise<void> {
  await q.query(
    `INSERT INTO push_deliveries (subscription_id, event_key) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [subscriptionId, eventKey],
  );
  await q.query('UPDATE push_subscriptions SET last_push_at = now() WHERE id = $1', [subscriptionId]);
}

export async function pruneDeliveries(q: Queryable, days: number): Promise<void> {
  await q.query('DELETE FROM push_deliveries WHERE sent_at < now() - make_interval(days => $1)', [days]);
}
