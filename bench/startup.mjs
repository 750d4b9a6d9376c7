#!/usr/bin/env node
// Cold-start benchmark: time from process spawn to the first 200 of /api/health, for
//   baseline  a bare node:http server (what Node itself costs on this machine),
//   fresh     Amora on an empty DATA_DIR (migrations + demo seed of 1,500 members),
//   warm      Amora again on that DATA_DIR (migrations checked, seed skipped).
// Reports medians of RUNS runs and the ratios to the baseline. Needs `npm run build` first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.RUNS ?? 3);
const PORT = 3190;

async function timeToReady(cmd, args, env) {
  const t0 = performance.now();
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(PORT) },
    stdio: 'ignore',
  });
  try {
    // A fresh start seeds the demo sites: on a loaded machine that takes minutes, not seconds.
    while (performance.now() - t0 < 300_000) {
      if (child.exitCode !== null)
        throw new Error(`${cmd} exited with ${child.exitCode} before it was ready`);
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
        if (res.status === 200) return performance.now() - t0;
      } catch {}
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`${cmd} was not ready within 5 minutes`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
  }
}

const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = { baseline: [], fresh: [], warm: [] };
for (let i = 0; i < RUNS; i++) {
  results.baseline.push(
    await timeToReady(
      process.execPath,
      ['-e', "require('http').createServer((q,s)=>s.end('ok')).listen(process.env.PORT)"],
      {},
    ),
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-bench-'));
  const env = { DATA_DIR: dir, LOG_LEVEL: 'silent' };
  results.fresh.push(await timeToReady(process.execPath, ['apps/server/dist/main.js'], env));
  results.warm.push(await timeToReady(process.execPath, ['apps/server/dist/main.js'], env));
  fs.rmSync(dir, { recursive: true, force: true });
}
const b = median(results.baseline);
for (const [name, xs] of Object.entries(results)) {
  const m = median(xs);
  console.log(
    `${name.padEnd(9)} median ${m.toFixed(0).padStart(6)} ms   ratio to baseline ${(m / b).toFixed(1)}x`,
  );
}
