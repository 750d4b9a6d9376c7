/**
 * Media in an S3-compatible bucket (issue 28 item 1): the real AWS SDK against s3rver started by
 * the test (faults/s3-server.ts). Photos and chat pictures are written to the bucket (all variants
 * or none), served only through the app's authorised routes, removed on deletion and on the
 * 14-day erase; a slow or vanished store answers 503 with Retry-After and leaves nothing half
 * written; the copy command moves a local folder into the bucket, idempotently.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyMediaFolder } from '../../src/cli/media-copy.ts';
import { eraseExpiredAccounts } from '../../src/features/accounts/erase.job.ts';
import { book } from '../../src/features/credits/ledger.ts';
import { openMediaStores } from '../../src/platform/storage.ts';
import { useTestApp, Visitor } from '../helpers.ts';
import { expectCleanPhoto, jpegWithGps, multipart, uploadPhoto } from '../images.ts';
import { type S3Server, startS3Server } from './s3-server.ts';

let s3: S3Server;
const env: Record<string, string> = {};
beforeAll(async () => {
  s3 = await startS3Server();
  // A short timeout: a hung store answers 503 within it (the test waits for nothing else).
  Object.assign(env, s3.env(1));
});
afterAll(async () => {
  await s3?.close();
});
const t = useTestApp({ members: 8, env });

const photoKeys = async (userId: string) =>
  (
    await t.db.query<{ storage_key: string }>('SELECT storage_key FROM photos WHERE user_id = $1', [userId])
  ).map((r) => r.storage_key);
const variants = (base: string, vs = ['b', 'l', 'm', 't']) => vs.map((v) => `media/${base}-${v}.jpg`);

describe('photos in an S3-compatible bucket', () => {
  it('an upload writes its four variants to the bucket and nothing to the local folder; deletion removes them', async () => {
    const { v, id } = await t.member();
    const res = await uploadPhoto(v, await jpegWithGps(800, 1000));
    expect(res.statusCode).toBe(201);
    const [base] = await photoKeys(id);
    expect(await s3.keys(`media/${base}`)).toEqual(variants(base!));
    expect(fs.existsSync(path.join(t.config.dataDir, 'media', 'p'))).toBe(false);
    // Served through the app's signed route, re-encoded without the camera's metadata.
    await expectCleanPhoto(await v.get(res.json().url));
    // No object is written with an ACL: the bucket's default (private) holds for every one.
    expect(s3.heads.filter((h) => /^PUT /.test(h)).length).toBeGreaterThanOrEqual(4);
    expect(s3.heads.some((h) => /x-amz-acl/i.test(h))).toBe(false);
    expect((await v.request('DELETE', `/api/photos/${res.json().id}`)).statusCode).toBe(200);
    expect(await s3.keys(`media/${base}`)).toEqual([]);
    expect((await v.get(res.json().url)).statusCode).toBe(404);
  });

  it("a locked photo's full size is refused to a free member and given to a premium one, from the bucket", async () => {
    const owner = await t.member();
    await t.db.query('UPDATE users SET paid_user = true WHERE id = $1', [owner.id]);
    for (let i = 0; i < 2; i++)
      expect((await uploadPhoto(owner.v, await jpegWithGps())).statusCode).toBe(201);
    const free = await t.member();
    const premium = await t.member();
    await t.db.query('UPDATE users SET paid_user = true WHERE id = $1', [premium.id]);
    type Photo = { id: string; url: string; locked: boolean };
    const locked = (await free.v.get(`/api/members/${owner.id}`)).json().photos.find((p: Photo) => p.locked);
    expect(locked.url).toMatch(/-b\.jpg$/);
    expect((await free.v.get(locked.url)).statusCode).toBe(200);
    expect((await free.v.get(locked.url.replace(/-b\.jpg$/, '-l.jpg'))).statusCode).toBe(404);
    const open = (await premium.v.get(`/api/members/${owner.id}`))
      .json()
      .photos.find((p: Photo) => p.id === locked.id);
    await expectCleanPhoto(await premium.v.get(open.url));
  });

  it('chat pictures go under private/ and reach the pair only; the 14-day erase removes every object', async () => {
    const a = await t.member();
    const b = await t.member();
    const c = await t.member();
    const siteId = await t.siteId();
    await t.db.query('UPDATE users SET paid_user = true WHERE id = $1', [a.id]);
    await t.db.tx((q) =>
      book(q, { userId: a.id, siteId, delta: 10, reason: 'correction', ref: `s3-${a.id}` }),
    );
    const m = multipart('photo', 'me.jpg', 'image/jpeg', await jpegWithGps());
    const sent = await a.v.request(
      'POST',
      `/api/members/${b.id}/photo-messages?client_id=s3chat${Date.now().toString(36)}`,
      m.payload,
      m.headers,
    );
    expect(sent.statusCode).toBe(200);
    const [{ media_key } = { media_key: '' }] = await t.db.query<{ media_key: string }>(
      `SELECT media_key FROM messages WHERE sender_id = $1 AND kind = 'photo'`,
      [a.id],
    );
    expect(await s3.keys(`private/${media_key}`)).toEqual([
      `private/${media_key}-l.jpg`,
      `private/${media_key}-t.jpg`,
    ]);
    expect(await s3.keys(`media/${media_key}`)).toEqual([]);
    const { url } = sent.json().message.photo;
    await expectCleanPhoto(await b.v.get(url));
    expect((await c.v.get(url)).statusCode).toBe(404);
    expect((await new Visitor(t.app).get(url)).statusCode).toBe(403);

    // a also has a profile photo; a asks for deletion and the 14 days pass.
    expect((await uploadPhoto(a.v, await jpegWithGps())).statusCode).toBe(201);
    const [base] = await photoKeys(a.id);
    expect(await s3.keys(`media/${base}`)).toHaveLength(4);
    await t.db.query(
      `UPDATE users SET status = 'pending_deletion', deletion_requested_at = now() - interval '15 days' WHERE id = $1`,
      [a.id],
    );
    expect(await eraseExpiredAccounts(t.db, t.app.media.photos, t.app.media.chat)).toBeGreaterThanOrEqual(1);
    expect(await s3.keys(`media/${base}`)).toEqual([]);
    expect(await s3.keys(`private/${media_key}`)).toEqual([]);
  });

  it('demo portraits are drawn on first request into the bucket, and served from it after', async () => {
    const list = (await t.get('/api/members/featured?limit=1')).json();
    const url: string = list.members[0].main_image;
    const base = url.match(/\/media\/(demo\/[0-9a-f-]{36}-\d{1,2})-[lmtb]\.jpg/)?.[1];
    expect(base, url).toBeDefined();
    expect(await s3.keys(`media/${base}`)).toEqual([]);
    const img = await t.get(url);
    expect(img.statusCode).toBe(200);
    expect(await s3.keys(`media/${base}`)).toEqual(variants(base!));
    expect((await t.get(url)).rawPayload.equals(img.rawPayload)).toBe(true);
  });
});

describe('a slow or vanished store', () => {
  it('gone: an upload answers 503 with Retry-After and writes nothing; readiness says so; back: all works', async () => {
    const { v, id } = await t.member();
    const before = await s3.keys('media/p/');
    await s3.stop();
    try {
      const res = await uploadPhoto(v, await jpegWithGps());
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().error.code).toBe('service_unavailable');
      const ready = await t.get('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not_ready', database: 'ok', media: 'down' });
      expect((await t.get('/api/health')).statusCode).toBe(200);
    } finally {
      await s3.start();
    }
    expect(await photoKeys(id)).toEqual([]);
    expect(await s3.keys('media/p/')).toEqual(before);
    expect((await t.get('/api/ready')).json()).toMatchObject({ status: 'ready', media: 'ok' });
    const res = await uploadPhoto(v, await jpegWithGps());
    expect(res.statusCode).toBe(201);
    await expectCleanPhoto(await v.get(res.json().url));
  });

  it('hung: an upload and a photo answer 503 once the store timeout passes, and no object or row is left', async () => {
    const { v, id } = await t.member();
    const shown = await uploadPhoto(v, await jpegWithGps());
    expect(shown.statusCode).toBe(201);
    const before = await s3.keys('media/p/');
    s3.hang();
    try {
      const res = await uploadPhoto(v, await jpegWithGps());
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      const photo = await v.get(shown.json().url);
      expect(photo.statusCode).toBe(503);
      expect(photo.headers['retry-after']).toBe('5');
    } finally {
      s3.resume();
    }
    expect(await photoKeys(id)).toHaveLength(1);
    // Readiness pings the store, which also sweeps what an interrupted upload left.
    expect((await t.get('/api/ready')).statusCode).toBe(200);
    expect(await s3.keys('media/p/')).toEqual(before);
    expect((await v.get(shown.json().url)).statusCode).toBe(200);
  });
});

describe('npm run admin -- media copy-to-s3', () => {
  it('copies a local media folder into the bucket, and a second run copies nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-copy-'));
    try {
      const local = await openMediaStores(dataDir);
      const uuid = '0b5c1f5e-5d7a-4c59-9a53-2f1d1f0e9a11';
      await local.photos.putAll(
        ['l', 'm', 't', 'b'].map((x) => [`p/${uuid}-${x}.jpg`, Buffer.from(`photo ${x}`)]),
      );
      await local.chat.putAll(['l', 't'].map((x) => [`c/${uuid}-${x}.jpg`, Buffer.from(`chat ${x}`)]));
      fs.writeFileSync(path.join(dataDir, 'media', 'notes.txt'), 'not media');
      const target = await openMediaStores(
        dataDir,
        t.config.mediaStore.kind === 's3' ? t.config.mediaStore.s3 : undefined,
      );
      const lines: string[] = [];
      expect(await copyMediaFolder(dataDir, target, (l) => lines.push(l))).toEqual({
        copied: 6,
        present: 0,
        skipped: 1,
      });
      expect(lines.at(-1)).toBe('Copied 6 objects; 0 were in the bucket already; 1 other files left out.');
      expect(await s3.keys(`media/p/${uuid}`)).toEqual(variants(`p/${uuid}`));
      expect(await s3.keys(`private/c/${uuid}`)).toEqual([
        `private/c/${uuid}-l.jpg`,
        `private/c/${uuid}-t.jpg`,
      ]);
      expect((await target.photos.get(`p/${uuid}-m.jpg`))?.toString()).toBe('photo m');
      expect(await copyMediaFolder(dataDir, target, () => {})).toEqual({ copied: 0, present: 6, skipped: 1 });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
