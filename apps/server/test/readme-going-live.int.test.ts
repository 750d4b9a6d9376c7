import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../src/cli/admin.ts';
import { openDb } from '../src/platform/db.ts';
import { migrate } from '../src/platform/migrate.ts';
import { freshDb } from './helpers.ts';
import { startSmtp } from './smtp.ts';

/**
 * The README's "Going live" section, run (issue 25): every command of its `sh` blocks is run here
 * the way an operator runs it, on this test's own database, folder, ports and mail sink: the admin
 * commands through runAdminCli (the code `npm run admin` runs), `npm run serve` as the server's
 * entry (apps/server/src/main.ts, with the section's environment), curl against that server,
 * pg_dump, pg_restore and tar for real. pg_dump and pg_restore need a PostgreSQL server: they run
 * in the server run of the suite (TEST_DATABASE_URL), as CI does; everything else runs on both.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const section = readme.slice(
  readme.indexOf('\n## Going live'),
  readme.indexOf('\n## ', readme.indexOf('\n## Going live') + 5),
);

function blocks(lang: string): string[] {
  return [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].filter((m) => m[1] === lang).map((m) => m[2]!);
}

/** The commands of the section's `sh` blocks, one per line (a trailing backslash continues it). */
const commands = blocks('sh')
  .flatMap((b) => b.replace(/\\\n\s*/g, ' ').split('\n'))
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

/** The environment of the section's `ini` block. */
const readmeEnv = Object.fromEntries(
  blocks('ini')
    .flatMap((b) => b.split('\n'))
    .map((l) => l.trim())
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);

/** Splits a command line as a shell does for our commands (double quotes, no expansion). */
function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

/** A GET to this machine's port with a Host header of our choosing (fetch ignores a Host header). */
const getAs = (port: number, host: string, url: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers: { host } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => {
          body += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

interface Server {
  proc: ChildProcess;
  lines: string[];
  port: number;
}

/** `npm run serve` with this environment: the server's entry, until it logs that it is ready. */
function serve(env: Record<string, string>, port: number): Promise<Server> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Stopped after the file even when the test ends before it is ready (a timeout on a busy
  // machine): no server of this test outlives it (one was seen running an hour later).
  started.push(proc);
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    let buf = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      let i = buf.indexOf('\n');
      while (i >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        lines.push(line);
        if (line.includes('"msg":"Amora is ready"')) resolve({ proc, lines, port });
        i = buf.indexOf('\n');
      }
    });
    let err = '';
    proc.stderr!.on('data', (c: Buffer) => {
      err += c.toString();
    });
    proc.on('exit', (code) =>
      reject(new Error(`the server ended (${code}) before it was ready:\n${lines.join('\n')}\n${err}`)),
    );
  });
}

function stop(s: Server): Promise<void> {
  return new Promise((resolve) => {
    if (s.proc.exitCode !== null) return resolve();
    s.proc.once('exit', () => resolve());
    s.proc.kill('SIGTERM');
  });
}

const logged = (s: Server, msg: string) =>
  s.lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === msg);

const servers: Server[] = [];
const started: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const s of servers) await stop(s);
  for (const proc of started) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  for (const c of cleanups) await c();
});

describe('README, "Going live"', () => {
  it('has commands to run, and an environment', () => {
    expect(commands.length).toBeGreaterThanOrEqual(10);
    expect(readmeEnv).toMatchObject({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'mollie' });
  });

  it('every command works as written', { timeout: 240_000 }, async () => {
    const ran = new Set<string>();
    const onServer = !!process.env.TEST_DATABASE_URL;
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-golive-'));
    const dataDir = path.join(work, 'data');
    fs.mkdirSync(dataDir);
    const smtp = await startSmtp();
    const databases: Awaited<ReturnType<typeof freshDb>>[] = [];
    cleanups.push(async () => {
      await smtp.close();
      for (const d of databases) await d.drop();
      fs.rmSync(work, { recursive: true, force: true });
    });
    // This test's database: a new one on the PostgreSQL server, else the embedded one in DATA_DIR.
    let databaseUrl: string | undefined;
    if (onServer) {
      const d = await freshDb();
      databases.push(d);
      databaseUrl = d.url;
    }
    // The section's environment, pointed at this test's own database, folder and mail sink.
    const { DATABASE_URL: _theirs, ...fromReadme } = readmeEnv;
    const env = (over: Record<string, string> = {}): Record<string, string> => ({
      ...fromReadme,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SMTP_URL: smtp.url,
      BOUNCE_SMTP_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...over,
    });

    // 4. The admin commands (the embedded database wants the server stopped: they come first).
    const db = await openDb({ databaseUrl, dataDir });
    try {
      await migrate(db);
      for (const line of commands.filter((c) => c.startsWith('npm run admin -- '))) {
        const out: string[] = [];
        const code = await runAdminCli(db, words(line).slice(4), { out: (l) => out.push(l), env: {} });
        expect(code, `${line}\n${out.join('\n')}`).toBe(0);
        ran.add(line);
      }
      const [site] = await db.query<{ domain: string; name: string }>(
        "SELECT domain, config->>'name' AS name FROM sites",
      );
      expect(site).toEqual({ domain: 'amora.example', name: 'Amora' });
      const [op] = await db.query<{ totp_required: boolean }>(
        "SELECT totp_required FROM operators WHERE email = 'you@amora.example'",
      );
      expect(op?.totp_required).toBe(true);
      expect(await db.query('SELECT 1 FROM users')).toEqual([]);
    } finally {
      await db.close();
    }

    // 5. The processes, with the section's environment. The embedded database serves one
    // process: there the worker gets a folder of its own.
    const web = commands.find((c) => /^ROLE=web npm run serve$/.test(c))!;
    const worker = commands.find((c) => /^ROLE=worker npm run serve$/.test(c))!;
    const port = await freePort();
    const webServer = await serve(env({ ROLE: 'web', PORT: String(port) }), port);
    servers.push(webServer);
    ran.add(web);
    const workerDir = path.join(work, 'worker-data');
    fs.mkdirSync(workerDir);
    const workerServer = await serve(
      env({
        ROLE: 'worker',
        PORT: String(await freePort()),
        ...(databaseUrl ? {} : { DATA_DIR: workerDir }),
      }),
      0,
    );
    servers.push(workerServer);
    ran.add(worker);
    for (const [s, role] of [
      [webServer, 'web'],
      [workerServer, 'worker'],
    ] as const) {
      // What is on: nothing of the development conveniences, Mollie taking the payments.
      expect(logged(s, 'configuration')).toMatchObject({
        role,
        live: true,
        payments: 'mollie',
        seed: false,
        api_docs: false,
        dev_tools: false,
        unknown_hosts: 'refused',
        trust_proxy: 'loopback',
      });
      expect(s.lines.filter((l) => l.includes('WARNING'))).toEqual([]);
    }
    const settings = await getAs(port, 'amora.example', '/api/settings.php');
    expect(JSON.parse(settings.body).name).toBe('Amora');
    expect((await getAs(port, 'other.example', '/')).status).toBe(421);

    // 7. Monitoring, against this server.
    for (const line of commands.filter((c) => c.startsWith('curl '))) {
      const local = line.replace('https://amora.example', `http://127.0.0.1:${port}`);
      const r = spawnSync('bash', ['-c', `${local} -H 'Host: amora.example'`], { encoding: 'utf8' });
      expect(r.status, `${line}\n${r.stderr}`).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ status: 'ok' });
      ran.add(line);
    }

    // 6. Backups: photos (one of each kind here) and, with a server, the database beside it.
    for (const [dir, file] of [
      ['media/p', 'a1-l.jpg'],
      ['private/c', 'b2-l.jpg'],
    ] as const) {
      fs.mkdirSync(path.join(dataDir, dir), { recursive: true });
      fs.writeFileSync(path.join(dataDir, dir, file), `photo ${file}`);
    }
    const sh = (line: string, over: Record<string, string> = {}) => {
      const r = spawnSync('bash', ['-c', line], {
        cwd: work,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', ...env(over) },
      });
      expect(r.status, `${line}\n${r.stderr}`).toBe(0);
      ran.add(line);
    };
    const backup = commands.filter((c) => /^(pg_dump|tar -czf amora-media)/.test(c));
    for (const line of backup) if (onServer || !line.startsWith('pg_')) sh(line);
    const listed = spawnSync('tar', ['-tzf', path.join(work, 'amora-media.tar.gz')], { encoding: 'utf8' });
    expect(listed.stdout).toContain('media/p/a1-l.jpg');
    expect(listed.stdout).toContain('private/c/b2-l.jpg');

    for (const s of servers) await stop(s);

    // Restore: into an empty database, the photos into an empty folder.
    const restored = path.join(work, 'restored');
    fs.mkdirSync(restored);
    let restoredUrl: string | undefined;
    if (onServer) {
      const d = await freshDb();
      databases.push(d);
      restoredUrl = d.url;
    }
    for (const line of commands.filter((c) => /^(pg_restore|tar -xzf)/.test(c))) {
      if (!onServer && line.startsWith('pg_')) continue;
      sh(line, { DATA_DIR: restored, ...(restoredUrl ? { DATABASE_URL: restoredUrl } : {}) });
    }
    expect(fs.readFileSync(path.join(restored, 'media/p/a1-l.jpg'), 'utf8')).toBe('photo a1-l.jpg');
    if (restoredUrl) {
      const back = await openDb({ databaseUrl: restoredUrl, dataDir: work });
      try {
        expect(await back.query("SELECT domain FROM sites WHERE config->>'name' = 'Amora'")).toEqual([
          { domain: 'amora.example' },
        ]);
      } finally {
        await back.close();
      }
    }

    // The embedded database's backup: the whole folder, the server stopped.
    for (const line of commands.filter((c) => c.startsWith('tar -czf amora-data'))) sh(line);
    if (!onServer) {
      const all = spawnSync('tar', ['-tzf', path.join(work, 'amora-data.tar.gz')], { encoding: 'utf8' });
      expect(all.stdout).toContain('./pg/');
    }

    // Nothing of the section went unrun (pg_dump and pg_restore: in the PostgreSQL server's run).
    const unrun = commands.filter((c) => !ran.has(c) && (onServer || !c.startsWith('pg_')));
    expect(unrun).toEqual([]);
  });
});
