/**
 * Issue 24 item 9: sockets. A socket whose peer is gone (no answer to pings) is cut; one that does
 * not read is closed once what waits for it passes the cap, with a code its client reconnects and
 * catches up on; and a SIGTERM closes every socket with 1001 (going away) before the process exits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SESSION_COOKIE } from '@amora/contracts';
import { type ServerEvent, SOCKET_CLOSE, type SocketMessage } from '@amora/contracts/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/platform/db.ts';
import { openDb } from '../../src/platform/db.ts';
import { migrate } from '../../src/platform/migrate.ts';
import { createSession } from '../../src/platform/sessions.ts';
import { smallDemoSites } from '../../src/seed/demo-sites.ts';
import { seedDemo } from '../../src/seed/seed.ts';
import { activeMember } from '../helpers.ts';
import { startSmtp } from '../smtp.ts';
import { type AppInstance, appInstance, seededDb } from './apps.ts';
import { type Instance, startInstance } from './instances.ts';
import { openTab } from './tabs.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let db: Db;
let drop: () => Promise<void>;
/** Pings every half second (30 s by default). */
let pinging: AppInstance;
/** Keeps at most 64 KiB waiting for a socket (512 KiB by default). */
let capped: AppInstance;
const CAP = 64 * 1024;

beforeAll(async () => {
  smtp = await startSmtp();
  ({ db, drop } = await seededDb());
  pinging = await appInstance(db, { smtpUrl: smtp.url, realtime: { pingMs: 500 } });
  capped = await appInstance(db, { smtpUrl: smtp.url, realtime: { maxBufferedBytes: CAP } });
});
afterAll(async () => {
  await capped?.close();
  await pinging?.close();
  await drop?.();
  await smtp?.close();
});

describe('sockets', () => {
  it('a socket that does not answer pings is cut; one that answers stays', async () => {
    const m = await activeMember(pinging, smtp);
    const healthy = await openTab(m.v.cookies, pinging.port);
    let pings = 0;
    healthy.ws.on('ping', () => pings++);
    // A peer that vanished (a lost network, a frozen laptop) answers nothing: no pong.
    const gone = await openTab(m.v.cookies, pinging.port, { autoPong: false });
    expect(await gone.closed).toBe(1006);
    expect(pinging.app.realtime.stats.dead).toBe(1);
    expect(pings).toBeGreaterThan(0);
    expect(healthy.ws.readyState).toBe(WebSocket.OPEN);
    healthy.ws.close();
  });

  it('a socket that never reads is closed once its buffer passes the cap (4000: reconnect and catch up); the member’s other tab gets everything', async () => {
    const m = await activeMember(capped, smtp);
    const stalled = await openTab(m.v.cookies, capped.port);
    const reading = await openTab(m.v.cookies, capped.port);
    stalled.ws.pause(); // reads nothing more from the network
    const message = (n: number): SocketMessage =>
      ({
        id: n,
        conversation_id: '00000000-0000-4000-8000-000000000000',
        sender_id: m.id,
        kind: 'text',
        body: `${n} ${'x'.repeat(16 * 1024)}`,
        created_at: new Date().toISOString(),
      }) as unknown as SocketMessage;
    // Events until the server gives up on the stalled socket (the kernel's buffers fill first).
    let sent = 0;
    while (capped.app.realtime.stats.tooSlow === 0 && sent < 20_000) {
      capped.app.realtime.publish([m.id], { type: 'message', message: message(++sent) });
      if (sent % 8 === 0) await new Promise((r) => setImmediate(r));
    }
    expect(capped.app.realtime.stats.tooSlow).toBe(1);
    // Nothing more is queued for it: what it gets when it reads again is what was buffered, then the close.
    capped.app.realtime.publish([m.id], { type: 'message', message: message(++sent) });
    stalled.ws.resume();
    expect(await stalled.closed).toBe(SOCKET_CLOSE.fellBehind);
    expect(stalled.events.length).toBeLessThan(sent);
    const last = await reading.next((e: ServerEvent) => e.type === 'message' && e.message.id === sent);
    expect(last).toBeTruthy();
    expect(reading.events).toHaveLength(sent);
    expect(reading.ws.readyState).toBe(WebSocket.OPEN);
    reading.ws.close();
  });

  it('SIGTERM: every socket is closed with 1001 (going away), not 1005, before the process exits', async () => {
    // The real server process (main.ts), on a database of its own with a member's session in it.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-sigterm-'));
    const serverUrl = process.env.TEST_DATABASE_URL;
    const fresh = serverUrl ? await seededDb(4) : undefined;
    const own = fresh?.db ?? (await openDb({ dataDir }));
    if (!fresh) {
      await migrate(own);
      await seedDemo(own, loadConfig({ DATA_DIR: dataDir }), undefined, smallDemoSites(4));
    }
    const [member] = await own.query<{ id: string; site_id: number }>(
      `SELECT u.id, u.site_id FROM users u JOIN sites s ON s.id = u.site_id
        WHERE s.domain = 'localhost' AND u.status = 'active' AND NOT u.fictional ORDER BY u.id LIMIT 1`,
    );
    const token = await createSession(own, member!, 'fault test');
    if (!fresh) await own.close(); // the embedded database has one owner: the server now
    // main.ts as production runs it, as a process of its own (instances.ts); no Redis.
    const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: 'off', HOST: '127.0.0.1' };
    if (fresh?.url) env.DATABASE_URL = fresh.url;
    let server: Instance | undefined;
    try {
      const running = await startInstance('all', env);
      server = running;
      const tabs = await Promise.all(
        [1, 2].map(() => openTab(new Map([[SESSION_COOKIE, token]]), running.port)),
      );
      const stopped = running.kill('SIGTERM');
      expect(await Promise.all(tabs.map((t) => t.closed))).toEqual([1001, 1001]);
      expect((await stopped).code).toBe(0);
    } finally {
      await server?.kill('SIGKILL'); // nothing when it has exited
      await fresh?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
