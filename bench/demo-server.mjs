// The built server of a checkout (`npm run build` first) on a fresh embedded database with the demo
// sites, for the benchmarks that look at it as a visitor does (images.mjs, pages.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Starts the built server of checkout `dir` (this one by default) as http://localhost:`port` and
 * resolves once it answers its health check: { name, origin, dataDir, proc }. The process stops and
 * its data folder goes when this process exits (or at `stop()`).
 */
export async function startDemoServer({ name = 'this checkout', dir = root, port }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-bench-demo-'));
  const origin = `http://localhost:${port}`;
  const proc = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'on',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: origin,
      DATABASE_URL: '',
    },
    stdio: 'inherit',
  });
  const stop = () => {
    proc.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  // Seeding the demo sites on a fresh database takes a while on a busy machine: up to 3 minutes.
  for (let i = 0; ; i++) {
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { name, origin, dataDir, proc, stop };
    if (i > 1800) throw new Error(`${name} (${origin}) did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
