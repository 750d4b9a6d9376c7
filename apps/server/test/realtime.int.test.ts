import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { listenLocally, sendText, useTestApp, Visitor } from './helpers.ts';

/** Redis fan-out needs a Redis server: CI sets TEST_REDIS_URL (the machine runs one). */
const REDIS = process.env.TEST_REDIS_URL;

const t = useTestApp({ members: 10, redisUrl: REDIS });
let port: number;
beforeAll(async () => {
  port = await listenLocally(t.app);
});

const member = () => t.member();

/** Opens a socket as a browser tab of `v` would; resolves once the server said hello. */
function connect(
  v: Visitor | null,
  p = port,
  origin = `http://localhost:${p}`,
): Promise<WebSocket & { events: unknown[] }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { origin, host: `localhost:${p}` };
    if (v) headers.cookie = [...v.cookies].map(([k, val]) => `${k}=${val}`).join('; ');
    const ws = new WebSocket(`ws://127.0.0.1:${p}/api/ws`, { headers }) as WebSocket & { events: unknown[] };
    ws.events = [];
    ws.on('message', (data) => {
      const e = JSON.parse(String(data));
      if (e.type === 'hello') resolve(ws);
      else ws.events.push(e);
    });
    ws.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.on('error', reject);
  });
}
const until = async (cond: () => boolean) => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  return cond();
};

describe('real time', () => {
  it("a message reaches every open tab of both members at once, and nobody else's", async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const [bTab1, bTab2, aTab, cTab] = await Promise.all([
      connect(b.v),
      connect(b.v),
      connect(a.v),
      connect(c.v),
    ]);
    const res = await sendText(a.v, b.id, 'hello in real time');
    expect(res.statusCode).toBe(200);
    expect(
      await until(() => bTab1.events.length === 1 && bTab2.events.length === 1 && aTab.events.length === 1),
    ).toBe(true);
    expect(bTab1.events[0]).toMatchObject({
      type: 'message',
      message: { body: 'hello in real time', sender_id: a.id },
    });
    // A retry of the same send announces nothing twice.
    await a.v.post(`/api/members/${b.id}/messages`, {
      client_id: res.json().message.client_id,
      kind: 'text',
      body: 'x',
    });
    // A later message arrives after anything the retry could have announced: exactly two events.
    await sendText(a.v, b.id, 'and again');
    expect(await until(() => bTab1.events.length >= 2)).toBe(true);
    expect(bTab1.events.map((e) => (e as { message: { body: string } }).message.body)).toEqual([
      'hello in real time',
      'and again',
    ]);
    expect(cTab.events).toHaveLength(0);
    for (const s of [bTab1, bTab2, aTab, cTab]) s.close();
  });

  it("a like tells both members' open tabs to reload their likes", async () => {
    const a = await member();
    const b = await member();
    const bTab = await connect(b.v);
    expect((await a.v.post(`/api/likes/${b.id}`)).statusCode).toBe(200);
    expect(await until(() => bTab.events.length === 1)).toBe(true);
    expect(bTab.events[0]).toEqual({ type: 'likes' });
    bTab.close();
  });

  it("a like that makes a match in a conversation delivers its system message to both members' tabs", async () => {
    const a = await member();
    const b = await member();
    const hello = { client_id: 'realtime-match-1', kind: 'text', body: 'Hello!' };
    expect((await a.v.post(`/api/members/${b.id}/messages`, hello)).statusCode).toBe(200);
    expect((await a.v.post(`/api/likes/${b.id}`)).statusCode).toBe(200);
    const aTab = await connect(a.v);
    const bTab = await connect(b.v);
    expect((await b.v.post(`/api/likes/${a.id}`)).json().match).toBe(true);
    const note = (tab: typeof aTab) => tab.events.find((e) => (e as { type: string }).type === 'message');
    expect(await until(() => !!note(aTab) && !!note(bTab))).toBe(true);
    for (const tab of [aTab, bTab]) {
      expect(note(tab)).toMatchObject({ message: { kind: 'system', body: 'match', sender_id: b.id } });
      expect(tab.events).toContainEqual({ type: 'likes' });
    }
    aTab.close();
    bTab.close();
  });

  it("logging out closes that session's sockets at once, not the member's other devices", async () => {
    const a = await member();
    const phone = new Visitor(t.app, 'localhost:3999');
    expect(
      (await phone.post('/api/user.php', { email: a.body.email, password: a.body.password })).statusCode,
    ).toBe(200);
    const laptop = await connect(a.v);
    const onPhone = await connect(phone);
    const closed = new Promise<number>((r) => laptop.on('close', (code) => r(code)));
    await a.v.get('/api/logout.php');
    expect(await closed).toBe(4401);
    expect(onPhone.readyState).toBe(WebSocket.OPEN);
    // Deleting the account ends all of its sessions.
    const phoneClosed = new Promise<number>((r) => onPhone.on('close', (code) => r(code)));
    const res = await phone.post('/api/account/delete', { reason: 'other', password: a.body.password });
    expect(res.statusCode).toBeLessThan(300);
    expect(await phoneClosed).toBe(4401);
  });

  it('refuses sockets without a session or from another origin', async () => {
    await expect(connect(null)).rejects.toThrow(/refused 403/);
    const a = await member();
    await expect(connect(a.v, port, 'https://evil.example')).rejects.toThrow(/refused 403/);
  });

  it.skipIf(!REDIS)(
    'with Redis, a message sent through one instance reaches a member connected to another',
    async () => {
      const other: FastifyInstance = await buildApp({
        config: loadConfig({
          DATA_DIR: t.config.dataDir,
          PORT: '3998',
          LOG_LEVEL: 'silent',
          REDIS_URL: REDIS,
        }),
        db: t.db,
        logger: false,
      });
      const otherPort = await listenLocally(other);
      try {
        const a = await member();
        const b = await member();
        const bOnOther = await connect(b.v, otherPort);
        await sendText(a.v, b.id, 'across instances');
        expect(await until(() => bOnOther.events.length === 1)).toBe(true);
        expect(bOnOther.events[0]).toMatchObject({ message: { body: 'across instances' } });
        bOnOther.close();
      } finally {
        await other.close();
      }
    },
  );
});
