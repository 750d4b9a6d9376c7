#!/usr/bin/env node
// Chat benchmarks (bench/chat.run.ts): throughput with credits vs raw SQL, send-to-receive p99 vs a
// bare ws echo, memory per idle socket. Needs `npm run build` and the machine's PostgreSQL server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/chat.run.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, LOG_LEVEL: 'silent' },
});
process.exit(r.status ?? 1);
