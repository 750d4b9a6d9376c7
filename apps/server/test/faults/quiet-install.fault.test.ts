/**
 * Issue 24 item 1, as an operator met it: the default install (PGlite in DATA_DIR, one process),
 * a member written to while away, then 150 s without a single request. The notification mail
 * falls due at +120 s, after the site directory went stale at +30 s. The mail must leave, and
 * the server must answer its health check within a second, every time. Real time, real process:
 * about three minutes a round (`npm run test:faults`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { openDb } from '../../src/platform/db.ts';
import { migrate } from '../../src/platform/migrate.ts';
import { smallDemoSites } from '../../src/seed/demo-sites.ts';
import { seedDemo } from '../../src/seed/seed.ts';
import { startSmtp } from '../smtp.ts';
import { HttpMember } from './http-member.ts';
import { freePort } from './procs.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const QUIET_S = 150;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: ChildProcess | undefined;
let dataDir: string;

beforeAll(async () => {
  smtp = await startSmtp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-quiet-'));
  const db = await openDb({ dataDir });
  await migrate(db);
  await seedDemo(db, loadConfig({ DATA_DIR: dataDir }), undefined, smallDemoSites(4));
  await db.close();
});
afterAll(async () => {
  server?.kill('SIGKILL');
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The server as `npm start` runs it, from source, on the embedded database in dataDir. */
async function startServer(port: number): Promise<void> {
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: smtp.url,
      SEED_DEMO: 'off',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

it(`a notification due after ${QUIET_S} s of silence leaves, and the server answers within a second`, async () => {
  const port = await freePort();
  await startServer(port);
  const base = `http://127.0.0.1:${port}`;
  for (let round = 0; round < 2; round++) {
    const a = await new HttpMember(base).signUp(smtp, { gender: 'male', seeking: 'female' });
    const b = await new HttpMember(base).signUp(smtp);
    const sent = await a.request('POST', `/api/members/${b.id}/messages`, {
      client_id: crypto.randomUUID(),
      kind: 'text',
      body: `Are you there? (round ${round})`,
    });
    expect(sent.status).toBeLessThan(300);
    // Silence: no request at all until the mail arrives (it is due after 120 s).
    const quietSince = Date.now();
    const mail = await smtp.waitFor(b.body.email, (m) => m.text.includes(a.body.name), (QUIET_S + 60) * 1000);
    expect(mail.to).toEqual([b.body.email]);
    const waitedS = (Date.now() - quietSince) / 1000;
    expect(waitedS).toBeLessThan(QUIET_S + 60);
    // The rest of the quiet spell, as the operator who found the freeze left it.
    await new Promise((r) => setTimeout(r, Math.max(0, QUIET_S * 1000 - (Date.now() - quietSince))));
    // Then the first request after the quiet spell: answered, not hung.
    const health = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) });
    expect(health.status).toBe(200);
  }
}, 600_000);
