#!/usr/bin/env node
// Login latency on this machine, through the real HTTP stack (in-process inject) and argon2id:
// a correct password, a wrong password, and an unknown address, interleaved, RUNS each.
// The unknown-address ratio shows the "no enumeration by timing" design holds (dummy hash verify).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/login.run.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, LOG_LEVEL: 'silent' },
});
process.exit(r.status ?? 1);
