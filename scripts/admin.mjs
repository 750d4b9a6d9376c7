#!/usr/bin/env node
// `npm run admin -- <command>`: operators of the console (apps/server/src/cli/admin.ts). Runs the
// source through tsx where the development dependencies are installed, else the built dist/admin.js.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
let tsx = false;
try {
  createRequire(import.meta.url).resolve('tsx');
  tsx = true;
} catch {}
const built = path.join(root, 'apps/server/dist/admin.js');
if (!tsx && !fs.existsSync(built)) {
  console.error('Build the server first (npm run build).');
  process.exit(1);
}
const args = tsx
  ? ['--import', 'tsx', path.join(root, 'apps/server/src/cli/admin.ts')]
  : ['--enable-source-maps', built];
const r = spawnSync(process.execPath, [...args, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
