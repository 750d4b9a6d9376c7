#!/usr/bin/env node
// `npm run bench`: builds once, then runs every benchmark in turn (or those named:
// `npm run bench -- chat search`). Figures go to docs/benchmarks.md by hand.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const all = [
  'bundle-size',
  'startup',
  'login',
  'search',
  'chat',
  'uploads',
  'payments',
  'notify',
  'pages',
  'images',
  'redis-outage',
];
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : all;
const unknown = chosen.filter((b) => !all.includes(b));
if (unknown.length) {
  console.error(`unknown benchmark ${unknown.join(', ')}; choose from ${all.join(', ')}`);
  process.exit(2);
}
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
let failed = 0;
for (const b of chosen) {
  console.log(`\n▶ ${b}`);
  if (run([path.join(root, 'bench', `${b}.mjs`)]) !== 0) failed++;
}
process.exit(failed ? 1 : 0);
