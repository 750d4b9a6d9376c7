import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { mediaUrl } from '../src/platform/media.ts';
import { createTestApp, listenLocally, newSignup, type TestApp, useTestApp, Visitor } from './helpers.ts';
import { jpegWithGps, multipart } from './images.ts';
import { linkIn } from './smtp.ts';

/**
 * The findings of the outside probe (security issue), each reproduced as the attacker did it.
 * The README's default set-up is the app without SMTP_URL: mail goes to the outbox folder.
 */
const t = useTestApp();
const PASSWORD = 'violet-harbour-1987';
const path = (url: string) => new URL(url).pathname + new URL(url).search;
let ips = 0;
/** A visitor from an address of its own, far from the helpers' range. */
const stranger = (host?: string) => {
  const v = new Visitor(t.app, host);
  (v as { ip: string }).ip = `198.51.${100 + (++ips % 100)}.${(ips % 250) + 1}`;
  return v;
};

describe('the development mail viewer', () => {
  let dev: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    // Mail to the outbox folder (no SMTP_URL), viewer asked for: as `npm start` on a laptop.
    dev = await createTestApp({ members: 1, env: { DEV_MAIL_VIEWER: 'on' } });
    prod = await createTestApp({ members: 1, env: { DEV_MAIL_VIEWER: 'on', NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await dev?.close();
    await prod?.close();
  });

  it('the probe: a visitor reads a reset link from /dev/mail and takes the account over', async () => {
    const attacker = new Visitor(dev.app);
    (attacker as { ip: string }).ip = '203.0.113.7';
    expect((await attacker.post('/api/password-reset', { email: 'demo1@amora-en.test' })).statusCode).toBe(
      202,
    );
    await dev.app.mailer.idle();
    const list = await attacker.get('/dev/mail');
    expect(list.statusCode).toBe(404);
    expect(list.body).not.toContain('demo1@amora-en.test');
    // Relayed through a proxy on this machine, or under another host name: still nothing.
    const local = (headers: Record<string, string>) =>
      dev.app.inject({ url: '/dev/mail', remoteAddress: '127.0.0.1', headers });
    expect((await local({ host: 'localhost:3999', 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(404);
    expect((await local({ host: 'amora.example' })).statusCode).toBe(404);
    // The developer on this machine sees the mail.
    const own = await local({ host: 'localhost:3999' });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('demo1@amora-en.test');
  });

  it('is never there in production, nor with a public address or SMTP, even when asked for', async () => {
    // Not even registered (in these API-only tests an unknown page answers 503 'not built').
    expect(prod.app.routeTable.filter((r) => r.url.startsWith('/dev'))).toEqual([]);
    const res = await prod.app.inject({ url: '/dev/mail', headers: { host: 'localhost:3999' } });
    expect(res.statusCode).not.toBe(200);
    expect(res.body).not.toContain('demo1@');
    const cfg = (env: Record<string, string>) => loadConfig({ DEV_MAIL_VIEWER: 'on', ...env });
    expect(cfg({ NODE_ENV: 'production' }).devMailViewer).toBe(false);
    expect(cfg({ PUBLIC_URL: 'https://amora.example' }).devMailViewer).toBe(false);
    expect(cfg({ SMTP_URL: 'smtp://127.0.0.1:2525' }).devMailViewer).toBe(false);
    expect(cfg({}).devMailViewer).toBe(true);
    expect(loadConfig({}).devMailViewer).toBe(false);
    // The SMS viewer is a development tool of its own: with SMTP on, but never in production.
    expect(cfg({ SMTP_URL: 'smtp://127.0.0.1:2525' }).devTools).toBe(true);
    expect(cfg({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' }).devTools).toBe(false);
    expect(cfg({ PUBLIC_URL: 'https://amora.example' }).devTools).toBe(false);
    expect(loadConfig({}).devTools).toBe(false);
  });

  it('the API document is for a local install: a live one shows it only when API_DOCS=on (issue 25 item 6)', async () => {
    const docs = (app: TestApp['app'], url: string) =>
      app.inject({ url, headers: { host: 'localhost:3999' } });
    for (const url of ['/api/docs', '/api/docs/json']) {
      expect((await docs(prod.app, url)).statusCode, url).toBe(404);
      expect((await docs(dev.app, url)).statusCode, url).not.toBe(404);
    }
    // It listed the console's routes, which answer 404 to everyone else.
    expect((await docs(prod.app, '/api/docs/json')).body).not.toContain('/api/admin/');
    const named = await createTestApp({ members: 1, env: { NODE_ENV: 'production', API_DOCS: 'on' } });
    try {
      expect((await docs(named.app, '/api/docs/json')).json().paths['/api/admin/audit']).toBeDefined();
    } finally {
      await named.close();
    }
  });

  it('every route declares its access, and each is enforced by the one mechanism', async () => {
    const routes = [...t.app.routeTable, ...dev.app.routeTable];
    expect(routes.length).toBeGreaterThan(50);
    for (const r of routes)
      expect(
        // op:*: the operator console, walked by admin-access.int.test.ts
        [
          'public',
          'member',
          'dev',
          'op:self',
          'op:any',
          'op:admin',
          'op:moderator',
          'op:support',
          'op:finance',
        ],
        `${r.method} ${r.url}`,
      ).toContain(r.config?.access);
    const fill = (url: string) =>
      url
        .replace(/:message/g, '1')
        .replace(/:variant/g, 'l')
        .replace(/:[a-z]+/g, '00000000-0000-4000-8000-000000000000')
        .replace('*', 'x');
    const visitor = new Visitor(t.app);
    const member = t.app.routeTable.filter((r) => r.config?.access === 'member');
    expect(member.length).toBeGreaterThan(25);
    for (const r of member) {
      for (const method of [r.method].flat().filter((m) => m !== 'HEAD')) {
        // A route told apart by its query (POST /api/user.php?push=1) is called with that query.
        const query = (r.constraints as { query?: string } | undefined)?.query;
        const url = fill(r.url) + (query ? `?${query}` : '');
        const res = await visitor.request(method as 'GET', url, method === 'GET' ? undefined : {});
        expect(res.statusCode, `${method} ${r.url}`).toBe(403);
        expect(res.json().authentication_required, `${method} ${r.url}`).toBe(true);
      }
    }
    const devRoutes = dev.app.routeTable.filter((r) => r.config?.access === 'dev');
    expect([...new Set(devRoutes.map((r) => r.url))].sort()).toEqual([
      '/dev/jobs',
      '/dev/jobs/run-due',
      '/dev/mail',
      '/dev/mail/:file',
      '/dev/operators',
      '/dev/site-settings',
      '/dev/sms',
    ]);
    for (const r of devRoutes) {
      const res = await dev.app.inject({
        method: [r.method].flat()[0] as 'GET',
        url: fill(r.url),
        remoteAddress: '203.0.113.7',
      });
      expect(res.statusCode, r.url).toBe(404);
    }
  });
});

describe('locked photos', () => {
  async function demoWithPhotos() {
    const [row] = await t.db.query<{ id: string }>(
      `SELECT p.user_id AS id FROM profiles p JOIN users u ON u.id = p.user_id
        WHERE u.is_demo AND p.site_id = (SELECT id FROM sites WHERE domain = 'localhost')
          AND (SELECT count(*) FROM photos WHERE user_id = p.user_id) >= 2
        ORDER BY p.user_id LIMIT 1`,
    );
    return row!.id;
  }
  const fetch = (url: string, v?: Visitor) =>
    v ? v.get(url) : t.app.inject({ url, headers: { host: 'localhost:3999' } });

  it('the probe: -l for -b in a locked photo address serves nothing, to visitors and free members', async () => {
    const id = await demoWithPhotos();
    const free = await t.member();
    for (const viewer of [undefined, free.v]) {
      const profile = (await (viewer ?? new Visitor(t.app)).get(`/api/members/${id}`)).json();
      const locked = profile.photos.find((p: { locked: boolean }) => p.locked);
      expect(locked.url).toMatch(/-b\.jpg$/);
      expect((await fetch(locked.url, viewer)).statusCode).toBe(200);
      for (const v of ['l', 'm', 't']) {
        const swapped = locked.url.replace(/-b\.jpg$/, `-${v}.jpg`);
        expect((await fetch(swapped, viewer)).statusCode, swapped).toBe(404);
        expect((await fetch(`${swapped}?e=9999999999&s=AAAAAAAAAAAAAAAAAAAAAA`, viewer)).statusCode).toBe(
          404,
        );
      }
      // The main photo is for everyone: its address works.
      const main = await fetch(profile.main_image, viewer);
      expect(main.statusCode).toBe(200);
      expect(main.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('premium members get working addresses that expire and cannot be edited', async () => {
    const id = await demoWithPhotos();
    const premium = await t.member();
    await t.db.query('UPDATE users SET paid_user = true WHERE id = $1', [premium.id]);
    const profile = (await premium.v.get(`/api/members/${id}`)).json();
    const other = profile.photos.find((p: { is_main: boolean }) => !p.is_main);
    expect(other.locked).toBe(false);
    expect((await fetch(other.url)).statusCode).toBe(200);
    const file = new URL(other.url, 'http://x').pathname.slice('/media/'.length);
    const tampered = other.url.replace(/s=[\w-]+/, 's=BBBBBBBBBBBBBBBBBBBBBB');
    expect((await fetch(tampered)).statusCode).toBe(404);
    const later = other.url.replace(/e=(\d+)/, (_m: string, e: string) => `e=${Number(e) + 86_400}`);
    expect((await fetch(later)).statusCode).toBe(404);
    const old = mediaUrl('/media', file, Date.now() - 13 * 3600_000);
    expect((await fetch(old)).statusCode).toBe(404);
    expect((await fetch(mediaUrl('/media', file))).statusCode).toBe(200);
  });

  it('uploads follow the same rule, and chat photos are not under /media at all', async () => {
    const { v } = await t.member();
    const m = multipart('photo', 'me.jpg', 'image/jpeg', await jpegWithGps(300, 300));
    const photo = (await v.request('POST', '/api/photos', m.payload, m.headers)).json();
    expect((await fetch(photo.url)).statusCode).toBe(200);
    expect((await fetch(photo.url.replace(/\?.*$/, ''))).statusCode).toBe(404);
    const chatFile = await fetch('/media/c/00000000-0000-4000-8000-000000000000-l.jpg');
    expect(chatFile.statusCode).not.toBe(200);
    expect(chatFile.headers['content-type']).not.toBe('image/jpeg');
    expect(t.app.routeTable.filter((r) => r.url.startsWith('/media/')).map((r) => r.url)).not.toContain(
      '/media/*',
    );
  });
});

describe('no account enumeration', () => {
  it('a username tried with a registered address is held as if the account had been made', async () => {
    const owner = await t.member();
    const signupAgain = (body: Record<string, unknown>) => stranger().post('/api/signup', body);
    // With a registered address and a fresh username: the same 202 as ever.
    const registered = newSignup({ email: owner.body.email });
    expect((await signupAgain(registered)).statusCode).toBe(202);
    // With a free address and a fresh username: 202.
    const free = newSignup();
    expect((await signupAgain(free)).statusCode).toBe(202);
    // The probe then tries each username again with yet another address: both are taken.
    for (const name of [registered.name, free.name]) {
      const res = await signupAgain(newSignup({ name }));
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.fields.name).toBeTruthy();
    }
  });

  it('an e-mail change answers the same for a taken address and mails its owner, 50 of 50', async () => {
    const { v, body } = await t.member();
    const owner = await t.member();
    const answers = new Set<string>();
    for (const to of [owner.body.email, `free-${Date.now()}@example.test`]) {
      const res = await v.post('/api/account/email', { new_email: to, password: body.password });
      answers.add(`${res.statusCode} ${Object.keys(res.json()).sort().join(',')}`);
    }
    expect([...answers]).toEqual(['202 email,status']);
    await t.smtp.waitFor(owner.body.email, (m) => /already belongs to your account/.test(m.text));
    const [me] = await t.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
      (await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [body.email]))[0]!.id,
    ]);
    expect(me!.email).toBe(body.email);
  });
});

describe('no mail flooding', () => {
  it('30 signups with a registered address send its owner 2 mails, not 30', async () => {
    const owner = await t.member();
    for (let i = 0; i < 30; i++) {
      expect((await stranger().post('/api/signup', newSignup({ email: owner.body.email }))).statusCode).toBe(
        202,
      );
    }
    await t.app.mailer.idle();
    const told = t.smtp.mails.filter(
      (m) => m.to.includes(owner.body.email) && /already have an account/i.test(m.subject),
    );
    expect(told).toHaveLength(2);
  });

  it('e-mail changes to a stranger send the stranger 3 mails a day at most', async () => {
    const { v, body } = await t.member();
    const victim = `victim-${Date.now()}@example.test`;
    for (let i = 0; i < 8; i++) {
      expect(
        (await v.post('/api/account/email', { new_email: victim, password: body.password })).statusCode,
      ).toBe(202);
    }
    await t.app.mailer.idle();
    expect(t.smtp.mails.filter((m) => m.to.includes(victim))).toHaveLength(3);
  });
});

describe('bad input answers 4xx with a translated message, never 5xx', () => {
  it('the probe: NUL bytes, malformed ids and cursors, unknown ids, uploads without a boundary', async () => {
    const a = await t.member();
    const b = await t.member();
    const nul = 'a\u0000b';
    const calls: [Visitor, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      [stranger(), 'POST', '/api/user.php', { email: `x${nul}@example.test`, password: 'whatever1' }],
      [stranger(), 'POST', '/api/signup', newSignup({ about: `Hello ${nul} there, nice to meet you` })],
      [stranger(), 'POST', '/api/signup', newSignup({ tracking: { network: nul, sub1: '{x}' } })],
      [a.v, 'PUT', '/api/profile', { about: nul }],
      [a.v, 'PUT', '/api/profile', { city: nul }],
      [a.v, 'POST', '/api/complaints', { reason: 'spam', text: `complaint ${nul} text here` }],
      [
        a.v,
        'POST',
        `/api/members/${b.id}/messages`,
        { client_id: crypto.randomUUID(), kind: 'text', body: nul },
      ],
      [a.v, 'GET', `/api/search?region=${encodeURIComponent(nul)}`],
      [a.v, 'DELETE', '/api/photos/not-a-uuid'],
      [a.v, 'POST', '/api/photos/not-a-uuid/main', {}],
      [
        a.v,
        'GET',
        `/api/search?cursor=${Buffer.from(`2024-13-45 99:99:99+00|${b.id}`).toString('base64url')}`,
      ],
      [a.v, 'GET', '/api/chats.php?cursor=bm90LWpzb24'],
      [a.v, 'GET', `/api/chats.php?cursor=${Buffer.from('["x","y"]').toString('base64url')}`],
      [a.v, 'POST', '/api/swipe/00000000-0000-4000-8000-000000000000/pass', {}],
      [a.v, 'POST', '/api/swipe/not-a-uuid/pass', {}],
    ];
    for (const [v, method, url, body] of calls) {
      const res = await v.request(method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBeLessThan(500);
      expect(res.json().error.message, url).toBeTruthy();
    }
    const noBoundary = await a.v.request('POST', '/api/photos', 'abc', {
      'content-type': 'multipart/form-data',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().error.code).toBe('photo_invalid');
  });
});

describe('proxies and rate limits', () => {
  it('the probe: a rotating X-Forwarded-For does not get past the login limit', async () => {
    const v = new Visitor(t.app);
    (v as { ip: string }).ip = '127.0.0.1'; // a client on this machine, as a proxy would be
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await v.request(
        'POST',
        '/api/user.php',
        { email: `nobody${i}@example.test`, password: 'wrong-password-1' },
        { 'x-forwarded-for': `203.0.113.${i + 1}` },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect(statuses.length).toBe(31);
  });

  it('trusts forwarded addresses only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toBe('10.0.0.1,10.0.0.0/8');
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  const REDIS = process.env.TEST_REDIS_URL;
  it.skipIf(!REDIS)('with REDIS_URL, two instances share one limit', async () => {
    const a = await createTestApp({ db: t.db, redisUrl: REDIS, smtpUrl: t.smtp.url });
    const b = await createTestApp({ db: t.db, redisUrl: REDIS, smtpUrl: t.smtp.url });
    try {
      const ip = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
      const [va, vb] = [new Visitor(a.app), new Visitor(b.app)];
      (va as { ip: string }).ip = ip;
      (vb as { ip: string }).ip = ip;
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const res = await (i % 2 ? va : vb).post('/api/user.php', {});
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 30).every((s) => s !== 429)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await a.app.close();
      await b.app.close();
    }
  });
});

describe('smaller findings', () => {
  it('a swipe pass on a member of another site is refused and records nothing', async () => {
    const a = await t.member();
    const [nl] = await t.db.query<{ id: string }>(
      `SELECT p.user_id AS id FROM profiles p JOIN sites s ON s.id = p.site_id WHERE s.domain = 'nl.localhost' LIMIT 1`,
    );
    expect((await a.v.post(`/api/swipe/${nl!.id}/pass`)).statusCode).toBe(404);
    expect(await t.db.query('SELECT 1 FROM swipe_passes WHERE user_id = $1', [a.id])).toHaveLength(0);
  });

  it("a CSRF token is bound to its session: another member's token is refused", async () => {
    const a = await t.member();
    const b = await t.member();
    const tokenOfA = a.v.cookies.get('auth.csrf')!;
    b.v.cookies.set('auth.csrf', tokenOfA);
    const res = await b.v.put('/api/profile', { about: 'planted token' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('csrf');
    // A new session (login) brings a new token, and the old one stops working.
    const visitorToken = new Visitor(t.app);
    await visitorToken.get('/api/user.php');
    const before = visitorToken.cookies.get('auth.csrf');
    await visitorToken.post('/api/user.php', { email: a.body.email, password: a.body.password });
    expect(visitorToken.cookies.get('auth.csrf')).not.toBe(before);
    expect((await visitorToken.put('/api/profile', { about: 'fresh token works' })).statusCode).toBe(200);
  });

  it('the probe: a target in absolute form or percent-encoded does not get past the CSRF check (issue 25 item 5)', async () => {
    const { v, body: member } = await t.member();
    const port = await listenLocally(t.app);
    const cookie = [...v.cookies].map(([k, val]) => `${k}=${val}`).join('; ');
    /** One request on a socket of its own, the target written as given (no client tidies it up). */
    const raw = (method: string, target: string, body: string, extra = '') =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () =>
          socket.write(
            `${method} ${target} HTTP/1.1\r\nHost: localhost:3999\r\nCookie: ${cookie}\r\n${extra}` +
              `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
          ),
        );
        let text = '';
        socket.on('data', (c) => {
          text += c.toString();
        });
        socket.on('end', () => resolve({ status: Number(text.split(' ')[1]), text }));
        socket.on('error', reject);
      });
    const about = JSON.stringify({ about: 'written from another site' });
    for (const target of [`http://localhost:${port}/api/profile`, '/%61pi/profile', '/api/profile']) {
      const res = await raw('PUT', target, about);
      expect(res.status, target).toBe(403);
      expect(res.text, target).toContain('"code":"csrf"');
    }
    const [row] = await t.db.query<{ about: string | null }>(
      'SELECT p.about FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email = $1',
      [member.email],
    );
    expect(row?.about ?? '').not.toBe('written from another site');
    // With the token, the same absolute-form call is the member's own, and goes through.
    const ok = await raw(
      'PUT',
      `http://localhost:${port}/api/profile`,
      about,
      `x-csrf-token: ${v.cookies.get('auth.csrf')}\r\n`,
    );
    expect(ok.status).toBe(200);
  });

  it('every answer says which browser features the site may use', async () => {
    for (const url of ['/api/health', '/api/user.php']) {
      const res = await t.app.inject({ url, headers: { host: 'localhost:3999' } });
      expect(res.headers['permissions-policy']).toMatch(/camera=\(\).*geolocation=\(self\).*microphone=\(\)/);
    }
  });

  it('a lockout mails the owner a link that logs in anyway; the answer is the same without an account', async () => {
    const owner = await t.member();
    const attacker = stranger();
    let last = await attacker.post('/api/user.php', { email: owner.body.email, password: 'wrong-pass-0' });
    for (let i = 1; i < 5; i++) {
      last = await attacker.post('/api/user.php', { email: owner.body.email, password: `wrong-pass-${i}` });
    }
    expect(last.statusCode).toBe(429);
    expect(last.json().error.message).toMatch(/link to log in/);
    let nobody = await attacker.post('/api/user.php', {
      email: 'nobody-here@example.test',
      password: 'wrong-0',
    });
    for (let i = 1; i < 5; i++) {
      nobody = await attacker.post('/api/user.php', {
        email: 'nobody-here@example.test',
        password: `wrong-${i}`,
      });
    }
    expect(nobody.statusCode).toBe(429);
    expect(nobody.json().error.message).toBe(last.json().error.message);
    // The owner cannot log in with the password now, but the mailed link works, once.
    const ownerBrowser = stranger();
    expect(
      (await ownerBrowser.post('/api/user.php', { email: owner.body.email, password: PASSWORD })).statusCode,
    ).toBe(429);
    const mail = await t.smtp.waitFor(owner.body.email, (m) => m.text.includes('/api/login-link.php'));
    const link = path(linkIn(mail, '/api/login-link.php'));
    const used = await ownerBrowser.get(link);
    expect(used.headers.location).toBe('/members');
    expect((await ownerBrowser.get('/api/user.php')).json().user).not.toBeNull();
    expect((await stranger().get(link)).headers.location).toBe('/login?link=invalid');
    // The block on the address is lifted: the password works again.
    expect(
      (await stranger().post('/api/user.php', { email: owner.body.email, password: PASSWORD })).statusCode,
    ).toBe(200);
  });
});
