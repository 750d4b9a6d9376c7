/**
 * The server as production runs it, as processes of its own (from source through tsx, so no build
 * is needed): web instances and a worker on one PostgreSQL, Redis and SMTP server, to be killed,
 * stopped and started again by a fault test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './procs.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

export interface Instance {
  role: 'web' | 'worker' | 'all';
  /** The HTTP port (0 for a worker). */
  port: number;
  base: string;
  /** Exits of this process that the test did not cause (a crash: the fault suite's failure). */
  unexpectedExits: string[];
  /** Kills the process with `signal` and waits for it to exit. */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
  /** Starts it again with the same settings and port; resolves once it is ready. */
  start(): Promise<void>;
  /** The log lines it wrote (pino JSON). */
  log: string[];
}

/** Starts an instance of `role` with these settings; resolves once it serves (or, a worker, is ready). */
export async function startInstance(role: Instance['role'], env: Record<string, string>): Promise<Instance> {
  const port = role === 'worker' ? 0 : await freePort();
  let child: ChildProcess | undefined;
  let expectedExit = false;
  const inst: Instance = {
    role,
    port,
    base: `http://127.0.0.1:${port}`,
    unexpectedExits: [],
    log: [],
    kill: async (signal) => {
      const c = child;
      if (!c || c.exitCode !== null) return { code: c?.exitCode ?? null, ms: 0 };
      expectedExit = true;
      const t0 = performance.now();
      const code = await new Promise<number | null>((resolve) => {
        c.once('exit', (code) => resolve(code));
        c.kill(signal);
      });
      return { code, ms: Math.round(performance.now() - t0) };
    },
    start: async () => {
      expectedExit = false;
      const c = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: ROOT,
        env: { ...process.env, ...env, ROLE: role, PORT: String(port || 1), LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = c;
      let ready!: () => void;
      const isReady = new Promise<void>((resolve) => {
        ready = resolve;
      });
      let buf = '';
      const onData = (d: Buffer) => {
        buf += d.toString();
        let i = buf.indexOf('\n');
        while (i >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 1);
          inst.log.push(line);
          if (inst.log.length > 5000) inst.log.splice(0, 1000);
          if (line.includes('Amora is ready')) ready();
          i = buf.indexOf('\n');
        }
      };
      c.stdout!.on('data', onData);
      c.stderr!.on('data', onData);
      const exited = new Promise<never>((_, reject) =>
        c.once('exit', (code, signal) => {
          if (!expectedExit) inst.unexpectedExits.push(`${role}:${port} exited ${code ?? signal}`);
          reject(
            new Error(
              `${role} exited (${code ?? signal}) before it was ready:\n${inst.log.slice(-20).join('\n')}`,
            ),
          );
        }),
      );
      exited.catch(() => {});
      await Promise.race([isReady, exited]);
    },
  };
  await inst.start();
  return inst;
}
