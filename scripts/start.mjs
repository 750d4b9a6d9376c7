#!/usr/bin/env node
// `npm start`: builds what is missing or stale, then runs the server (which migrates the database,
// seeds the demo sites on an empty one, and serves http://localhost:3000).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const newest = (dir) => {
  let max = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist') continue;
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else max = Math.max(max, fs.statSync(full).mtimeMs);
    }
  };
  walk(dir);
  return max;
};
const mtime = (f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0);

const sources = Math.max(
  newest(path.join(root, 'apps/web')),
  newest(path.join(root, 'apps/server/src')),
  newest(path.join(root, 'packages')),
);
const built = Math.min(
  mtime(path.join(root, 'apps/web/dist/server/entry-server.js')),
  mtime(path.join(root, 'apps/server/dist/main.js')),
);
if (built < sources || process.argv.includes('--build')) {
  console.log('Building Amora (web app and server)…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// `npm start` is the developer's quick start: the mail viewer at /dev/mail is on unless told
// otherwise (the server still keeps it off with SMTP_URL, NODE_ENV=production or a public
// PUBLIC_URL, and answers it only to requests from this machine).
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DEV_MAIL_VIEWER: process.env.DEV_MAIL_VIEWER || 'on' },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
