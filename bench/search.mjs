#!/usr/bin/env node
// Search benchmark on one million profiles in a PostgreSQL server (BENCH_DATABASE_URL, default the
// machine's server). See bench/search.run.ts; results go to docs/benchmarks.md by hand.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/search.run.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, LOG_LEVEL: 'silent' },
});
process.exit(r.status ?? 1);
