#!/usr/bin/env node
// `npm test`: every test tier, ending with one summary line "N passed, N failed".
//   1. unit and integration tests (Vitest) on the embedded PostgreSQL (PGlite);
//   2. when TEST_DATABASE_URL is set (CI does), the integration tests again on that PostgreSQL server;
//   3. the web app is built and the browser journeys run in Debian's Chromium (Playwright).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.test-output');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `\nBrowser tests need Chromium, and none was found at ${chromium}.\n` +
      "Install Debian's Chromium with:  sudo apt-get update && sudo apt-get install -y chromium\n" +
      '(or point CHROMIUM_PATH at a Chromium binary). The browser tests never skip silently.\n',
  );
  process.exit(1);
}

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = 0;

function addVitest(file) {
  if (!fs.existsSync(file)) return void failedSteps++;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}

const pgUrl = process.env.TEST_DATABASE_URL;
const embedded = { TEST_DATABASE_URL: '' };

console.log('\n▶ unit and integration tests (embedded PostgreSQL)');
if (
  run(
    bin('vitest'),
    [
      'run',
      '--project',
      'unit',
      '--project',
      'int',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}/vitest.json`,
    ],
    embedded,
  ) !== 0
)
  failedSteps++;
addVitest(`${out}/vitest.json`);

if (pgUrl) {
  console.log(`\n▶ integration tests again on the PostgreSQL server (${pgUrl.replace(/\/\/[^@]*@/, '//')})`);
  if (
    run(bin('vitest'), [
      'run',
      '--project',
      'int',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}/vitest-pg.json`,
    ]) !== 0
  )
    failedSteps++;
  addVitest(`${out}/vitest-pg.json`);
}

console.log('\n▶ building the web app and server for the browser journeys');
if (run('npm', ['run', 'build', '--silent']) !== 0) {
  console.error('build failed');
  process.exit(1);
}

console.log('\n▶ browser journeys (Chromium)');
if (run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], { CHROMIUM_PATH: chromium }) !== 0)
  failedSteps++;
const e2eFile = `${out}/e2e.json`;
if (fs.existsSync(e2eFile)) {
  const s = JSON.parse(fs.readFileSync(e2eFile, 'utf8')).stats;
  totals.passed += s.expected;
  totals.failed += s.unexpected + s.flaky;
  totals.skipped += s.skipped;
} else failedSteps++;

const failed = totals.failed + (totals.failed === 0 && failedSteps > 0 ? 1 : 0);
console.log(
  `\n${totals.passed} passed, ${failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failed > 0 || failedSteps > 0 ? 1 : 0);
