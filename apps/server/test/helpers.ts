import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Db, type DbTimeouts, openDb } from '../src/platform/db.ts';
import { migrate } from '../src/platform/migrate.ts';
import { smallDemoSites } from '../src/seed/demo-sites.ts';
import { seedDemo } from '../src/seed/seed.ts';
import { startSmtp } from './smtp.ts';

/**
 * A fresh database for one test file: embedded PGlite in memory by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (created here, dropped on close).
 */
export async function freshDb(
  opts: { serverUrl?: string; timeouts?: Partial<DbTimeouts> } = {},
): Promise<{ db: Db; url?: string; drop: () => Promise<void> }> {
  const serverUrl = opts.serverUrl ?? process.env.TEST_DATABASE_URL;
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
  const db = await openDb({ databaseUrl: url.href, dataDir: os.tmpdir(), timeouts: opts.timeouts });
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

/** The real application on a fresh database with the demo sites seeded (no mocks). */
export async function createTestApp(
  opts: {
    members?: number;
    seed?: boolean;
    smtpUrl?: string;
    redisUrl?: string;
    /** More environment variables for the app's configuration. */
    env?: Record<string, string>;
    /** Another app's database (two instances on one database); not dropped on close. */
    db?: Db;
    /** A database on this PostgreSQL server (a fault test's own) instead of TEST_DATABASE_URL's. */
    serverUrl?: string;
    dbTimeouts?: Partial<DbTimeouts>;
  } = {},
): Promise<TestApp> {
  const { db, drop } = opts.db
    ? { db: opts.db, drop: async () => {} }
    : await freshDb({ serverUrl: opts.serverUrl, timeouts: opts.dbTimeouts });
  await migrate(db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '3999',
    LOG_LEVEL: 'silent',
    ...(opts.smtpUrl ? { SMTP_URL: opts.smtpUrl } : {}),
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    ...opts.env,
  });
  if (opts.seed !== false && !opts.db)
    await seedDemo(db, config, undefined, smallDemoSites(opts.members ?? 12));
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

/**
 * A visitor's browser for inject(): keeps cookies (per site host) and, like our web client,
 * echoes the CSRF cookie in the x-csrf-token header on mutating calls.
 */
let visitors = 0;
export class Visitor {
  readonly cookies = new Map<string, string>();
  /** Each visitor comes from an address of its own, as different people do (per-IP limits). */
  readonly ip = `10.77.${Math.floor(++visitors / 250) % 250}.${(visitors % 250) + 1}`;
  constructor(
    private app: FastifyInstance,
    readonly host = 'localhost:3999',
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  remember(setCookie: string | string[] | undefined): void {
    for (const c of [setCookie ?? []].flat()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    if (!this.cookies.has('auth.csrf')) {
      this.remember(
        (
          await this.app.inject({
            method: 'GET',
            url: '/api/user.php',
            headers: { host: this.host },
            remoteAddress: this.ip,
          })
        ).headers['set-cookie'],
      );
    }
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        host: this.host,
        cookie: this.cookieHeader(),
        ...(method === 'GET' ? {} : { 'x-csrf-token': this.cookies.get('auth.csrf') ?? '' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    this.remember(res.headers['set-cookie']);
    return res;
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', url, body ?? {}, headers);
  put = (url: string, body?: unknown) => this.request('PUT', url, body ?? {});
}

/** A text message from `v`'s member to member `to`, as the chat's composer sends it. */
export const sendText = (v: Visitor, to: string, body: string, clientId: string = crypto.randomUUID()) =>
  v.post(`/api/members/${to}/messages`, { client_id: clientId, kind: 'text', body });

/** Lets the app listen on a free local port, for clients that need a real one (sockets); answers it. */
export async function listenLocally(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

let counter = 0;
/** A valid signup body with a fresh address and username. */
export function newSignup(over: Record<string, unknown> = {}) {
  counter++;
  const n = `${Date.now().toString(36)}${counter}`;
  return {
    email: `member${n}@example.test`,
    name: `Member${n}`.slice(0, 24),
    password: 'violet-harbour-1987',
    date_of_birth: '1990-05-17',
    gender: 'female',
    seeking: 'male',
    ...over,
  };
}

/**
 * Signs up a member and activates it through the real mail (SMTP server of the test); returns a
 * logged-in visitor, the signup body and the member's id.
 */
export async function activeMember(
  t: TestApp,
  smtp: {
    waitFor: (
      to: string,
      pred?: (m: { text: string }) => boolean,
      timeoutMs?: number,
    ) => Promise<{ text: string }>;
  },
  over: Record<string, unknown> = {},
  host = 'localhost:3999',
) {
  const v = new Visitor(t.app, host);
  const body = newSignup(over);
  const res = await v.post('/api/signup', body);
  if (res.statusCode !== 202) throw new Error(`signup failed: ${res.body}`);
  // Up to 30 s: a test that signs up 30 members at once waits for the 30th mail behind the others
  // (the outbox sends one at a time; 10 s was too short beside a CPU hog, issue 31).
  const mail = await smtp.waitFor(body.email, (m) => m.text.includes('/api/activate.php'), 30_000);
  const link = mail.text.match(/https?:\/\/[^\s"<>]+(\/api\/activate\.php\?token=[A-Za-z0-9_-]+)/)?.[1];
  const activated = await v.get(link!);
  if (activated.headers.location !== '/activate/done') throw new Error('activation failed');
  const [row] = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [body.email]);
  return { v, body, id: row!.id };
}

/** A test file's app: the real application on a fresh database with a real SMTP sink beside it. */
export interface TestEnv extends TestApp {
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  /** Signs up and activates a member through the real mails (see activeMember). */
  member(over?: Record<string, unknown>, host?: string): ReturnType<typeof activeMember>;
  /** The id of a seeded site by domain. */
  siteId(domain?: string): Promise<number>;
  /** A GET without cookies (a first visit, a crawler), to host localhost unless `headers` name one. */
  get(url: string, headers?: Record<string, string>): Promise<InjectResponse>;
}

/**
 * Starts the app and its SMTP sink before the file's tests and stops both after them. The
 * returned object reads through to them once they run (use it inside tests and hooks).
 */
export function useTestApp(
  opts: {
    members?: number;
    redisUrl?: string;
    env?: Record<string, string>;
    /** false: an empty database (no demo sites), as a live install starts. */
    seed?: boolean;
  } = {},
): TestEnv {
  let app: TestApp | undefined;
  let smtp: TestEnv['smtp'] | undefined;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await createTestApp({ smtpUrl: smtp.url, ...opts });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });
  const started = () => {
    if (!app || !smtp) throw new Error('useTestApp: the app starts in beforeAll; use it inside tests');
    return { app, smtp };
  };
  const env: TestEnv = {
    get app() {
      return started().app.app;
    },
    get db() {
      return started().app.db;
    },
    get config() {
      return started().app.config;
    },
    close: () => started().app.close(),
    get smtp() {
      return started().smtp;
    },
    member: (over = {}, host) => activeMember(env, started().smtp, over, host),
    siteId: async (domain = 'localhost') =>
      (await env.db.query<{ id: number }>('SELECT id FROM sites WHERE domain = $1', [domain]))[0]!.id,
    get: (url, headers = {}) =>
      env.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } }),
  };
  return env;
}
