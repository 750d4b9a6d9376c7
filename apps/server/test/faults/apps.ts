/**
 * App instances inside the test's process (instances.ts starts them as processes of their own):
 * several real applications on one database (as behind a load balancer), each listening on a port
 * of its own, with their socket settings chosen by the test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type AppDeps, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/platform/db.ts';
import { migrate } from '../../src/platform/migrate.ts';
import type { RealtimeOptions } from '../../src/platform/realtime.ts';
import { smallDemoSites } from '../../src/seed/demo-sites.ts';
import { seedDemo } from '../../src/seed/seed.ts';
import { freshDb, listenLocally, type TestApp } from '../helpers.ts';
import { startSmtp } from '../smtp.ts';
import { type RedisServer, startRedisServer } from './procs.ts';

/** A fresh database (PGlite, or TEST_DATABASE_URL's server) with the small demo sites seeded. */
export async function seededDb(members = 6): Promise<{ db: Db; url?: string; drop: () => Promise<void> }> {
  const fresh = await freshDb();
  await migrate(fresh.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-fault-seed-'));
  await seedDemo(fresh.db, loadConfig({ DATA_DIR: dataDir }), undefined, smallDemoSites(members));
  fs.rmSync(dataDir, { recursive: true, force: true });
  return fresh;
}

export interface AppInstance extends TestApp {
  port: number;
}

/** One instance of the app on `db`, listening on a free local port; close() leaves the database. */
export async function appInstance(
  db: Db,
  opts: {
    redisUrl?: string;
    smtpUrl?: string;
    realtime?: RealtimeOptions;
    deps?: Partial<AppDeps>;
    /** More environment variables for the app's configuration (TRUST_PROXY behind a proxy). */
    env?: Record<string, string>;
  } = {},
): Promise<AppInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-fault-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '3999',
    LOG_LEVEL: 'silent',
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    ...(opts.smtpUrl ? { SMTP_URL: opts.smtpUrl } : {}),
    ...opts.env,
  });
  const app = await buildApp({ config, db, logger: false, realtime: opts.realtime, ...opts.deps });
  const port = await listenLocally(app);
  return {
    app,
    db,
    config,
    port,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TwoInstances {
  redis: RedisServer;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  db: Db;
  A: AppInstance;
  B: AppInstance;
}

/**
 * Two instances (A and B) on one seeded database, with a redis-server and an SMTP sink of the test
 * file's own: made before its tests (both subscribed to Redis), closed after them. Read the fields
 * inside a test. `b` is B's socket settings.
 */
export function useTwoInstances(b: { realtime?: RealtimeOptions } = {}): TwoInstances {
  const two = {} as TwoInstances;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    two.redis = await startRedisServer();
    two.smtp = await startSmtp();
    const seeded = await seededDb();
    two.db = seeded.db;
    drop = seeded.drop;
    const urls = { redisUrl: two.redis.url, smtpUrl: two.smtp.url };
    two.A = await appInstance(two.db, urls);
    two.B = await appInstance(two.db, { ...urls, ...b });
    await Promise.all([two.A.app.realtime.whenSubscribed(), two.B.app.realtime.whenSubscribed()]);
  });
  afterAll(async () => {
    await two.B?.close();
    await two.A?.close();
    await drop?.();
    await two.smtp?.close();
    await two.redis?.destroy();
  });
  return two;
}
