/**
 * Typing and read receipts across instances (issue 30 item 2): two instances on one database share a
 * redis-server of this test's own; a member typing or reading on instance A reaches the partner's
 * socket on instance B through the same Redis fan-out as chat messages.
 */
import type { ServerEvent } from '@amora/contracts/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/platform/db.ts';
import { activeMember, sendText } from '../helpers.ts';
import { startSmtp } from '../smtp.ts';
import { type AppInstance, appInstance, seededDb } from './apps.ts';
import { type RedisServer, startRedisServer } from './procs.ts';
import { openTab } from './tabs.ts';

let redis: RedisServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let db: Db;
let drop: () => Promise<void>;
let A: AppInstance;
let B: AppInstance;

beforeAll(async () => {
  redis = await startRedisServer();
  smtp = await startSmtp();
  ({ db, drop } = await seededDb());
  A = await appInstance(db, { redisUrl: redis.url, smtpUrl: smtp.url });
  B = await appInstance(db, { redisUrl: redis.url, smtpUrl: smtp.url });
  await Promise.all([A.app.realtime.whenSubscribed(), B.app.realtime.whenSubscribed()]);
});
afterAll(async () => {
  await B?.close();
  await A?.close();
  await drop?.();
  await smtp?.close();
  await redis?.destroy();
});

describe('typing and read receipts over two instances', () => {
  it("a typing frame on instance A and a read on A reach the partner's socket on instance B", async () => {
    const a = await activeMember(A, smtp);
    const b = await activeMember(A, smtp);
    const sent = await sendText(a.v, b.id, 'hello across instances');
    const { conversation_id: conversation, id } = sent.json().message;
    const aTab = await openTab(a.v.cookies, A.port);
    const bTab = await openTab(b.v.cookies, B.port);
    aTab.ws.send(JSON.stringify({ type: 'typing', conversation_id: conversation }));
    expect(await bTab.next((e: ServerEvent) => e.type === 'typing')).toEqual({
      type: 'typing',
      conversation_id: conversation,
      user_id: a.id,
    });
    // b reads through instance A's API: a's tab on instance B moves its mark.
    const aOnB = await openTab(a.v.cookies, B.port);
    expect((await b.v.post(`/api/chat/${conversation}/read`)).statusCode).toBe(204);
    expect(await aOnB.next((e) => e.type === 'read')).toEqual({
      type: 'read',
      conversation_id: conversation,
      read_id: id,
    });
    for (const s of [aTab, bTab, aOnB]) s.ws.close();
  });
});
