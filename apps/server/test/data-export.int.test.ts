import { randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { eraseExpiredAccounts } from '../src/features/accounts/erase.job.ts';
import { expireExports } from '../src/features/data-export/data-export.service.ts';
import * as fictional from '../src/features/fictional/fictional.service.ts';
import type { Site } from '../src/platform/sites.ts';
import { sendText, useTestApp, type Visitor } from './helpers.ts';
import { jpegWithGps, multipart, uploadPhoto } from './images.ts';
import { auditActor, consoleClient, fictionalProfileInput } from './operators.ts';
import { linkIn } from './smtp.ts';

// "Take your data with you" (issue 30 item 1): the archive holds the member's own data and
// nothing of others beyond a screen name; once a day; the link answers its owner only, for 7 days;
// archives go at expiry and at the account's erasure.
const t = useTestApp({ members: 8 });

let site: Site;
beforeAll(async () => {
  site = await t.app.sites.forHost('localhost');
});

/** Asks for the export as the member does, runs the jobs, and answers the mailed link. */
async function exportOf(v: Visitor, email: string) {
  const asked = await v.post('/api/data-export');
  expect(asked.statusCode).toBe(202);
  expect(asked.json()).toMatchObject({ state: 'requested', download_url: null });
  await t.app.jobs.drain();
  const mail = await t.smtp.waitFor(email, (m) => m.text.includes('/api/data-export/'));
  return linkIn(mail, '/api/data-export/');
}

const pathOf = (link: string) => new URL(link).pathname;
const textOf = (files: Record<string, Uint8Array>) =>
  Object.entries(files)
    .filter(([name]) => name.endsWith('.json'))
    .map(([, bytes]) => new TextDecoder().decode(bytes))
    .join('\n');

describe('data export', () => {
  it("holds the member's own data; others by screen name only, no fictional profile's operator", async () => {
    const a = await t.member();
    const b = await t.member();
    expect((await uploadPhoto(a.v, await jpegWithGps())).statusCode).toBe(201);
    expect((await sendText(a.v, b.id, 'Hello from A, sailing on Sunday?')).statusCode).toBe(200);
    expect((await sendText(b.v, a.id, 'Sunday works, says B')).statusCode).toBe(200);
    // A picture A sends in the chat (premium only) is A's: its file goes into A's archive.
    await t.db.query('UPDATE users SET paid_user = true WHERE id = $1', [a.id]);
    const picture = multipart('photo', 'boat.jpg', 'image/jpeg', await jpegWithGps());
    const sentPicture = await a.v.request(
      'POST',
      `/api/members/${b.id}/photo-messages?client_id=${randomUUID()}`,
      picture.payload,
      picture.headers,
    );
    expect(sentPicture.statusCode, sentPicture.body).toBe(200);
    const pictureId = sentPicture.json().message.id as number;
    expect((await a.v.post(`/api/likes/${b.id}`)).statusCode).toBeLessThan(300);

    // A fictional profile answered by an operator, whose name and address must never show.
    const actor = await auditActor(t, 'olga.operator@example.org', 'OlgaTheOperator');
    const f = await fictional.createProfile(
      t.db,
      site,
      actor,
      fictionalProfileInput({ name: `Julian${Date.now().toString(36).slice(-5)}` }),
    );
    expect((await sendText(a.v, f.id, 'Are you real, Julian?')).statusCode).toBe(200);
    const inbox = await fictional.inbox(t.db, site, 1);
    const entry = inbox.entries.find((e) => e.fictional.id === f.id && e.member.id === a.id)!;
    await fictional.reply(t.app, site, actor, entry.conversation_id, {
      client_id: randomUUID(),
      body: 'Happy to talk about films.',
    });

    const link = await exportOf(a.v, a.body.email);
    const res = await a.v.get(pathOf(link));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'profile.json',
        'settings.json',
        'messages.json',
        'likes.json',
        'photos/01.jpg',
      ]),
    );
    const profile = JSON.parse(new TextDecoder().decode(files['profile.json']));
    expect(profile).toMatchObject({ screen_name: a.body.name, email: a.body.email });
    const messages = JSON.parse(new TextDecoder().decode(files['messages.json'])) as {
      with: string;
      messages: { from: string; text: string }[];
    }[];
    expect(messages.find((c) => c.with === b.body.name)?.messages).toEqual([
      expect.objectContaining({ from: 'me', text: 'Hello from A, sailing on Sunday?' }),
      expect.objectContaining({ from: b.body.name, text: 'Sunday works, says B' }),
      expect.objectContaining({ from: 'me', kind: 'photo', file: `chat-photos/${pictureId}.jpg` }),
    ]);
    expect([...files[`chat-photos/${pictureId}.jpg`]!.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(messages.find((c) => c.with === f.name)?.messages.map((m) => m.text)).toEqual([
      'Are you real, Julian?',
      'Happy to talk about films.',
    ]);
    const likes = JSON.parse(new TextDecoder().decode(files['likes.json']));
    expect(likes.given).toEqual([expect.objectContaining({ to: b.body.name })]);
    // The photo as stored: a JPEG (re-encoded at upload, no GPS).
    expect([...files['photos/01.jpg']!.subarray(0, 2)]).toEqual([0xff, 0xd8]);

    const all = textOf(files);
    expect(all).not.toContain(b.body.email);
    expect(all).not.toContain(b.id);
    expect(all).not.toContain(f.id);
    expect(all).not.toContain('OlgaTheOperator');
    expect(all).not.toContain('olga.operator@example.org');
    expect(all).not.toContain(actor.id);
  });

  it('answers its owner only: another member gets 404, a visitor no archive; every download counted', async () => {
    const a = await t.member();
    const b = await t.member();
    const link = pathOf(await exportOf(a.v, a.body.email));

    expect((await b.v.get(link)).statusCode).toBe(404);
    const visitor = await t.get(link);
    expect(visitor.statusCode).toBeGreaterThanOrEqual(400);
    expect(visitor.headers['content-type']).not.toBe('application/zip');
    // The mailed link opened in a logged-out browser: log in first, then the settings page.
    const browser = await t.get(link, { accept: 'text/html,application/xhtml+xml' });
    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toBe(
      `/login?redirect=${encodeURIComponent('/notifications#settings-data-export')}`,
    );
    expect((await a.v.get(link.replace(/[0-9a-f-]{36}/, randomUUID()))).statusCode).toBe(404);

    expect((await a.v.get(link)).statusCode).toBe(200);
    expect((await a.v.get(link)).statusCode).toBe(200);
    const status = (await a.v.get('/api/data-export')).json();
    expect(status).toMatchObject({ state: 'ready', download_url: link });
    const days = (Date.parse(status.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    // The console sees that it was made and how often it was downloaded, never what it holds.
    const { v: support } = await consoleClient(t, [{ role: 'support' }]);
    const detail = (await support.get(`/api/admin/members/${a.id}`)).json();
    expect(detail.data_exports).toEqual([
      { requested_at: status.requested_at, state: 'ready', expires_at: status.expires_at, downloads: 2 },
    ]);
    const [logged] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM data_export_downloads d JOIN data_exports e ON e.id = d.export_id
        WHERE e.user_id = $1`,
      [a.id],
    );
    expect(logged!.n).toBe(2);
  });

  it('once a day: a second request, even at once, is refused in the member’s language and changes nothing', async () => {
    const a = await t.member();
    a.v.cookies.set('i18n_locale', 'de');
    const [first, second] = await Promise.all([a.v.post('/api/data-export'), a.v.post('/api/data-export')]);
    const refused = [first!, second!].find((r) => r.statusCode !== 202)!;
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([202, 429]);
    const third = await a.v.post('/api/data-export');
    for (const r of [refused, third]) {
      expect(r.statusCode).toBe(429);
      expect(r.json().error.code).toBe('export_once_a_day');
      expect(r.json().error.message).toMatch(
        /^Du hast deine Daten heute schon angefordert\. Ab .+ kannst du/,
      );
      const next = new Date(r.json().error.details.next_request_at);
      expect(next.getTime()).toBeGreaterThan(Date.now());
      expect(next.getUTCHours()).toBe(0);
    }
    const rows = await t.db.query('SELECT 1 FROM data_exports WHERE user_id = $1', [a.id]);
    expect(rows).toHaveLength(1);
    expect((await a.v.get('/api/data-export')).json().next_request_at).toBe(
      refused.json().error.details.next_request_at,
    );
  });

  it('expires after 7 days: the link answers 410, the sweep removes the object', async () => {
    const a = await t.member();
    const link = pathOf(await exportOf(a.v, a.body.email));
    const [row] = await t.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM data_exports WHERE user_id = $1',
      [a.id],
    );
    expect(await t.app.media.chat.exists(row!.storage_key)).toBe(true);
    // Seven days later.
    await t.db.query(`UPDATE data_exports SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [
      a.id,
    ]);
    const gone = await a.v.get(link);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error.code).toBe('export_expired');
    expect((await a.v.get('/api/data-export')).json()).toMatchObject({
      state: 'expired',
      download_url: null,
    });

    expect(await expireExports({ db: t.db, archives: t.app.media.chat })).toBeGreaterThanOrEqual(1);
    expect(await t.app.media.chat.exists(row!.storage_key)).toBe(false);
    expect((await a.v.get(link)).statusCode).toBe(410);
  });

  it('goes with the account: the 14-day erasure removes the archive', async () => {
    const a = await t.member();
    await exportOf(a.v, a.body.email);
    const [row] = await t.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM data_exports WHERE user_id = $1',
      [a.id],
    );
    expect(
      (await a.v.post('/api/account/delete', { reason: 'time', password: a.body.password })).statusCode,
    ).toBe(204);
    await t.db.query(`UPDATE users SET deletion_requested_at = now() - interval '15 days' WHERE id = $1`, [
      a.id,
    ]);
    await eraseExpiredAccounts(t.db, t.app.media.photos, t.app.media.chat);
    expect(await t.app.media.chat.exists(row!.storage_key)).toBe(false);
    const [after] = await t.db.query<{ state: string; storage_key: string | null }>(
      'SELECT state, storage_key FROM data_exports WHERE user_id = $1',
      [a.id],
    );
    expect(after).toEqual({ state: 'expired', storage_key: null });
  });
});
