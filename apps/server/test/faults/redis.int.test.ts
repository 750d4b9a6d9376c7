/**
 * Issue 24 item 5: a Redis outage. Two instances on one database share a redis-server of this
 * test's own, which is killed, started again and hung (SIGSTOP). Redis accelerates; it is not a
 * single point of failure: nothing waits for it, rate limits hold per instance while it is gone,
 * an instance starts without it, and sockets that may have missed events are told to catch up.
 */
import type { ServerEvent } from '@amora/contracts/realtime';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { REDIS_OPTIONS } from '../../src/platform/redis.ts';
import { activeMember, sendText, Visitor } from '../helpers.ts';
import { type AppInstance, appInstance, useTwoInstances } from './apps.ts';
import { openTab } from './tabs.ts';

// B asks its subscription every second whether Redis still answers (30 s by default).
const two = useTwoInstances({ realtime: { pingMs: 1000 } });

/** The same browser (cookies) talking to another instance. */
function on(app: FastifyInstance, v: Visitor): Visitor {
  const w = new Visitor(app, v.host);
  for (const [k, val] of v.cookies) w.cookies.set(k, val);
  return w;
}
const isResync = (e: ServerEvent) => e.type === 'resync';
const isMessage = (body: string) => (e: ServerEvent) => e.type === 'message' && e.message.body === body;
/** Both connections of these instances are up again, and any resync that caused has been sent. */
const redisUp = (...xs: AppInstance[]) =>
  Promise.all(xs.flatMap((x) => [x.app.realtime.redis!.ready(), x.app.realtime.whenSubscribed()]));

/** A rate-limited public route: 30 per 10 minutes and address. */
let addresses = 0;
const checkLink = (x: AppInstance, ip: string) =>
  x.app.inject({
    method: 'GET',
    url: '/api/password-reset/check?token=nothing',
    headers: { host: 'localhost' },
    remoteAddress: ip,
  });
async function statuses(x: AppInstance, ip: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await checkLink(x, ip)).statusCode);
  return out;
}
const all = (code: number, n: number) => Array.from({ length: n }, () => code);

describe('a Redis outage', () => {
  it('no connection to Redis ever waits for it: no offline queue, a short command timeout, reconnection forever', () => {
    for (const options of [REDIS_OPTIONS, two.A.app.realtime.redis!.client.options]) {
      expect(options.enableOfflineQueue).toBe(false);
      expect(options.commandTimeout).toBeLessThanOrEqual(250);
      expect(options.maxRetriesPerRequest).toBe(0);
      expect(options.autoResendUnfulfilledCommands).toBe(false);
      // Never gives up reconnecting (a number, not null), and tries at least every 2 s.
      expect(options.retryStrategy!(10_000)).toBe(2000);
    }
  });

  it('rate limits: one count for all instances with Redis, per instance without it (never open), shared again when it is back', async () => {
    const up = `10.24.5.${++addresses}`;
    expect(await statuses(two.A, up, 20)).toEqual(all(200, 20));
    expect(await statuses(two.B, up, 10)).toEqual(all(200, 10));
    expect((await checkLink(two.B, up)).statusCode).toBe(429);
    const probe = new Redis(two.redis.url);
    expect((await probe.keys('amora-rl:*')).length).toBeGreaterThan(0);
    probe.disconnect();

    await two.redis.kill();
    // Every request answers while Redis is dead (none waits for it), and each instance counts on its
    // own: the same address gets 30 on A and 30 on B (one count would have stopped B at once), and
    // the 31st on each is refused, never 40 of 40.
    const down = `10.24.5.${++addresses}`;
    expect(await statuses(two.A, down, 30)).toEqual(all(200, 30));
    expect((await checkLink(two.A, down)).statusCode).toBe(429);
    expect(await statuses(two.B, down, 30)).toEqual(all(200, 30));
    expect((await checkLink(two.B, down)).statusCode).toBe(429);

    await two.redis.start();
    await redisUp(two.A, two.B);
    const back = `10.24.5.${++addresses}`;
    expect(await statuses(two.A, back, 20)).toEqual(all(200, 20));
    expect(await statuses(two.B, back, 10)).toEqual(all(200, 10));
    expect((await checkLink(two.B, back)).statusCode).toBe(429);
  });

  it('after a gap in the subscription: stale caches go, sockets of sessions ended elsewhere close, the others are told to catch up and find what they missed', async () => {
    await redisUp(two.A, two.B);
    const a = await activeMember(two.A, two.smtp);
    const b = await activeMember(two.A, two.smtp);
    const phone = new Visitor(two.A.app);
    expect(
      (await phone.post('/api/user.php', { email: b.body.email, password: b.body.password })).statusCode,
    ).toBe(200);
    const laptop = await openTab(b.v.cookies, two.B.port);
    const onPhone = await openTab(phone.cookies, two.B.port);
    const first = await sendText(a.v, b.id, 'before the outage');
    await laptop.next(isMessage('before the outage'));
    const { conversation_id: conversation, id: firstId } = first.json().message;
    const siteName = two.B.app.sites.all().find((s) => s.domain === 'localhost')!.config.name;

    await two.redis.kill();
    // Through A while Redis is dead: a message, a logout, a site renamed. None reaches B now.
    expect((await sendText(a.v, b.id, 'during the outage')).statusCode).toBe(200);
    expect((await phone.get('/api/logout.php')).statusCode).toBeLessThan(400);
    await two.db.query(
      `UPDATE sites SET config = jsonb_set(config, '{name}', '"Renamed meanwhile"') WHERE domain = 'localhost'`,
    );
    expect(laptop.events.some(isMessage('during the outage'))).toBe(false);

    await two.redis.start();
    await laptop.next(isResync);
    // By the time the sockets hear it, the caches are fresh again and the ended session is closed.
    expect(await onPhone.closed).toBe(4401);
    expect(two.B.app.sites.all().find((s) => s.domain === 'localhost')!.config.name).toBe(
      'Renamed meanwhile',
    );
    // The tab catches up as after a reconnect: from the last message it holds.
    const page = await on(two.B.app, b.v).get(`/api/chat/${conversation}/messages?after=${firstId}`);
    expect(page.json().messages.map((m: { body: string }) => m.body)).toEqual(['during the outage']);
    // And live delivery across instances works again.
    await redisUp(two.A);
    await sendText(a.v, b.id, 'after the outage');
    await laptop.next(isMessage('after the outage'));
    laptop.ws.close();
    await two.db.query(
      `UPDATE sites SET config = jsonb_set(config, '{name}', to_jsonb($1::text)) WHERE domain = 'localhost'`,
      [siteName],
    );
  });

  it('an instance starts while Redis is down, serves, and joins the fan-out by itself when Redis returns', async () => {
    const a = await activeMember(two.A, two.smtp);
    const b = await activeMember(two.A, two.smtp);
    await two.redis.kill();
    const C = await appInstance(two.db, { redisUrl: two.redis.url, smtpUrl: two.smtp.url });
    try {
      expect(C.app.realtime.subscribed).toBe(false);
      const tab = await openTab(b.v.cookies, C.port);
      const ip = `10.24.5.${++addresses}`;
      expect(await statuses(C, ip, 30)).toEqual(all(200, 30));
      expect((await checkLink(C, ip)).statusCode).toBe(429);

      await two.redis.start();
      // Its subscription comes up after it started serving: its sockets catch up.
      await tab.next(isResync);
      expect(C.app.realtime.subscribed).toBe(true);
      await redisUp(two.A);
      await sendText(a.v, b.id, 'through A, to a tab on C');
      await tab.next(isMessage('through A, to a tab on C'));
      tab.ws.close();
    } finally {
      await C.close();
    }
  });

  it('a hung Redis (SIGSTOP): requests wait at most the command timeout once, limits hold, and the sockets on the other instance catch up after it wakes', async () => {
    await redisUp(two.A, two.B);
    const a = await activeMember(two.A, two.smtp);
    const b = await activeMember(two.A, two.smtp);
    const tab = await openTab(b.v.cookies, two.B.port);
    const resyncsBefore = two.B.app.realtime.stats.resyncs;

    two.redis.pause();
    const ip = `10.24.5.${++addresses}`;
    expect(await statuses(two.A, ip, 30)).toEqual(all(200, 30));
    expect((await checkLink(two.A, ip)).statusCode).toBe(429);
    // The command that timed out dropped its connection: nothing more is sent to the hung server.
    expect(two.A.app.realtime.redis!.up).toBe(false);
    const sent = await sendText(a.v, b.id, 'while Redis hangs');
    expect(sent.statusCode).toBe(200);

    two.redis.resume();
    // B's subscription did not answer its ping and was made again, or A, which could not publish,
    // told the others once it could: either way B's sockets are told to catch up.
    await tab.next(isResync);
    expect(two.B.app.realtime.stats.resyncs).toBeGreaterThan(resyncsBefore);
    const page = await on(two.B.app, b.v).get(
      `/api/chat/${sent.json().message.conversation_id}/messages?after=0`,
    );
    expect(page.json().messages.map((m: { body: string }) => m.body)).toContain('while Redis hangs');
    tab.ws.close();
  });
});
