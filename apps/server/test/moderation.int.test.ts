import crypto from 'node:crypto';
import de from '@amora/i18n/locales/de.json' with { type: 'json' };
import deMail from '@amora/i18n/mail/de.json' with { type: 'json' };
import { beforeAll, describe, expect, it } from 'vitest';
import { complaintQueue } from '../src/features/complaints/complaints.service.ts';
import { liftDueSuspensions } from '../src/features/moderation/notices.service.ts';
import { useTestApp, Visitor } from './helpers.ts';
import { jpegWithGps, uploadPhoto } from './images.ts';
import { auditOf, consoleClient } from './operators.ts';

const t = useTestApp();
const DE = 'de.localhost:3999';
const site = () => t.app.sites.forHost('de.localhost');
const cid = () => crypto.randomUUID().replaceAll('-', '');

const auditRows = (subjectId: string) => auditOf(t, subjectId);

/** Two moderators of the German site, logged in to the console (cookie + CSRF). */
type Console = Awaited<ReturnType<typeof consoleClient>>;
let m1: Console;
let m2: Console;
beforeAll(async () => {
  m1 = await consoleClient(t, [{ role: 'moderator', site: 'de.localhost' }], DE);
  m2 = await consoleClient(t, [{ role: 'moderator', site: 'de.localhost' }], DE);
});
const M = '/api/admin/moderation';
// biome-ignore lint/suspicious/noExplicitAny: answers are read as JSON of the shapes the contracts give
const ok = async (res: Promise<{ statusCode: number; body: string; json: () => any }>, status = 200) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json();
};
const photoQueue = (c: Console) => ok(c.v.get(`${M}/photos`));
const decidePhoto = (c: Console, id: string, body: object) => c.v.post(`${M}/photos/${id}`, body);
const decideReport = (c: Console, id: string, body: object) => ok(c.v.post(`${M}/reports/${id}`, body));
const appealsOf = async (c: Console, decisionId: string) =>
  (
    (await ok(c.v.get(`${M}/appeals`))).appeals as {
      id: string;
      can_decide: boolean;
      decision: { id: string };
    }[]
  ).filter((x) => x.decision.id === decisionId);
const decideAppeal = (c: Console, id: string, body: object) => c.v.post(`${M}/appeals/${id}`, body);

/** A German member (female) with two photos and a complete profile, visible at the top of lists. */
async function memberWithPhotos() {
  const m = await t.member({ gender: 'female', seeking: 'male' }, DE);
  const jpeg = await jpegWithGps(400, 500);
  const first = (await uploadPhoto(m.v, jpeg)).json();
  const second = (await uploadPhoto(m.v, jpeg)).json();
  await t.db.query(
    `UPDATE profiles SET city = 'Berlin', about = 'Ich wandere gern und lese viel.' WHERE user_id = $1`,
    [m.id],
  );
  await t.db.query(
    `UPDATE users SET signup_date = now() - interval '30 days', last_active_at = now() + interval '1 hour' WHERE id = $1`,
    [m.id],
  );
  return { ...m, first: first.id as string, second: second.id as string };
}
const keyOf = async (photoId: string) =>
  (await t.db.query<{ storage_key: string }>('SELECT storage_key FROM photos WHERE id = $1', [photoId]))[0]!
    .storage_key;

describe('photo review', () => {
  it('a rejected photo disappears from every surface, the next photo becomes main, and the member gets the notice in their language', async () => {
    const a = await memberWithPhotos();
    const b = await t.member({ gender: 'male', seeking: 'female' }, DE);
    // b likes a and writes to her: her card is in b's likes and chats.
    expect((await b.v.post(`/api/likes/${a.id}`)).statusCode).toBeLessThan(300);
    expect(
      (await b.v.post(`/api/members/${a.id}/messages`, { client_id: cid(), kind: 'text', body: 'Hallo!' }))
        .statusCode,
    ).toBe(200);
    const key = await keyOf(a.first);
    const surfaces = async () => ({
      search: (await b.v.get('/api/search?gender=female&limit=48')).body,
      member: (await b.v.get(`/api/members/${a.id}`)).body,
      featured: (await new Visitor(t.app, DE).get('/api/members/featured?limit=13')).body,
      likes: (await b.v.get('/api/likes.php')).body,
      chats: (await b.v.get('/api/chats.php')).body,
    });
    const before = await surfaces();
    for (const [name, body] of Object.entries(before)) expect(body, name).toContain(key);

    // In the queue (auto approval: published, still to review), then rejected.
    const queue = await photoQueue(m1);
    expect(queue.approval).toBe('auto');
    expect(queue.photos.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining([a.first, a.second]),
    );
    // A member is not a moderator: the console does not exist for them.
    expect(
      (await b.v.post(`${M}/photos/${a.first}`, { decision: 'reject', category: 'nudity' })).statusCode,
    ).toBe(404);
    const d = await ok(
      decidePhoto(m1, a.first, {
        decision: 'reject',
        category: 'contact_details',
        note: 'Telefonnummer im Bild.',
      }),
    );
    expect(d).toMatchObject({
      action: 'remove_photo',
      category: 'contact_details',
      ground: 'contractual',
      automated: false,
    });

    const after = await surfaces();
    for (const [name, body] of Object.entries(after)) expect(body, name).not.toContain(key);
    // The second photo is her main photo now, on every card.
    const secondKey = await keyOf(a.second);
    for (const name of ['search', 'featured', 'likes', 'chats'] as const)
      expect(after[name], name).toContain(secondKey);
    expect((await photoQueue(m1)).photos.map((p: { id: string }) => p.id)).not.toContain(a.first);

    // The member's photo manager shows the notice; the mail carries the statement in German.
    const { notices } = await ok(a.v.get('/api/moderation/notices'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      action: 'remove_photo',
      category: 'contact_details',
      can_appeal: true,
    });
    const mail = await t.smtp.waitFor(a.body.email, (m) => m.subject.includes('Moderationsentscheidung'));
    expect(mail.text).toContain(de.moderation.actions.remove_photo);
    expect(mail.text).toContain(de.moderation.categories.contact_details);
    expect(mail.text).toContain(de.moderation.grounds.contractual);
    expect(mail.text).toContain('Telefonnummer im Bild.');
    expect(mail.text).toContain(deMail.moderationNotice.automated);
    expect(mail.text).toContain(`/notice/${notices[0]!.token}`);
    expect((await auditRows(a.first)).map((r) => [r.action, r.operator_name, r.reason])).toEqual([
      ['moderation.photo.reject', m1.operator.name, 'contact_details'],
    ]);

    // The member appeals from the notice page; the same moderator may not decide it, another reverses it.
    const page = await a.v.get(`/api/moderation/notices/${notices[0]!.token}`);
    expect(page.statusCode).toBe(200);
    const appeal = await a.v.post(`/api/moderation/notices/${notices[0]!.token}/appeal`, {
      text: 'Das ist keine Telefonnummer, sondern mein Geburtsjahr.',
    });
    expect(appeal.statusCode).toBe(200);
    expect(appeal.json().appeal.status).toBe('open');
    const [open] = await appealsOf(m1, d.id);
    expect(open!.can_decide).toBe(false);
    const same = await decideAppeal(m1, open!.id, { outcome: 'reverse', note: 'ok' });
    expect(same.statusCode).toBe(403);
    expect(same.json().error.code).toBe('moderation_same_moderator');
    expect((await appealsOf(m2, d.id))[0]!.can_decide).toBe(true);
    await ok(decideAppeal(m2, open!.id, { outcome: 'reverse', note: 'Geburtsjahr, kein Kontakt.' }));
    const restored = await surfaces();
    expect(restored.member).toContain(key);
    // Back on her page (her second photo stays the main one: she chose nothing new).
    expect(restored.search).toContain(secondKey);
    await t.smtp.waitFor(a.body.email, (m) => m.text.includes(de.moderation.appealOutcome.reversed));
  });

  it('with manual approval a photo is pending until approved, and approval publishes it', async () => {
    await t.db.query(
      `UPDATE sites SET config = config || '{"photo_approval": "manual"}'::jsonb WHERE domain = 'de.localhost'`,
    );
    await t.app.sites.reload();
    try {
      const m = await t.member({}, DE);
      const up = (await uploadPhoto(m.v, await jpegWithGps(300, 400))).json();
      expect(up.status).toBe('pending');
      const viewer = await t.member({}, DE);
      const key = await keyOf(up.id);
      expect((await viewer.v.get(`/api/members/${m.id}`)).body).not.toContain(key);
      const q = await photoQueue(m1);
      expect(q.approval).toBe('manual');
      expect(q.photos.find((p: { id: string }) => p.id === up.id)?.status).toBe('pending');
      await ok(decidePhoto(m1, up.id, { decision: 'approve' }));
      expect((await viewer.v.get(`/api/members/${m.id}`)).body).toContain(key);
      // Decided once: a second decision (another moderator's) is refused.
      const again = await decidePhoto(m2, up.id, { decision: 'reject', category: 'nudity' });
      expect(again.statusCode).toBe(409);
      expect((await auditRows(up.id)).map((r) => r.action)).toEqual(['moderation.photo.approve']);
    } finally {
      await t.db.query(
        `UPDATE sites SET config = config || '{"photo_approval": "auto"}'::jsonb WHERE domain = 'de.localhost'`,
      );
      await t.app.sites.reload();
    }
  });
});

describe('reports and decisions', () => {
  const report = async (reporter: Visitor, memberId: string, reason = 'harassment') => {
    const res = await reporter.post('/api/complaints', {
      member_id: memberId,
      reason,
      text: 'Schreibt mir ständig beleidigende Nachrichten.',
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };

  it('a suspended member cannot log in or call member routes and sees the statement; a reversal makes the account active again', async () => {
    const a = await memberWithPhotos();
    const r = await t.member({}, DE);
    const id = await report(r.v, a.id);
    const { reports: queue } = await ok(m1.v.get(`${M}/reports`));
    expect(queue.find((x: { id: string }) => x.id === id)).toMatchObject({ member_id: a.id, upheld: 0 });
    const detail = await ok(m1.v.get(`${M}/reports/${id}`));
    expect(detail.member?.photos).toHaveLength(2);
    expect(detail.report.text).toContain('beleidigende');

    const until = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const decision = await decideReport(m1, id, {
      action: 'suspend',
      category: 'harassment',
      note: 'Drei beleidigende Nachrichten an verschiedene Mitglieder.',
      until,
    });
    expect(decision.suspended_until).not.toBeNull();
    expect((await complaintQueue(t.db, await site(), 'resolved')).map((c) => c.id)).toContain(id);

    // The old session is gone: member routes refuse.
    expect((await a.v.get('/api/profile')).statusCode).toBe(403);
    // Login says why and leads to the notice, which shows the statement in their language.
    const login = await new Visitor(t.app, DE).post('/api/user.php', {
      email: a.body.email,
      password: a.body.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe('account_restricted');
    const token = login.json().error.details.notice as string;
    const notice = (await new Visitor(t.app, DE).get(`/api/moderation/notices/${token}`)).json();
    expect(notice).toMatchObject({
      action: 'suspend',
      category: 'harassment',
      ground: 'contractual',
      automated: false,
    });
    expect(notice.facts).toContain('Drei beleidigende');
    // Hidden from other members meanwhile.
    expect((await r.v.get(`/api/members/${a.id}`)).statusCode).toBe(404);
    // Repeat offenders: the member's upheld count shows in the queue.
    const again = await report(r.v, a.id, 'spam');
    const { reports } = await ok(m1.v.get(`${M}/reports`));
    expect(reports.find((x: { id: string }) => x.id === again)?.upheld).toBe(1);
    expect((await auditRows(a.id)).map((x) => x.action)).toContain('moderation.report.suspend');

    // Appeal from the notice; reversed by another moderator: the account is active again.
    expect(
      (
        await new Visitor(t.app, DE).post(`/api/moderation/notices/${token}/appeal`, {
          text: 'Das war mein Bruder an meinem Handy.',
        })
      ).statusCode,
    ).toBe(200);
    const [ap] = await appealsOf(m2, decision.id);
    await ok(decideAppeal(m2, ap!.id, { outcome: 'reverse', note: 'Glaubhaft erklärt.' }));
    const back = await new Visitor(t.app, DE).post('/api/user.php', {
      email: a.body.email,
      password: a.body.password,
    });
    expect(back.statusCode).toBe(200);
    expect((await r.v.get(`/api/members/${a.id}`)).statusCode).toBe(200);
  });

  it('hide profile and ban restrict; the reversal of a hidden profile shows it again; a dismissal restricts nothing', async () => {
    const a = await memberWithPhotos();
    const r = await t.member({}, DE);
    const hide = await decideReport(m1, await report(r.v, a.id, 'fake_profile'), {
      action: 'hide_profile',
      category: 'fake_profile',
    });
    expect((await r.v.get(`/api/members/${a.id}`)).statusCode).toBe(404);
    expect((await a.v.get('/api/profile')).statusCode).toBe(200);
    const [notice] = (await ok(a.v.get('/api/moderation/notices'))).notices;
    await a.v.post(`/api/moderation/notices/${notice!.token}/appeal`, {
      text: 'Das bin wirklich ich, hier ist mein Ausweis.',
    });
    const [ap] = await appealsOf(m2, hide.id);
    await ok(decideAppeal(m2, ap!.id, { outcome: 'reverse', note: 'Identität belegt.' }));
    expect((await r.v.get(`/api/members/${a.id}`)).statusCode).toBe(200);

    const dismissed = await decideReport(m1, await report(r.v, a.id), {
      action: 'dismiss',
      note: 'Kein Verstoß.',
    });
    expect(dismissed.action).toBe('dismiss');
    expect((await a.v.get('/api/profile')).statusCode).toBe(200);

    const ban = await decideReport(m2, await report(r.v, a.id, 'scam'), {
      action: 'ban',
      category: 'scam',
      note: 'Bat drei Mitglieder um Geld.',
    });
    expect(ban.action).toBe('ban');
    expect((await a.v.get('/api/profile')).statusCode).toBe(403);
    const login = await new Visitor(t.app, DE).post('/api/user.php', {
      email: a.body.email,
      password: a.body.password,
    });
    expect(login.json().error.code).toBe('account_restricted');
    // An upheld appeal leaves the ban in place.
    const token = login.json().error.details.notice as string;
    await new Visitor(t.app, DE).post(`/api/moderation/notices/${token}/appeal`, {
      text: 'Ich habe nie um Geld gebeten.',
    });
    const [banAppeal] = await appealsOf(m1, ban.id);
    await ok(decideAppeal(m1, banAppeal!.id, { outcome: 'uphold', note: 'Die Nachrichten belegen es.' }));
    expect(
      (await new Visitor(t.app, DE).post('/api/user.php', { email: a.body.email, password: a.body.password }))
        .statusCode,
    ).toBe(403);
    // Appealing twice is refused.
    expect(
      (
        await new Visitor(t.app, DE).post(`/api/moderation/notices/${token}/appeal`, {
          text: 'Noch einmal: nie!',
        })
      ).json().error.code,
    ).toBe('moderation_appeal_exists');
  });

  it('the transparency export counts decisions by category, action and automation, time to decide, appeals and reversals', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const figures = await ok(m1.v.get(`${M}/transparency?from=${today}&to=${today}`));
    // From the tests above: rejections, an approval, suspend, hide, dismiss, ban; two reversals, one upheld.
    expect(figures.by_action).toMatchObject({
      remove_photo: 1,
      approve_photo: 1,
      suspend: 1,
      hide_profile: 1,
      dismiss: 1,
      ban: 1,
    });
    expect(figures.by_category).toMatchObject({
      contact_details: 1,
      harassment: 1,
      fake_profile: 1,
      scam: 1,
    });
    expect(figures.automated).toEqual({ yes: 0, no: figures.decisions });
    expect(figures.appeals).toMatchObject({ received: 4, reversed: 3, upheld: 1, open: 0 });
    expect(figures.hours_to_decide.median).not.toBeNull();
    expect(figures.reports_received).toBeGreaterThanOrEqual(5);
    const download = await m1.v.get(`${M}/transparency.csv?from=${today}&to=${today}`);
    expect(download.headers['content-type']).toContain('text/csv');
    expect(download.headers['content-disposition']).toContain('attachment');
    const csv = download.body;
    expect(csv).toContain('by_action,suspend,1');
    expect(csv).toContain('appeals,reversed,3');
    // Another site's figures are its own.
    const { v: elsewhere } = await consoleClient(t, [{ role: 'moderator', site: 'localhost' }]);
    expect((await ok(elsewhere.get(`${M}/transparency?from=${today}&to=${today}`))).decisions).toBe(0);
    // A role other than moderator (or admin) finds no moderation console.
    const support = await consoleClient(t, [{ role: 'support', site: 'de.localhost' }], DE);
    expect((await support.v.get(`${M}/reports`)).statusCode).toBe(404);
    // Every decision above is in the audit log, by the moderator who made it.
    const [{ n } = { n: -1 }] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM operator_audit WHERE action LIKE 'moderation.%' AND site_id = (SELECT id FROM sites WHERE domain = 'de.localhost')",
    );
    expect(n).toBe(figures.decisions + figures.appeals.received);
  });

  it('a suspension ends on its date: the member logs in again', async () => {
    const a = await memberWithPhotos();
    const r = await t.member({}, DE);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const d = await decideReport(m1, await report(r.v, a.id, 'spam'), {
      action: 'suspend',
      category: 'spam',
      until: tomorrow,
    });
    const login = () =>
      new Visitor(t.app, DE).post('/api/user.php', { email: a.body.email, password: a.body.password });
    expect((await login()).statusCode).toBe(403);
    // A date in the past is refused; the end passing lifts it (the hourly job, or the login itself).
    expect(
      (
        await m1.v.post(`${M}/reports/${await report(r.v, a.id)}`, {
          action: 'suspend',
          category: 'spam',
          until: '2020-01-01',
        })
      ).statusCode,
    ).toBe(400);
    await t.db.query(
      `UPDATE moderation_decisions SET suspended_until = now() - interval '1 minute' WHERE id = $1`,
      [d.id],
    );
    expect(await liftDueSuspensions(t.db)).toBe(1);
    expect((await login()).statusCode).toBe(200);
    expect((await r.v.get(`/api/members/${a.id}`)).statusCode).toBe(200);
  });
});
