import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Starts the built server (`npm run build` first) as its own process, as in production, on a
 * PostgreSQL database, and resolves once it answers its health check. It stops with this process.
 * SERVER_NODE_ARGS: extra node flags for it, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
 */
export async function startBuiltServer(opts: {
  port: number;
  databaseUrl: string;
  dataDir: string;
  /** Extra settings, e.g. SEED_DEMO: 'on'. */
  env?: Record<string, string>;
}): Promise<ChildProcess> {
  const serverArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...serverArgs, 'apps/server/dist/main.js'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      DATABASE_URL: opts.databaseUrl,
      PORT: String(opts.port),
      DATA_DIR: opts.dataDir,
      SEED_DEMO: 'off',
      LOG_LEVEL: 'warn',
      // The load generator plays many visitors behind a local proxy (X-Forwarded-For), so the
      // per-address rate limits apply per visitor as in production.
      TRUST_PROXY: 'loopback',
      ...opts.env,
    },
    stdio: 'inherit',
  });
  process.on('exit', () => server.kill('SIGTERM'));
  await answering(opts.port);
  return server;
}

/** Resolves once the server on `port` answers GET /api/health (a minute at most). */
async function answering(port: number): Promise<void> {
  for (let i = 0; ; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (i > 600) throw new Error(`the server on port ${port} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts bench/bare-server.ts (the floor under any Node HTTP API: node:http and the feature's own
 * service call, nothing else) as its own process on the same database; resolves once it listens.
 * It stops with this process.
 */
export async function startBareServer(opts: { port: number; databaseUrl: string; dataDir: string }) {
  const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATABASE_URL: opts.databaseUrl, PORT: String(opts.port), DATA_DIR: opts.dataDir },
    stdio: 'inherit',
  });
  process.on('exit', () => bare.kill('SIGTERM'));
  await answering(opts.port);
  return bare;
}

/**
 * The CSRF token a browser holds for this session (or for a visitor when `cookie` is empty): the
 * `auth.csrf` cookie the server sets on its boot call. Send it back as cookie and x-csrf-token.
 */
export function csrfToken(port: number, cookie = '', host = 'localhost'): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: '/api/user.php', headers: { host, cookie } },
      (res) => {
        res.resume();
        const set = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('auth.csrf='));
        if (!set) return reject(new Error(`the server set no CSRF cookie (${res.statusCode})`));
        resolve(decodeURIComponent(set.slice('auth.csrf='.length).split(';')[0]!));
      },
    );
    req.on('error', reject);
  });
}

/** The machine's PostgreSQL server (BENCH_DATABASE_URL to use another). */
export const BENCH_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Drops and creates the database `name` on the benchmark server; answers its URL. */
export async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: BENCH_SERVER });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(BENCH_SERVER);
  url.pathname = `/${name}`;
  return url.href;
}

/** Drops the database `name` on the benchmark server (a run's own, at its end). */
export async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: BENCH_SERVER });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/**
 * The fresh database `name` (freshDatabase) with the demo sites seeded, `members` members each, and
 * a data folder beside it (amora-bench-<name>-…): what a run starts its built server on.
 */
export async function seededDatabase(name: string, members: number) {
  const { openDb } = await import('../apps/server/src/platform/db.ts');
  const { migrate } = await import('../apps/server/src/platform/migrate.ts');
  const { seedDemo } = await import('../apps/server/src/seed/seed.ts');
  const { smallDemoSites } = await import('../apps/server/src/seed/demo-sites.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const databaseUrl = await freshDatabase(name);
  const db = await openDb({ databaseUrl, dataDir: os.tmpdir() });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name.replaceAll('_', '-')}-`));
  await migrate(db);
  await seedDemo(db, loadConfig({ DATA_DIR: dataDir }), undefined, smallDemoSites(members));
  return { databaseUrl, db, dataDir };
}

/**
 * Chat pairs on a seeded site: `pairs` senders made premium with plenty of credits, and as many
 * recipients (demo members; `realOnly` leaves fictional profiles out).
 */
export async function chatPairs(
  db: import('../apps/server/src/platform/db.ts').Db,
  siteId: number,
  pairs: number,
  opts: { realOnly?: boolean } = {},
): Promise<{ senders: string[]; recipients: string[] }> {
  const { book } = await import('../apps/server/src/features/credits/ledger.ts');
  const members = await db.query<{ id: string }>(
    `SELECT u.id FROM users u WHERE u.site_id = $1 AND u.is_demo ${opts.realOnly ? 'AND NOT u.fictional' : ''}
      ORDER BY u.id LIMIT $2`,
    [siteId, 2 * pairs],
  );
  const senders = members.slice(0, pairs).map((m) => m.id);
  for (const id of senders) {
    await db.query('UPDATE users SET paid_user = true WHERE id = $1', [id]);
    await db.tx((q) => book(q, { userId: id, siteId, delta: 1_000_000, reason: 'purchase', ref: 'bench' }));
  }
  return { senders, recipients: members.slice(pairs).map((m) => m.id) };
}

/** CPU milliseconds used, by whom (cpuMeter). */
export interface Cpu {
  /** The load generator: this process. */
  bench: number;
  /** The server process. */
  server: number;
  /** PostgreSQL's backends serving the benchmark's database. */
  pg: number;
  /** The rest of the machine (other work on it, PostgreSQL's background writers). */
  other: number;
}

/**
 * Where the time goes: CPU used by the load generator, the server process `serverPid`, the
 * PostgreSQL backends of database `dbName` and the rest of the machine, read from /proc (Linux;
 * zeros elsewhere). `now()` takes a reading, `between(a, b)` what each used from a to b.
 */
export function cpuMeter(serverPid: number, dbName: string) {
  const TICK_MS = 10; // USER_HZ: /proc counts in hundredths of a second
  const onLinux = fs.existsSync('/proc/self/stat');
  const procCpuMs = (pid: string): number => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(f[11]) + Number(f[12])) * TICK_MS; // utime + stime
    } catch {
      return 0;
    }
  };
  type Reading = { bench: number; server: number; pg: Map<string, number>; busy: number };
  const now = (): Reading => {
    const u = process.cpuUsage();
    const bench = (u.user + u.system) / 1000;
    const pgMs = new Map<string, number>();
    if (!onLinux) return { bench, server: 0, pg: pgMs, busy: 0 };
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        // Backends serving this database (other databases' work counts as the rest of the machine);
        // per backend, so that one closing meanwhile does not take its past with it.
        if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${dbName} `))
          pgMs.set(pid, procCpuMs(pid));
      } catch {}
    }
    // Busy time of the whole machine: user, nice, system, irq, softirq, steal.
    const [, ...t] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const busy = [0, 1, 2, 5, 6, 7].reduce((sum, i) => sum + Number(t[i]), 0) * TICK_MS;
    return { bench, server: procCpuMs(String(serverPid)), pg: pgMs, busy };
  };
  const between = (a: Reading, b: Reading): Cpu => {
    let pgMs = 0;
    for (const [pid, ms] of b.pg) pgMs += ms - (a.pg.get(pid) ?? 0);
    const bench = b.bench - a.bench;
    const serverMs = b.server - a.server;
    return { bench, server: serverMs, pg: pgMs, other: b.busy - a.busy - bench - serverMs - pgMs };
  };
  return { now, between };
}
