// Runs a TypeScript benchmark (bench/<name>.run.ts) with tsx, quietly logged, and exits with its status.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export function runTs(file) {
  const root = path.resolve(import.meta.dirname, '..');
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench', file)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  process.exit(r.status ?? 1);
}
