#!/usr/bin/env node
// `npm run bench`: builds once, then runs every benchmark in turn (or those named:
// `npm run bench -- chat search`). Figures go to docs/benchmarks.md by hand.
//   --quick     every benchmark with small numbers (QUICK below), a minute or two in all: it checks
//               that each one still runs (its figures mean nothing). Exits non-zero if any fails,
//               or takes longer than QUICK_TIMEOUT_S. CI runs it (.ci/run).
//   --no-build  uses the build that is there (CI's `npm test` has just made it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
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
  'layout-shift',
  'first-tap',
  'images',
  'redis-outage',
  'scam',
];
/**
 * Each benchmark's small numbers (its own settings, as environment variables; BENCH_QUICK=1 tells
 * those that have no setting for something, e.g. which pages Lighthouse opens).
 */
const QUICK = {
  'bundle-size': {},
  startup: { RUNS: '1' },
  login: { RUNS: '5' },
  search: { PROFILES: '20000', REQUESTS: '100', WARMUP: '50', DEEP_PAGES: '20' },
  chat: { MESSAGES: '80', ROUNDS: '1', WARMUP_ROUNDS: '1', LATENCY: '200', SOCKETS: '200' },
  uploads: { ROUNDS: '1', IDLE_SEARCHES: '200' },
  payments: { PAYMENTS: '40' },
  notify: { ROUNDS: '2', PER_ROUND: '32', JOBS: '200' },
  pages: { RUNS: '1', PAGES: 'quick', TTFB_N: '20' },
  'layout-shift': { PAGES: 'quick' },
  'first-tap': { PAGES: 'quick' },
  images: {},
  'redis-outage': { REQUESTS: '50', ROUNDS: '1', WARMUP: '50' },
  scam: {},
};
const QUICK_TIMEOUT_S = 600;

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const build = !args.includes('--no-build');
const badFlags = args.filter((a) => a.startsWith('--') && !['--quick', '--no-build'].includes(a));
const named = args.filter((a) => !a.startsWith('--'));
const chosen = named.length ? named : all;
const unknown = [...chosen.filter((b) => !all.includes(b)), ...badFlags];
if (unknown.length) {
  console.error(
    `unknown benchmark or flag ${unknown.join(', ')}; choose from ${all.join(', ')}, --quick, --no-build`,
  );
  process.exit(2);
}
if (build) {
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
} else if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
  console.error('--no-build: there is no build (apps/server/dist/main.js); run `npm run build` first');
  process.exit(1);
}
const failed = [];
for (const b of chosen) {
  console.log(`\n▶ ${b}${quick ? ' (quick)' : ''}`);
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [path.join(root, 'bench', `${b}.mjs`)], {
    cwd: root,
    stdio: 'inherit',
    env: quick ? { ...process.env, BENCH_QUICK: '1', ...QUICK[b] } : process.env,
    timeout: quick ? QUICK_TIMEOUT_S * 1000 : undefined,
    killSignal: 'SIGKILL',
  });
  const s = ((performance.now() - t0) / 1000).toFixed(0);
  if (r.status !== 0) {
    failed.push(b);
    const why =
      r.error?.code === 'ETIMEDOUT' ? `took over ${QUICK_TIMEOUT_S} s` : `exit ${r.status ?? r.signal}`;
    console.error(`✗ ${b} failed (${why}, ${s} s)`);
  } else console.log(`✓ ${b} (${s} s)`);
}
if (failed.length)
  console.error(`\n${failed.length} of ${chosen.length} benchmarks failed: ${failed.join(', ')}`);
else console.log(`\nall ${chosen.length} benchmarks ran`);
process.exit(failed.length ? 1 : 0);
