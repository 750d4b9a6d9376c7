/**
 * Real servers a fault test starts on its own ports (never the machine's shared ones), so it can
 * stop, restart, slow or kill them: a PostgreSQL cluster of its own (initdb in a temporary folder),
 * a redis-server of its own. Each returns controls to inject the fault and to undo it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A free TCP port on loopback (the OS picks it; closed again before returning). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on the port (or rejects after `ms`). */
export async function waitForPort(port: number, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`nothing listens on port ${port} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function pgBin(name: string): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort() : [];
  for (const v of versions.reverse()) {
    const p = path.join(base, v, 'bin', name);
    if (fs.existsSync(p)) return p;
  }
  return name;
}

/** Runs a PostgreSQL binary as the postgres user when we are root (PostgreSQL refuses root). */
function asPostgres(bin: string, args: string[]): string[] {
  return process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', bin, ...args] : [bin, ...args];
}

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** `pg_ctl restart -m fast`: every connection is cut, the server is back when this resolves. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`: the server is gone until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** pg_terminate_backend on every other connection (57P01 on each client). */
  terminateBackends(): Promise<number>;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
}

/** A PostgreSQL cluster of the test's own: initdb in a temporary folder, trust auth on loopback. */
export async function startPgCluster(): Promise<PgCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-pg-'));
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const run = (bin: string, args: string[]) => {
    const [cmd, ...rest] = asPostgres(pgBin(bin), args);
    execFileSync(cmd!, rest, { stdio: 'pipe', cwd: dir });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  fs.appendFileSync(
    path.join(data, 'postgresql.conf'),
    `\nport = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nfsync = off\nmax_connections = 100\n`,
  );
  const ctl = (args: string[]) => run('pg_ctl', ['-D', data, '-w', '-l', path.join(dir, 'log'), ...args]);
  ctl(['start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    restart: async () => ctl(['restart', '-m', 'fast']),
    stop: async () => ctl(['stop', '-m', 'fast']),
    start: async () => ctl(['start']),
    terminateBackends: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const r = await c.query(
        'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND backend_type = $1',
        ['client backend'],
      );
      await c.end();
      return r.rows[0].n as number;
    },
    destroy: async () => {
      try {
        ctl(['stop', '-m', 'immediate']);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RedisServer {
  url: string;
  port: number;
  /** SIGKILL: gone at once, connections reset. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty: it keeps nothing on disk). */
  start(): Promise<void>;
  /** SIGSTOP: connections stay open and nothing answers (a hung server); resume() undoes it. */
  pause(): void;
  /** SIGCONT after pause(). */
  resume(): void;
  /** Stops it for good. */
  destroy(): Promise<void>;
}

/** A redis-server of the test's own on a free loopback port, keeping nothing on disk. */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitForPort(port);
  };
  const kill = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  };
  const signal = (sig: NodeJS.Signals) => {
    if (!child || child.exitCode !== null) throw new Error('redis-server is not running');
    child.kill(sig);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    start,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    destroy: kill,
  };
}
