import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Db, openDb } from '../src/platform/db.ts';
import { migrate } from '../src/platform/migrate.ts';
import { DEMO_SITES, type DemoSite } from '../src/seed/demo-sites.ts';
import { seedDemo } from '../src/seed/seed.ts';

/**
 * A fresh database for one test file: embedded PGlite in memory by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (created here, dropped on close).
 */
export async function freshDb(): Promise<{ db: Db; url?: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const db = await openDb({ dataDir: 'memory://' });
    return { db, drop: async () => db.close() };
  }
  const name = `amora_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.href, dataDir: os.tmpdir() });
  return {
    db,
    url: url.href,
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close: () => Promise<void>;
}

/** Small copies of the demo sites (few members) so integration tests stay fast. */
export function smallDemoSites(members = 12): DemoSite[] {
  return DEMO_SITES.map((s) => ({ ...s, memberCount: members }));
}

/** The real application on a fresh database with the demo sites seeded (no mocks). */
export async function createTestApp(opts: { members?: number; seed?: boolean } = {}): Promise<TestApp> {
  const { db, drop } = await freshDb();
  await migrate(db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '3999', LOG_LEVEL: 'silent' });
  if (opts.seed !== false) await seedDemo(db, config, undefined, smallDemoSites(opts.members ?? 12));
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
