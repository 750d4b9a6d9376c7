import fs from 'node:fs';
import path from 'node:path';
import type { Photo } from '@amora/contracts';
import en from '@amora/i18n/locales/en.json' with { type: 'json' };
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createRng } from '../src/seed/demo-data.ts';
import { useTestApp, Visitor } from './helpers.ts';
import { expectCleanPhoto, jpegWithGps, pixelFloodPng, uploadPhoto } from './images.ts';

const t = useTestApp({ members: 60 });

const errors = en.errors as Record<string, string>;
const member = (over: Record<string, unknown> = {}) => t.member(over);

async function demoMember(where = "p.site_id = (SELECT id FROM sites WHERE domain = 'localhost')") {
  const [row] = await t.db.query<{ id: string; n: number }>(
    `SELECT p.user_id AS id, (SELECT count(*)::int FROM photos WHERE user_id = p.user_id) AS n
       FROM profiles p JOIN users u ON u.id = p.user_id WHERE ${where} AND u.is_demo
      ORDER BY n DESC, p.user_id LIMIT 1`,
  );
  return row!;
}

describe('photos', () => {
  it('strips every piece of metadata (EXIF, GPS) and serves re-encoded JPEGs with nosniff', async () => {
    const { v } = await member();
    const original = await jpegWithGps();
    const exif = (await sharp(original).metadata()).exif!;
    expect(exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]))).toBe(true);

    const res = await uploadPhoto(v, original);
    expect(res.statusCode).toBe(201);
    const photo = res.json();
    expect(photo).toMatchObject({ is_main: true, status: 'active', locked: false });
    for (const url of [photo.url, photo.thumb]) {
      await expectCleanPhoto(await t.app.inject({ url, headers: { host: v.host } }));
    }
    // Keys are made by the server: nothing of the file name survives.
    expect(photo.url).toMatch(/^\/media\/p\/[0-9a-f-]{36}-l\.jpg\?e=\d+&s=[\w-]{22}$/);
  });

  it('refuses a renamed non-image, an oversized file and a pixel flood with clear messages', async () => {
    const { v, id } = await member();
    const text = await uploadPhoto(
      v,
      Buffer.from('#!/bin/sh\necho this is not a photo\n'.repeat(50)),
      'holiday.jpg',
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe(errors.photo_invalid);

    const big = await uploadPhoto(v, Buffer.alloc(13 * 1024 * 1024, 1), 'big.jpg');
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe(errors.photo_too_large);

    const flood = await uploadPhoto(v, pixelFloodPng(), 'flood.png', 'image/png');
    expect(flood.statusCode).toBe(400);
    expect(flood.json().error.message).toBe(errors.photo_too_many_pixels);

    const [row] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM photos WHERE user_id = $1',
      [id],
    );
    expect(row!.n).toBe(0);
  });

  it('keeps a free member at 3 photos even when 4 uploads race', async () => {
    const { v, id } = await member();
    const jpeg = await jpegWithGps(400, 500);
    const results = await Promise.all([1, 2, 3, 4].map(() => uploadPhoto(v, jpeg)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().error.message).toBe(errors.photo_limit!.replace('{{limit}}', '3'));
    const [row] = await t.db.query<{ n: number; c: number; mains: number }>(
      `SELECT count(*)::int AS n, (SELECT photo_count FROM users WHERE id = $1) AS c,
              count(*) FILTER (WHERE is_main)::int AS mains FROM photos WHERE user_id = $1`,
      [id],
    );
    expect(row).toEqual({ n: 3, c: 3, mains: 1 });
  });

  it('lets a premium member keep more than 3', async () => {
    const { v, id } = await member();
    await t.db.query('UPDATE users SET paid_user = true WHERE id = $1', [id]);
    const jpeg = await jpegWithGps(300, 300);
    for (let i = 0; i < 4; i++) expect((await uploadPhoto(v, jpeg)).statusCode).toBe(201);
    expect((await v.get('/api/profile')).json()).toMatchObject({ photo_limit: 25 });
  });

  it('sets the main photo, reorders and deletes; the next photo becomes main', async () => {
    const { v } = await member();
    const jpeg = await jpegWithGps(300, 300);
    const a = (await uploadPhoto(v, jpeg)).json();
    const b = (await uploadPhoto(v, jpeg)).json();
    let profile = (await v.post(`/api/photos/${b.id}/main`)).json();
    expect(profile.photos.find((p: { is_main: boolean }) => p.is_main).id).toBe(b.id);
    profile = (await v.put('/api/photos/order', { ids: [a.id, b.id] })).json();
    expect(profile.photos.map((p: { id: string }) => p.id)).toContain(a.id);
    profile = (await v.request('DELETE', `/api/photos/${b.id}`)).json();
    expect(profile.photos).toHaveLength(1);
    expect(profile.photos[0]).toMatchObject({ id: a.id, is_main: true });
    const gone = await t.app.inject({ url: b.url, headers: { host: v.host } });
    expect(gone.statusCode).toBe(404);
  });
});

describe('locked photos (spec §6)', () => {
  it('a free member sees the main photo, the others only blurred; the originals never reach them', async () => {
    const target = await demoMember();
    expect(target.n).toBeGreaterThanOrEqual(2);
    const { v } = await member();
    const res = await v.get(`/api/members/${target.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.viewer).toBe('free');
    const [main, ...rest] = body.photos;
    expect(main).toMatchObject({ is_main: true, locked: false });
    for (const p of rest) {
      expect(p.locked).toBe(true);
      expect(p.url).toMatch(/-b\.jpg$/);
      expect(p.thumb).toMatch(/-b\.jpg$/);
    }
    const keys = await t.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM photos WHERE user_id = $1 AND NOT is_main',
      [target.id],
    );
    for (const { storage_key } of keys) {
      expect(res.body).not.toContain(`${storage_key}-l.jpg`);
      expect(res.body).not.toContain(`${storage_key}-t.jpg`);
      expect(res.body).not.toContain(`${storage_key}-m.jpg`);
    }
    // The blurred picture is a real, different picture.
    const blurred = await t.app.inject({ url: rest[0].url, headers: { host: v.host } });
    expect(blurred.statusCode).toBe(200);
    expect((await sharp(blurred.rawPayload).metadata()).width).toBe(480);
  });

  it('visitors see them blurred too; premium members see all', async () => {
    const target = await demoMember();
    const visitor = (await new Visitor(t.app).get(`/api/members/${target.id}`)).json();
    expect(visitor.viewer).toBe('visitor');
    expect(visitor.photos.filter((p: { locked: boolean }) => p.locked)).toHaveLength(target.n - 1);
    const { v, id } = await member();
    await t.db.query('UPDATE users SET paid_user = true WHERE id = $1', [id]);
    const premium = (await v.get(`/api/members/${target.id}`)).json();
    expect(premium.viewer).toBe('premium');
    expect(premium.photos.every((p: { locked: boolean }) => !p.locked)).toBe(true);
  });
});

describe('photo widths and formats (issue 16 item 6)', () => {
  // What Chromium, an older Safari and a client without modern formats send for an <img>.
  const ACCEPT = {
    avif: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
    webp: 'image/webp,*/*',
    jpeg: 'image/png,image/*;q=0.8,*/*;q=0.5',
  } as const;
  const FORMAT = { avif: 'heif', webp: 'webp', jpeg: 'jpeg' } as const;
  const withWidth = (url: string, w?: number | string) =>
    w === undefined ? url : `${url}${url.includes('?') ? '&' : '?'}w=${w}`;
  const get = (url: string, accept: string, host: string) => t.app.inject({ url, headers: { host, accept } });

  it('serves each offered width as asked, AVIF, WebP or JPEG by the Accept header, without metadata', async () => {
    const { v } = await member();
    const photo = (await uploadPhoto(v, await jpegWithGps(800, 1000))).json();
    // The cache lifetime of the stored file's answer (a signed address's counts down to its expiry).
    const maxAge = (res: { headers: Record<string, unknown> }) =>
      Number(String(res.headers['cache-control']).match(/^public, max-age=(\d+)$/)?.[1]);
    const stored = maxAge(await get(photo.url, ACCEPT.jpeg, v.host));
    expect(stored).toBeGreaterThan(6 * 3600);
    for (const w of [96, 240, 360, 480, 720]) {
      for (const [format, accept] of Object.entries(ACCEPT) as [keyof typeof ACCEPT, string][]) {
        const res = await get(withWidth(photo.url, w), accept, v.host);
        const meta = await expectCleanPhoto(res, `image/${format}`, `${w} ${format}`);
        expect(res.headers.vary).toMatch(/\baccept\b/i);
        expect(stored - maxAge(res)).toBeGreaterThanOrEqual(0);
        expect(stored - maxAge(res)).toBeLessThan(600);
        expect([meta.format, meta.width, meta.height]).toEqual([FORMAT[format], w, (w * 5) / 4]);
      }
    }
    // The stored size without `w`, in each format; a width at or above the stored one gets the
    // stored size (never enlarged): the thumb is 160 wide.
    for (const [format, accept] of Object.entries(ACCEPT) as [keyof typeof ACCEPT, string][]) {
      const res = await get(photo.url, accept, v.host);
      expect(res.headers['content-type']).toBe(`image/${format}`);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(800);
      const thumb = await get(withWidth(photo.thumb, 720), accept, v.host);
      expect(thumb.statusCode).toBe(200);
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(160);
    }
    // The copies live in memory only: on disk the four stored files, and once the photo is
    // deleted no width or format of it is served.
    const base = photo.url.match(/\/media\/(p\/[0-9a-f-]{36})-l\.jpg/)[1];
    const dir = path.join(t.config.dataDir, 'media', path.dirname(base));
    const onDisk = () =>
      fs
        .readdirSync(dir)
        .filter((f) => f.startsWith(path.basename(base)))
        .sort();
    expect(onDisk()).toEqual(['l', 'm', 't', 'b'].sort().map((x) => `${path.basename(base)}-${x}.jpg`));
    expect((await v.request('DELETE', `/api/photos/${photo.id}`)).statusCode).toBe(200);
    expect(onDisk()).toEqual([]);
    for (const w of [240, undefined]) {
      for (const accept of Object.values(ACCEPT)) {
        expect((await get(withWidth(photo.url, w), accept, v.host)).statusCode).toBe(404);
      }
    }
  });

  it('refuses a width that is not offered (no resizes at will)', async () => {
    const { v } = await member();
    const photo = (await uploadPhoto(v, await jpegWithGps(800, 1000))).json();
    for (const w of ['241', '0', '-240', '1e3', 'abc', '', '100000', '240.0']) {
      expect((await get(withWidth(photo.url, w), ACCEPT.avif, v.host)).statusCode, w).toBe(404);
    }
    expect((await get(`${withWidth(photo.url, 240)}&w=360`, ACCEPT.avif, v.host)).statusCode).toBe(404);
  });

  it('a locked photo stays blurred at every width and in every format for a viewer without access', async () => {
    const target = await demoMember();
    const { v: free } = await member();
    const premium = await member();
    await t.db.query('UPDATE users SET paid_user = true WHERE id = $1', [premium.id]);
    const locked = (await free.get(`/api/members/${target.id}`)).json().photos.find((p: Photo) => p.locked);
    const open = (await premium.v.get(`/api/members/${target.id}`))
      .json()
      .photos.find((p: Photo) => p.id === locked.id);
    expect(locked.url).toMatch(/-b\.jpg$/);
    expect(open.url).toMatch(/-l\.jpg\?/);
    // Editing the blurred address into the original's, with a width, opens nothing.
    for (const variant of ['l', 'm', 't']) {
      const swapped = withWidth(locked.url.replace(/-b\.jpg$/, `-${variant}.jpg`), 240);
      expect((await get(swapped, ACCEPT.avif, free.host)).statusCode, swapped).toBe(404);
    }
    const sharpness = async (body: Buffer) => (await sharp(body).stats()).sharpness;
    for (const w of [96, 240, 360, undefined]) {
      for (const [format, accept] of Object.entries(ACCEPT) as [keyof typeof ACCEPT, string][]) {
        const blurred = await get(withWidth(locked.url, w), accept, free.host);
        expect(blurred.statusCode).toBe(200);
        expect(blurred.headers['content-type']).toBe(`image/${format}`);
        // The original at the same width and format, as the premium member gets it.
        const original = await get(withWidth(open.url, w ?? 480), accept, premium.v.host);
        const [b, o] = [
          await sharp(blurred.rawPayload).metadata(),
          await sharp(original.rawPayload).metadata(),
        ];
        expect([b.width, b.height]).toEqual([o.width, o.height]);
        expect(b.width).toBe(w ?? 480);
        const [sb, so] = [await sharpness(blurred.rawPayload), await sharpness(original.rawPayload)];
        expect(sb, `${w} ${format}: blurred ${sb}, original ${so}`).toBeLessThan(so / 4);
      }
    }
  });
});

describe('who may do what to which object', () => {
  it('visitors get authentication_required on every member-only endpoint', async () => {
    const visitor = new Visitor(t.app);
    const target = await demoMember();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/profile'],
      ['PUT', '/api/profile', { about: 'x' }],
      ['PUT', '/api/account/invisible', { invisible: true }],
      ['GET', '/api/geocode.php?lat=52&lon=4'],
      ['POST', `/api/members/${target.id}/block`, {}],
      ['DELETE', `/api/members/${target.id}/block`],
      ['POST', '/api/complaints', { reason: 'spam', text: 'this is a complaint' }],
      ['POST', '/api/photos/00000000-0000-4000-8000-000000000000/main', {}],
      ['DELETE', '/api/photos/00000000-0000-4000-8000-000000000000'],
      ['PUT', '/api/photos/order', { ids: ['00000000-0000-4000-8000-000000000000'] }],
    ];
    for (const [method, url, body] of calls) {
      const res = await visitor.request(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().authentication_required, `${method} ${url}`).toBe(true);
    }
    expect((await uploadPhoto(visitor, await jpegWithGps(50, 50))).statusCode).toBe(403);
  });

  it("a member cannot touch another member's photos", async () => {
    const owner = await member();
    const photo = (await uploadPhoto(owner.v, await jpegWithGps(200, 200))).json();
    const other = await member();
    expect((await other.v.request('DELETE', `/api/photos/${photo.id}`)).statusCode).toBe(404);
    expect((await other.v.post(`/api/photos/${photo.id}/main`)).statusCode).toBe(404);
    expect((await other.v.put('/api/photos/order', { ids: [photo.id] })).statusCode).toBe(400);
    const still = await t.db.query('SELECT 1 FROM photos WHERE id = $1', [photo.id]);
    expect(still).toHaveLength(1);
  });

  it('a profile never carries e-mail, birth date, coordinates, IP or flags', async () => {
    const { body: signup, id } = await member();
    const viewer = await member();
    const res = await viewer.v.get(`/api/members/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(signup.email);
    expect(res.body).not.toContain(signup.date_of_birth);
    for (const key of [
      'email',
      'birth_date',
      'invisible',
      'paid_user',
      'tracking',
      'lat',
      'lon',
      'ip',
      'password_hash',
    ]) {
      expect(Object.keys(res.json())).not.toContain(key);
    }
    const search = await viewer.v.get('/api/search?limit=48');
    expect(search.body).not.toMatch(/@|birth|invisible|paid_user/);
  });

  it('members of another site are not found', async () => {
    const nl = await demoMember("p.site_id = (SELECT id FROM sites WHERE domain = 'nl.localhost')");
    const { v } = await member();
    expect((await v.get(`/api/members/${nl.id}`)).statusCode).toBe(404);
    expect((await v.post(`/api/members/${nl.id}/block`)).statusCode).toBe(404);
    expect((await v.get('/api/members/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('own profile', () => {
  it('saves fields, checks region against the country, and reports completeness', async () => {
    const { v } = await member();
    const before = (await v.get('/api/profile')).json();
    expect(before.missing).toContain('about');
    const saved = await v.put('/api/profile', {
      country: 'US',
      region: 'New York',
      city: 'Brooklyn',
      about: 'I love long walks in the park and good coffee with friends.',
      interests: ['coffee', 'hiking', 'music'],
      hair_color: 'brown',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ region: 'New York', city: 'Brooklyn', hair_color: 'brown' });
    expect(saved.json().completeness).toBeGreaterThan(before.completeness);
    const badRegion = await v.put('/api/profile', { region: 'Bayern' });
    expect(badRegion.statusCode).toBe(400);
    expect(badRegion.json().error.fields.region).toBeDefined();
    const badCountry = await v.put('/api/profile', { country: 'FR' });
    expect(badCountry.statusCode).toBe(400);
    const tooMany = await v.put('/api/profile', { interests: Array(21).fill('music') });
    expect(tooMany.statusCode).toBe(400);
    expect((await v.get('/api/profile')).json().region).toBe('New York');
  });

  it('geocodes a position offline to country, region and city', async () => {
    const { v } = await member();
    const res = await v.get('/api/geocode.php?lat=40.7128&lon=-74.006');
    expect(res.json()).toEqual({ result: { country: 'US', region: 'New York', city: 'New York City' } });
    expect((await v.get('/api/geocode.php?lat=95&lon=0')).statusCode).toBe(400);
  });
});

describe('search', () => {
  it('holds every filter for random combinations, never shows hidden or blocked members, and pages without gaps', async () => {
    const viewer = await member();
    const hidden = await member();
    await hidden.v.put('/api/account/invisible', { invisible: true });
    const blocker = await member();
    await blocker.v.post(`/api/members/${viewer.id}/block`);
    const blocked = await member();
    await viewer.v.post(`/api/members/${blocked.id}/block`);
    const [pending] = await t.db.query<{ id: string }>(
      `UPDATE users SET status = 'pending_deletion', deletion_requested_at = now()
        WHERE id = (SELECT id FROM users WHERE is_demo AND site_id = (SELECT id FROM sites WHERE domain = 'localhost')
                    ORDER BY id LIMIT 1) RETURNING id`,
    );
    const never = new Set([hidden.id, blocker.id, blocked.id, pending!.id, viewer.id]);
    const regions = (await viewer.v.get('/api/regions.php')).json().region_data.US.regions as string[];
    const rng = createRng('search-property');
    for (let i = 0; i < 25; i++) {
      const q: Record<string, string> = { limit: String(1 + Math.floor(rng() * 7)) };
      if (rng() < 0.7) q.gender = rng() < 0.5 ? 'male' : 'female';
      if (rng() < 0.3) q.country = 'US';
      if (rng() < 0.3) q.countryregion = regions[Math.floor(rng() * regions.length)]!;
      const a = 18 + Math.floor(rng() * 50);
      const b = 18 + Math.floor(rng() * 50);
      if (rng() < 0.8) Object.assign(q, { min_age: String(Math.min(a, b)), max_age: String(Math.max(a, b)) });

      const seen: string[] = [];
      let cursor: string | undefined;
      let total = -1;
      let lastKey = Number.POSITIVE_INFINITY;
      do {
        const res = await viewer.v.get(
          `/api/search?${new URLSearchParams({ ...q, ...(cursor ? { cursor } : {}) })}`,
        );
        expect(res.statusCode, JSON.stringify(q)).toBe(200);
        const body = res.json();
        if (total < 0) total = body.total;
        for (const m of body.members) {
          expect(never.has(m.id), `${m.id} must not appear`).toBe(false);
          if (q.country) expect(m.country).toBe(q.country);
          if (q.countryregion) expect(m.region).toBe(q.countryregion);
          if (q.min_age) expect(m.age).toBeGreaterThanOrEqual(Number(q.min_age));
          if (q.max_age) expect(m.age).toBeLessThanOrEqual(Number(q.max_age));
          seen.push(m.id);
        }
        if (q.gender) {
          const ids = body.members.map((m: { id: string }) => m.id);
          if (ids.length) {
            const rows = await t.db.query<{ gender: string }>(
              'SELECT gender FROM profiles WHERE user_id = ANY($1::uuid[])',
              [ids],
            );
            expect(rows.every((r) => r.gender === q.gender)).toBe(true);
          }
        }
        const acts = await t.db.query<{ id: string; ts: number }>(
          `SELECT user_id AS id, extract(epoch FROM last_active_at)::float8 AS ts FROM profiles WHERE user_id = ANY($1::uuid[])`,
          [body.members.map((m: { id: string }) => m.id)],
        );
        for (const m of body.members) {
          const ts = acts.find((r) => r.id === m.id)!.ts;
          expect(ts).toBeLessThanOrEqual(lastKey);
          lastKey = ts;
        }
        cursor = body.next_cursor ?? undefined;
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(total);
    }
  });

  it('offers similar members when few match', async () => {
    const viewer = await member();
    const res = await viewer.v.get('/api/search?gender=female&min_age=69&max_age=69&countryregion=Alaska');
    const body = res.json();
    expect(body.total).toBeLessThan(6);
    expect(body.similar.length).toBeGreaterThan(0);
    for (const m of body.similar) expect(m.age).toBeGreaterThanOrEqual(64);
  });

  it('follows the logged-out search setting', async () => {
    await t.db.query(
      `UPDATE sites SET config = config || '{"logged_out_search":"none","logged_out_search_trafficsource":"none"}' WHERE domain = 'de.localhost'`,
    );
    await t.app.sites.reload();
    const res = await new Visitor(t.app, 'de.localhost').get('/api/search');
    expect(res.statusCode).toBe(403);
    expect((await new Visitor(t.app).get('/api/search')).statusCode).toBe(200);
  });
});

describe('invisible mode and blocking', () => {
  it('an invisible member is hidden from others but not from themself', async () => {
    const a = await member();
    const b = await member();
    expect((await b.v.get(`/api/members/${a.id}`)).statusCode).toBe(200);
    await a.v.put('/api/account/invisible', { invisible: true });
    expect((await b.v.get(`/api/members/${a.id}`)).statusCode).toBe(404);
    expect((await a.v.get(`/api/members/${a.id}`)).statusCode).toBe(200);
    await a.v.put('/api/account/invisible', { invisible: false });
    expect((await b.v.get(`/api/members/${a.id}`)).statusCode).toBe(200);
  });

  it('a block locks the blocked side out; unblocking restores', async () => {
    const a = await member();
    const b = await member();
    expect((await a.v.post(`/api/members/${b.id}/block`)).json()).toEqual({ blocked: true });
    const seenByB = await b.v.get(`/api/members/${a.id}`);
    expect(seenByB.statusCode).toBe(403);
    expect(seenByB.json().error.message).toBe(errors.blocked_by_member);
    expect((await a.v.get(`/api/members/${b.id}`)).json().blocked_by_me).toBe(true);
    expect((await a.v.request('DELETE', `/api/members/${b.id}/block`)).json()).toEqual({ blocked: false });
    expect((await b.v.get(`/api/members/${a.id}`)).statusCode).toBe(200);
  });
});

describe('complaints', () => {
  it('stores a report for moderation and acknowledges it by e-mail', async () => {
    const reporter = await member();
    const target = await demoMember();
    const short = await reporter.v.post('/api/complaints', {
      member_id: target.id,
      reason: 'scam',
      text: 'bad',
    });
    expect(short.json().error.fields.text).toBe(errors.complaint_too_short);
    const res = await reporter.v.post('/api/complaints', {
      member_id: target.id,
      reason: 'scam',
      text: 'Asked me to send money for a plane ticket.',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.query('SELECT reason, status, member_id FROM complaints WHERE id = $1', [
      res.json().id,
    ]);
    expect(row).toEqual({ reason: 'scam', status: 'open', member_id: target.id });
    const mail = await t.smtp.waitFor(reporter.body.email, (m) =>
      m.text.includes(res.json().id.slice(0, 8).toUpperCase()),
    );
    expect(mail.subject).toBeTruthy();
  });
});
