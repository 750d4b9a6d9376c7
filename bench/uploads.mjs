#!/usr/bin/env node
// Search latency during a burst of large photo uploads, against idle (bench/uploads.run.ts), on the
// machine's PostgreSQL server (BENCH_DATABASE_URL). Results go to docs/benchmarks.md by hand.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/uploads.run.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, LOG_LEVEL: 'silent' },
});
process.exit(r.status ?? 1);
