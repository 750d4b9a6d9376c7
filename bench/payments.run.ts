/**
 * Payments against the built-in sandbox provider, on the machine's PostgreSQL server, in one run:
 * 1,000 paid payments, each webhooked 3 times at once (3,000 webhooks, 32 in flight), each webhook
 * making the server ask the provider (the sandbox, through the Mollie SDK adapter) and move the
 * order in one transaction. Counted: members whose credits are wrong (goal 0), and the rate of
 * processed webhooks against the same booking transaction run as raw SQL at the same concurrency
 * (3 per payment, 2 of them finding the payment booked).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createOrder } from '../apps/server/src/features/payments/orders.service.ts';
import { openDb } from '../apps/server/src/platform/db.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { DEMO_SITES } from '../apps/server/src/seed/demo-sites.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';
import { dropDatabase, freshDatabase } from './server.ts';

const PAYMENTS = Number(process.env.PAYMENTS ?? 1000);
const MEMBERS = 100;
const CONCURRENCY = 32;

const databaseUrl = await freshDatabase('amora_bench_payments');
const db = await openDb({ databaseUrl, dataDir: os.tmpdir() });
await migrate(db);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-bench-pay-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PAYMENT_SANDBOX_SETTLE_SECONDS: '3600' });
await seedDemo(
  db,
  config,
  undefined,
  DEMO_SITES.filter((s) => s.domain === 'nl.localhost').map((s) => ({
    ...s,
    isDefault: true,
    memberCount: MEMBERS,
  })),
);
const app = await buildApp({ config, db, logger: false });
await app.ready();
const provider = app.payments!;
const site = await app.sites.forHost('nl.localhost');
const members = (
  await db.query<{ id: string }>('SELECT id FROM users WHERE site_id = $1 ORDER BY id LIMIT $2', [
    site.id,
    MEMBERS,
  ])
).map((m) => m.id);

async function pool<T>(n: number, items: T[], fn: (t: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

// Orders with paid payments at the sandbox, their webhooks held back.
const before = new Map(
  (
    await db.query<{ id: string; credits: number }>('SELECT id, credits FROM users WHERE site_id = $1', [
      site.id,
    ])
  ).map((r) => [r.id, Number(r.credits)]),
);
const paymentIds: string[] = [];
const expected = new Map(before);
await pool(
  8,
  Array.from({ length: PAYMENTS }, (_, i) => i),
  async (i) => {
    const userId = members[i % members.length]!;
    const { order } = await createOrder(db, provider, {
      site,
      userId,
      locale: 'nl',
      packageId: 'p0',
      method: 'paypal',
      attemptId: crypto.randomUUID(),
      origin: 'http://nl.localhost:3000',
    });
    await db.query(`UPDATE sandbox_payments SET status = 'paid', paid_at = now() WHERE id = $1`, [
      order.provider_payment_id,
    ]);
    paymentIds.push(order.provider_payment_id!);
    expected.set(userId, (expected.get(userId) ?? 0) + order.credits);
  },
);

// 1. Three webhooks per payment, all at once (32 in flight), through the HTTP route.
const hooks = paymentIds.flatMap((id) => [id, id, id]).sort(() => Math.random() - 0.5);
let t0 = performance.now();
await pool(CONCURRENCY, hooks, async (id) => {
  const res = await app.inject({
    method: 'POST',
    url: '/payments/webhook',
    headers: { host: 'nl.localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${id}`,
  });
  if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}`);
});
const apiMs = performance.now() - t0;

const after = await db.query<{ id: string; credits: number }>(
  'SELECT id, credits FROM users WHERE site_id = $1',
  [site.id],
);
const wrong = after.filter((r) => Number(r.credits) !== expected.get(r.id)).length;
const [{ unpaid }] = (await db.query<{ unpaid: number }>(
  `SELECT count(*)::int AS unpaid FROM orders WHERE status <> 'paid'`,
)) as [{ unpaid: number }];

// 2. The same booking transaction as raw SQL: lock order and member, book once, move the order.
await db.query(`UPDATE orders SET status = 'open', paid_at = NULL`);
const orderIds = (await db.query<{ id: string }>('SELECT id FROM orders')).map((r) => r.id);
const raw = orderIds.flatMap((id) => [id, id, id]).sort(() => Math.random() - 0.5);
t0 = performance.now();
await pool(CONCURRENCY, raw, (id) =>
  db.tx(async (q) => {
    const [o] = await q.query<{ user_id: string; credits: number; status: string; site_id: number }>(
      'SELECT user_id, credits, status, site_id FROM orders WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!o || o.status === 'paid') return;
    await q.query('SELECT credits FROM users WHERE id = $1 FOR UPDATE', [o.user_id]);
    await q.query(
      `WITH prev AS (SELECT 1 FROM credit_ledger WHERE user_id = $1 AND ref = $4),
            upd AS (UPDATE users SET credits = credits + $3 WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM prev) RETURNING credits)
       INSERT INTO credit_ledger (user_id, site_id, delta, reason, ref, balance_after)
       SELECT $1, $2, $3, 'purchase', $4, credits FROM upd`,
      [o.user_id, o.site_id, o.credits, `raw:${id}`],
    );
    await q.query('UPDATE users SET paid_user = true WHERE id = $1 AND NOT paid_user', [o.user_id]);
    await q.query(`UPDATE orders SET status = 'paid', paid_at = now(), updated_at = now() WHERE id = $1`, [
      id,
    ]);
    await q.query(`INSERT INTO order_events (order_id, status, source) VALUES ($1, 'paid', 'raw')`, [id]);
  }),
);
const rawMs = performance.now() - t0;

const apiRate = hooks.length / (apiMs / 1000);
const rawRate = raw.length / (rawMs / 1000);
console.log(
  JSON.stringify(
    {
      payments: PAYMENTS,
      webhooks: hooks.length,
      members_with_wrong_credits: wrong,
      orders_not_paid: unpaid,
      webhooks_per_s: Math.round(apiRate),
      raw_transactions_per_s: Math.round(rawRate),
      ratio_api_to_raw: Number((apiRate / rawRate).toFixed(3)),
    },
    null,
    2,
  ),
);
await app.close();
await db.close();
await dropDatabase('amora_bench_payments');
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(wrong === 0 && unpaid === 0 ? 0 : 1);
