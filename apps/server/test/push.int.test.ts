import vm from 'node:vm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendText, useTestApp, Visitor } from './helpers.ts';
import { type PushServiceStandIn, startPushService } from './push-service.ts';

// The stand-in listens on an ephemeral port of this machine: the server may post there.
const t = useTestApp({ members: 12, env: { PUSH_SERVICES: 'http://127.0.0.1:*' } });
let ps: PushServiceStandIn;
beforeAll(async () => {
  ps = await startPushService();
});
afterAll(async () => ps?.close());

const subscribe = (v: Visitor, subscription: unknown) => v.post('/api/user.php?push=1', { subscription });
const subscriptionsOf = async (userId: string) =>
  t.db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY id', [
    userId,
  ]);

describe('web push: keys, worker, manifest', () => {
  it('every site has its keys from the start: a GET only reads them', async () => {
    // Before any request of this file: the keys were made when the app became ready.
    const [keys] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM site_push_keys');
    const [sites] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sites');
    expect(keys!.n).toBe(sites!.n);
  });

  it('each site has its own VAPID public key in the settings, the same on every request', async () => {
    const a = (await new Visitor(t.app).get('/api/settings.php')).json();
    const again = (await new Visitor(t.app).get('/api/settings.php')).json();
    const other = (await new Visitor(t.app, 'hartjesdate.localhost').get('/api/settings.php')).json();
    expect(a.push_public_key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(again.push_public_key).toBe(a.push_public_key);
    expect(other.push_public_key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(other.push_public_key).not.toBe(a.push_public_key);
    // The private half never leaves the server.
    const [row] = await t.db.query<{ private_key: string }>(
      'SELECT private_key FROM site_push_keys WHERE public_key = $1',
      [a.push_public_key],
    );
    expect(JSON.stringify(a)).not.toContain(row!.private_key);
  });

  it('serves the service worker at /sw-push.js?v=2: JavaScript, not cached stale, with the words in every language', async () => {
    const res = await new Visitor(t.app).get('/sw-push.js?v=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(() => new vm.Script(res.body)).not.toThrow();
    for (const word of ['New message', 'Neue Nachricht', 'Nowa wiadomość', 'Nieuw bericht', "C'est un match"])
      expect(res.body).toContain(word);
    expect(res.body).toContain('Amora');
    const nl = await new Visitor(t.app, 'hartjesdate.localhost').get('/sw-push.js?v=2');
    expect(nl.body).toContain('Hartjesdate');
  });

  it('serves a per-site web app manifest with icons drawn in the site colours', async () => {
    const res = await new Visitor(t.app).get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const m = res.json();
    expect(m).toMatchObject({ name: 'Amora', start_url: '/members', scope: '/', display: 'standalone' });
    expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    const sizes = m.icons.map((i: { sizes: string }) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(m.icons.some((i: { purpose: string }) => i.purpose === 'maskable')).toBe(true);
    for (const icon of m.icons) {
      const png = await new Visitor(t.app).get(icon.src);
      expect(png.headers['content-type']).toBe('image/png');
      const meta = await sharp(png.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
    const nl = (await new Visitor(t.app, 'hartjesdate.localhost').get('/manifest.webmanifest')).json();
    expect(nl.name).not.toBe(m.name);
  });
});

describe('web push: subscriptions', () => {
  it('a member stores a subscription; bad ones are refused with a field error and change nothing', async () => {
    const a = await t.member();
    const good = ps.subscribe();
    // Visitors cannot subscribe.
    expect((await subscribe(new Visitor(t.app), good)).statusCode).toBe(403);
    const bad: [string, unknown][] = [
      ['plain http elsewhere', { ...good, endpoint: 'http://push.example.com/x' }],
      ['not a URL', { ...good, endpoint: 'nope' }],
      ['unknown push service', { ...good, endpoint: 'https://evil.example.com/push/1' }],
      ['short p256dh', { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } }],
      ['p256dh not on the curve', { ...good, keys: { ...good.keys, p256dh: `B${'A'.repeat(86)}` } }],
      ['long auth', { ...good, keys: { ...good.keys, auth: `${good.keys.auth}AAAA` } }],
      ['extra field', { ...good, extra: 1 }],
      ['no keys', { endpoint: good.endpoint }],
    ];
    for (const [why, sub] of bad) {
      const res = await subscribe(a.v, sub);
      expect(res.statusCode, why).toBe(400);
      expect(res.json().error.message, why).toBeTruthy();
    }
    expect(await subscriptionsOf(a.id)).toEqual([]);
    const res = await subscribe(a.v, good);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ subscribed: true, lastMessage: null });
    // The same browser again: still one; a second device: two.
    await subscribe(a.v, good);
    await subscribe(a.v, ps.subscribe());
    expect((await subscriptionsOf(a.id)).length).toBe(2);
    // Logging in on the same endpoint, another member takes it over.
    const b = await t.member();
    await subscribe(b.v, good);
    expect(await subscriptionsOf(b.id)).toEqual([{ endpoint: good.endpoint }]);
    expect((await subscriptionsOf(a.id)).length).toBe(1);
    // Unsubscribing forgets it; a member cannot remove another's.
    expect(
      (await a.v.request('DELETE', '/api/push/subscription', { endpoint: good.endpoint })).statusCode,
    ).toBe(200);
    expect(await subscriptionsOf(b.id)).toEqual([{ endpoint: good.endpoint }]);
    await b.v.request('DELETE', '/api/push/subscription', { endpoint: good.endpoint });
    expect(await subscriptionsOf(b.id)).toEqual([]);
  });

  it('the login on POST /api/user.php is unchanged beside ?push=1', async () => {
    const a = await t.member();
    const v = new Visitor(t.app);
    const res = await v.post('/api/user.php', { email: a.body.email, password: a.body.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(a.id);
    expect((await v.post('/api/user.php?push=1', { email: a.body.email })).statusCode).toBe(400);
  });
});

describe('web push: sending', () => {
  const drain = () => t.app.jobs.drain();
  /** Two members, `a` subscribed (to `sub`); `before`: the pushes the service had received until then. */
  const subscribedPair = async (sub = ps.subscribe()) => {
    const a = await t.member();
    const b = await t.member();
    await subscribe(a.v, sub);
    return { a, b, before: ps.received.length };
  };

  it('a message becomes one encrypted push without its text, which the browser can decrypt', async () => {
    const sub = ps.subscribe();
    const { a, b, before } = await subscribedPair(sub);
    const sent = await sendText(b.v, a.id, 'a very private sentence');
    expect(sent.statusCode).toBe(200);
    await drain();
    const [push] = (await ps.waitFor(before + 1)).slice(before);
    const conversation = sent.json().message.conversation_id;
    expect(push!.payload).toEqual({
      v: 1,
      type: 'message',
      lang: 'en',
      url: `/chats/${conversation}`,
      badge: 1,
      tag: `chat-${conversation}`,
    });
    expect(push!.text).not.toContain('private');
    expect(push!.text).not.toContain(b.body.name);
    expect(push!.urgency).toBe('high');
    expect(push!.ttl).toBeGreaterThan(0);
    expect(push!.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    const settings = (await a.v.get('/api/settings.php')).json();
    expect(push!.vapidKey).toBe(settings.push_public_key);
    // Nothing more goes out for the same message.
    await drain();
    expect(ps.received.length).toBe(before + 1);
  });

  it('a like and a match are pushed to the member liked; a match opens the other member', async () => {
    const a = await t.member({ gender: 'female', seeking: 'male' });
    const b = await t.member({ gender: 'male', seeking: 'female' });
    await subscribe(a.v, ps.subscribe());
    await subscribe(b.v, ps.subscribe());
    const before = ps.received.length;
    await b.v.post(`/api/likes/${a.id}`);
    await drain();
    const [like] = (await ps.waitFor(before + 1)).slice(before);
    expect(like!.payload).toMatchObject({ type: 'like', url: '/likes', badge: 1 });
    await a.v.post(`/api/likes/${b.id}`);
    await drain();
    const [match] = (await ps.waitFor(before + 2)).slice(before + 1);
    expect(match!.payload).toMatchObject({ type: 'match', url: `/likes/m/${a.id}` });
  });

  it('a subscription the push service says is gone (410, 404) is deleted', async () => {
    const { a, b, before } = await subscribedPair();
    ps.answer(410);
    await sendText(b.v, a.id, 'hello');
    await drain();
    await ps.waitFor(before + 1);
    expect(await subscriptionsOf(a.id)).toEqual([]);
    // Nothing is retried for a gone subscription.
    await sendText(b.v, a.id, 'hello again');
    await drain();
    expect(ps.received.length).toBe(before + 1);
  });

  it('a push service failure (500) is retried with backoff, and the event is sent once', async () => {
    const { a, b, before } = await subscribedPair();
    ps.answer(500);
    await sendText(b.v, a.id, 'first');
    await drain();
    const pushes = (await ps.waitFor(before + 2)).slice(before);
    expect(pushes.map((p) => p.status)).toEqual([500, 201]);
    expect(pushes[0]!.payload).toEqual(pushes[1]!.payload);
    const [job] = await t.db.query<{ attempts: number; state: string }>(
      `SELECT attempts, state FROM jobs WHERE name = 'push.send' ORDER BY id DESC LIMIT 1`,
    );
    expect(job!.attempts).toBe(2);
    // The event handed out again (a notify job retried after a crash) sends nothing twice.
    const [event] = await t.db.query<{ payload: unknown }>(
      `SELECT payload FROM jobs WHERE name = 'notify.event' AND payload->>'recipientId' = $1`,
      [a.id],
    );
    await t.db.query(`INSERT INTO jobs (name, payload) VALUES ('notify.event', $1)`, [
      JSON.stringify(event!.payload),
    ]);
    await drain();
    expect(ps.received.length).toBe(before + 2);
  });

  it("a member's deletion removes their subscriptions: nothing is pushed to them any more", async () => {
    const a = await t.member();
    const b = await t.member();
    await subscribe(a.v, ps.subscribe());
    await subscribe(a.v, ps.subscribe());
    expect((await subscriptionsOf(a.id)).length).toBe(2);
    const del = await a.v.post('/api/account/delete', { reason: 'other', password: a.body.password });
    expect(del.statusCode).toBeLessThan(300);
    expect(await subscriptionsOf(a.id)).toEqual([]);
    const before = ps.received.length;
    await sendText(b.v, a.id, 'are you there?');
    await drain();
    expect(ps.received.length).toBe(before);
  });
});
