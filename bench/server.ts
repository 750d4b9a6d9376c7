import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/**
 * Starts the built server (`npm run build` first) as its own process, as in production, on a
 * PostgreSQL database, and resolves once it answers its health check. It stops with this process.
 * SERVER_NODE_ARGS: extra node flags for it, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
 */
export async function startBuiltServer(opts: {
  port: number;
  databaseUrl: string;
  dataDir: string;
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
    },
    stdio: 'inherit',
  });
  process.on('exit', () => server.kill('SIGTERM'));
  for (let i = 0; ; i++) {
    const ok = await fetch(`http://127.0.0.1:${opts.port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}
