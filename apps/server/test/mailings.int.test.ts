import { describe, expect, it } from 'vitest';
import { BROADCAST_ONE_QUEUE, broadcastPass } from '../src/features/notifications/mail-periodic.ts';
import { BROADCAST_ONE_JOB, BROADCASTS_JOB } from '../src/features/notifications/mail-rhythm.ts';
import { catalogs } from '../src/platform/i18n.ts';
import { enqueueJob } from '../src/platform/jobs.ts';
import { MAIL_JOB } from '../src/platform/mail/outbox.ts';
import { emailKey, emailKeySql } from '../src/platform/tokens.ts';
import { useTestApp, Visitor } from './helpers.ts';
import { arf, deliverReport, dsn } from './mail-reports.ts';
import { auditOf, consoleClient, type TestGrant } from './operators.ts';
import type { ReceivedMail } from './smtp.ts';

/**
 * The console's mailings (issue 26 item 13) over HTTP, as the console calls them: who may, what
 * bad input changes (nothing), who gets a mailing (members who chose its type, on its site,
 * mailable; each once), the pace (2 a minute here), schedules and cancels, the test to oneself, and
 * what the counts say after real mail, a real one-click unsubscribe and real bounce reports.
 */
const DOMAIN = 'bounces.mailings.test';
const t = useTestApp({
  members: 4,
  env: { BROADCAST_MAILS_PER_MINUTE: '2', BOUNCE_SMTP_PORT: '0', BOUNCE_DOMAIN: DOMAIN, HOST: '127.0.0.1' },
});
const EN = 'localhost:3999';
const NL = 'nl.localhost:3999';
const DE = 'de.localhost:3999';
const errors = catalogs.en.errors as Record<string, string>;

let n = 0;
const draft = (over: Record<string, unknown> = {}) => ({
  type: 'promotions',
  path: '/credits',
  texts: { en: { headline: `Spring offer ${++n}: 20% more credits`, body: 'Only this week.' } },
  ...over,
});

const consoleAs = async (host = EN, grants: TestGrant[] = [{ role: 'admin' }]) =>
  (await consoleClient(t, grants, host)).v;

/** A member of `host`'s site who chose this type of mail. */
async function chose(type: 'promotions' | 'news', host = EN) {
  const m = await t.member({}, host);
  expect((await m.v.put('/api/notifications/mail', { [type]: true })).statusCode).toBe(200);
  return m;
}

const count = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM broadcasts'))[0]!.n;
const mailsTo = (email: string, subject?: string) =>
  t.smtp.mails.filter((m) => m.to.includes(email) && (!subject || m.subject.includes(subject)));
const header = (m: ReceivedMail, name: string) =>
  m.raw
    .slice(0, m.raw.search(/\r?\n\r?\n/))
    .replace(/\r?\n[ \t]+/g, ' ')
    .match(new RegExp(`^${name}: (.*)$`, 'im'))?.[1];

/** Runs the pace, then the copies it queued, then their delivery. */
async function pass() {
  await t.app.jobs.drain({ names: [BROADCASTS_JOB] });
  await t.app.jobs.drain({ names: [BROADCAST_ONE_JOB] });
  await t.app.jobs.drain({ names: [MAIL_JOB] });
}
/** A minute goes by for the pace: every batch so far is a minute older. */
const aMinuteLater = () =>
  t.db.query(
    "UPDATE broadcasts SET last_batch_at = last_batch_at - interval '61 seconds' WHERE last_batch_at IS NOT NULL",
  );
/** Minutes go by until the mailing is sent to everyone it was for. */
async function sendAll(v: Visitor, id: number) {
  for (let i = 0; i < 20; i++) {
    await pass();
    const m = (await v.get(`/api/admin/mailings/${id}`)).json();
    if (m.status === 'sent') return m;
    await aMinuteLater();
  }
  throw new Error(`mailing ${id} not sent`);
}

describe('who may use mailings', () => {
  it('admins of the site only: other roles, other sites, members and visitors find nothing', async () => {
    const before = await count();
    for (const grants of [
      [{ role: 'support' }],
      [{ role: 'moderator' }],
      [{ role: 'finance' }],
      [{ role: 'admin', site: 'nl.localhost' }, { role: 'support' }],
    ] as TestGrant[][]) {
      const v = await consoleAs(EN, grants);
      expect((await v.get('/api/admin/mailings')).statusCode).toBe(404);
      expect((await v.post('/api/admin/mailings', draft())).statusCode).toBe(404);
    }
    const member = await t.member();
    expect((await member.v.post('/api/admin/mailings', draft())).statusCode).toBe(404);
    expect((await new Visitor(t.app).get('/api/admin/mailings')).statusCode).toBe(404);
    expect(await count()).toBe(before);

    const admin = await consoleAs();
    const made = await admin.post('/api/admin/mailings', draft());
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ status: 'draft', type: 'promotions', path: '/credits' });
    // Another site's admin does not reach this site's mailing.
    const other = await consoleAs(NL);
    expect((await other.get(`/api/admin/mailings/${made.json().id}`)).statusCode).toBe(404);
    expect(
      (await other.post(`/api/admin/mailings/${made.json().id}/schedule`, { at: null })).statusCode,
    ).toBe(404);
    expect((await other.get('/api/admin/mailings')).json().mailings).toEqual([]);
  });
});

describe('bad input', () => {
  it('is refused at its field with a translated reason and changes nothing', async () => {
    const admin = await consoleAs();
    const before = await count();
    const refused = async (body: unknown) => {
      const res = await admin.post('/api/admin/mailings', body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error.fields as Record<string, string>;
    };
    for (const path of ['https://evil.example/x', '//evil.example', 'credits', '/a b', '/api/x', '/admin']) {
      expect((await refused(draft({ path }))).path).toBe(errors.mailing_path_invalid);
    }
    expect((await refused(draft({ texts: { en: { headline: '', body: 'x' } } })))['texts.en.headline']).toBe(
      errors.field_required,
    );
    const halfGerman = { en: { headline: 'Hi', body: 'Text' }, de: { headline: 'Hallo' } };
    expect((await refused(draft({ texts: halfGerman })))['texts.de.body']).toBe(
      errors.mailing_text_incomplete,
    );
    const long = { en: { headline: 'x'.repeat(151), body: 'Text' } };
    expect((await refused(draft({ texts: long })))['texts.en.headline']).toBe(errors.mailing_headline_long);
    await refused(
      draft({ texts: { en: { headline: 'Hi', body: 'Text' }, xx: { headline: 'a', body: 'b' } } }),
    );
    await refused(draft({ type: 'spam' }));
    expect(await count()).toBe(before);

    const { id } = (await admin.post('/api/admin/mailings', draft())).json();
    const res = await admin.put(`/api/admin/mailings/${id}`, draft({ path: 'javascript:alert(1)' }));
    expect(res.statusCode).toBe(400);
    const past = await admin.post(`/api/admin/mailings/${id}/schedule`, {
      at: new Date(Date.now() - 3600_000).toISOString(),
    });
    expect(past.json().error.fields.at).toBe(errors.mailing_schedule_past);
    const far = await admin.post(`/api/admin/mailings/${id}/schedule`, {
      at: new Date(Date.now() + 400 * 86_400_000).toISOString(),
    });
    expect(far.json().error.fields.at).toBe(errors.mailing_schedule_far);
    expect((await admin.post(`/api/admin/mailings/${id}/schedule`, { at: 'tomorrow' })).statusCode).toBe(400);
    const after = (await admin.get(`/api/admin/mailings/${id}`)).json();
    expect(after).toMatchObject({ status: 'draft', path: '/credits', scheduled_at: null });
    expect((await auditOf(t, String(id))).map((a) => a.action)).toEqual(['mailing.create']);
  });
});

describe('sending', () => {
  it('reaches members who chose its type on its site, once each, in their language, with one-click unsubscribe', async () => {
    const a = await chose('promotions');
    const b = await chose('promotions');
    await b.v.request('PUT', '/api/user.php', { language: 'de' });
    const newsOnly = await chose('news');
    const nothing = await t.member();
    const unconfirmed = new Visitor(t.app, EN);
    const signup = {
      email: `unconfirmed${Date.now()}@example.test`,
      name: `Unconf${Date.now().toString(36)}`,
      password: 'violet-harbour-1987',
      date_of_birth: '1990-05-17',
      gender: 'female',
      seeking: 'male',
    };
    expect((await unconfirmed.post('/api/signup', signup)).statusCode).toBe(202);
    // A member who has not confirmed the address yet (and so cannot log in to choose): chose it all the same.
    await t.db.query(`UPDATE users SET mail_prefs = '{"promotions": true}' WHERE email = $1`, [signup.email]);
    const bounced = await chose('promotions');
    const activation = mailsTo(bounced.body.email)[0]!;
    await deliverReport(t.app.bounceSmtp!.port, activation.from, dsn(activation.from, activation));
    const otherSite = await chose('promotions', NL);

    const admin = await consoleAs();
    const texts = {
      en: { headline: 'Spring offer: 20% more credits', body: 'Only this week.' },
      de: { headline: 'Frühlingsangebot: 20 % mehr Credits', body: 'Nur diese Woche.' },
    };
    const made = (await admin.post('/api/admin/mailings', draft({ texts }))).json();
    expect(made).toMatchObject({ audience: 2, languages: ['en', 'de'] });
    const scheduled = await admin.post(`/api/admin/mailings/${made.id}/schedule`, { at: null });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const sent = await sendAll(admin, made.id);
    expect(sent.counts).toMatchObject({ queued: 2, sent: 2, bounced: 0, unsubscribed: 0 });

    expect(mailsTo(a.body.email, 'Spring offer')).toHaveLength(1);
    expect(mailsTo(b.body.email, 'Frühlingsangebot')).toHaveLength(1);
    for (const m of [newsOnly, nothing, bounced, otherSite])
      expect(mailsTo(m.body.email, 'Spring')).toEqual([]);
    expect(mailsTo(signup.email, 'Spring')).toEqual([]);

    // Whatever runs twice, a member gets it once.
    await enqueueJob(t.db, BROADCAST_ONE_QUEUE, { userId: a.id, broadcastId: made.id });
    await broadcastPass(t.app);
    await pass();
    expect(mailsTo(a.body.email, 'Spring offer')).toHaveLength(1);

    // The one-click unsubscribe of the mail works, and counts for this mailing (once).
    const mail = mailsTo(a.body.email, 'Spring offer')[0]!;
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(header(mail, 'List-Unsubscribe')!.replace(/^<|>$/g, ''));
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${oneClick.pathname}${oneClick.search}`,
        headers: { host: EN, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await a.v.get('/api/notifications/mail')).json().prefs.promotions).toBe(false);
    expect((await admin.get(`/api/admin/mailings/${made.id}`)).json().counts).toMatchObject({
      sent: 2,
      unsubscribed: 1,
    });
    expect((await auditOf(t, String(made.id))).map((x) => x.action)).toEqual([
      'mailing.create',
      'mailing.schedule',
    ]);
  });

  it('is paced: at most the set number a minute, however often the pace runs', async () => {
    const members = [await chose('news', DE), await chose('news', DE), await chose('news', DE)];
    const admin = await consoleAs(DE);
    const { id } = (
      await admin.post('/api/admin/mailings', draft({ type: 'news', path: '/members' }))
    ).json();
    await admin.post(`/api/admin/mailings/${id}/schedule`, { at: null });
    await pass();
    await pass();
    await broadcastPass(t.app);
    await pass();
    const first = (await admin.get(`/api/admin/mailings/${id}`)).json();
    expect(first).toMatchObject({ status: 'sending', counts: { queued: 2, sent: 2 } });
    const got = members.filter((m) => mailsTo(m.body.email, 'Spring offer').length === 1);
    expect(got).toHaveLength(2);

    await aMinuteLater();
    await pass();
    const done = (await admin.get(`/api/admin/mailings/${id}`)).json();
    expect(done).toMatchObject({ status: 'sent', counts: { queued: 3, sent: 3 } });
    for (const m of members) expect(mailsTo(m.body.email, `offer ${n}`)).toHaveLength(1);
  });

  it('tells beforehand who had a mail of its kind that day, leaves them out and counts them as not sent', async () => {
    const member = await t.member({}, NL);
    const prefs = await member.v.put('/api/notifications/mail', { promotions: true, news: true });
    expect(prefs.statusCode).toBe(200);
    const admin = await consoleAs(NL);
    // The draft says how many of its audience had one of its kind today (what the confirmation tells).
    const send = async (type: 'promotions' | 'news') => {
      const made = (await admin.post('/api/admin/mailings', draft({ type }))).json();
      expect((await admin.post(`/api/admin/mailings/${made.id}/schedule`, { at: null })).statusCode).toBe(
        200,
      );
      const mailing = await sendAll(admin, made.id);
      expect(mailing.audience_mailed_today).toBeNull();
      return { n, draft: made, mailing };
    };
    const first = await send('promotions');
    expect(first.draft.audience_mailed_today).toBe(0);
    expect(first.mailing.counts).toMatchObject({ sent: first.mailing.counts.queued, limited: 0 });
    expect(first.mailing.counts.sent).toBeGreaterThanOrEqual(1);
    expect(mailsTo(member.body.email, `offer ${first.n}`)).toHaveLength(1);
    // The address's key in SQL is the one the allowance counts by.
    const [key] = await t.db.query<{ k: string }>(
      `SELECT ${emailKeySql('email')} AS k FROM users WHERE id = $1`,
      [member.id],
    );
    expect(key!.k).toBe(emailKey(member.body.email));

    // A second promotion the same day: nobody who got the first gets it, and the counts say why.
    const second = await send('promotions');
    expect(second.draft.audience_mailed_today).toBe(first.mailing.counts.sent);
    expect(second.mailing.counts).toMatchObject({
      queued: first.mailing.counts.queued,
      sent: 0,
      limited: first.mailing.counts.queued,
    });
    expect(mailsTo(member.body.email, `offer ${second.n}`)).toEqual([]);
    // It stays so: running the copies again sends nothing.
    await enqueueJob(t.db, BROADCAST_ONE_QUEUE, { userId: member.id, broadcastId: second.mailing.id });
    await pass();
    expect(mailsTo(member.body.email, `offer ${second.n}`)).toEqual([]);

    // The allowance is per kind: news the same day still arrives.
    const news = await send('news');
    expect(news.draft.audience_mailed_today).toBe(0);
    expect(news.mailing.counts).toMatchObject({ limited: 0 });
    expect(mailsTo(member.body.email, `offer ${news.n}`)).toHaveLength(1);
  });

  it('waits for its time; a cancelled mailing never goes, and a stopped one goes no further', async () => {
    const member = await chose('news');
    const admin = await consoleAs();
    const { id } = (await admin.post('/api/admin/mailings', draft({ type: 'news' }))).json();
    const at = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = (await admin.post(`/api/admin/mailings/${id}/schedule`, { at })).json();
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduled_at: at });
    await pass();
    expect((await admin.get(`/api/admin/mailings/${id}`)).json()).toMatchObject({
      status: 'scheduled',
      counts: { queued: 0 },
    });
    const cancelled = await admin.post(`/api/admin/mailings/${id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    await t.db.query("UPDATE broadcasts SET scheduled_at = now() - interval '1 minute' WHERE id = $1", [id]);
    await pass();
    expect(mailsTo(member.body.email, `offer ${n}`)).toEqual([]);
    const again = await admin.post(`/api/admin/mailings/${id}/cancel`);
    expect(again.json().error.message).toBe(errors.mailing_not_cancellable);
    expect((await admin.put(`/api/admin/mailings/${id}`, draft())).json().error.message).toBe(
      errors.mailing_not_editable,
    );
    expect((await admin.post(`/api/admin/mailings/${id}/schedule`, { at: null })).statusCode).toBe(409);
    expect((await auditOf(t, String(id))).map((x) => x.action)).toEqual([
      'mailing.create',
      'mailing.schedule',
      'mailing.cancel',
    ]);

    // Stopped while sending (2 a minute, 3 members of de.localhost chose news): nobody else gets it.
    const de = await consoleAs(DE);
    const stop = (await de.post('/api/admin/mailings', draft({ type: 'news' }))).json();
    await aMinuteLater();
    await de.post(`/api/admin/mailings/${stop.id}/schedule`, { at: null });
    await pass();
    expect((await de.post(`/api/admin/mailings/${stop.id}/cancel`)).statusCode).toBe(200);
    await aMinuteLater();
    await pass();
    const stopped = (await de.get(`/api/admin/mailings/${stop.id}`)).json();
    expect(stopped).toMatchObject({ status: 'cancelled', counts: { queued: 2 } });
    expect(t.smtp.mails.filter((m) => m.subject.includes(`offer ${n}`)).length).toBeLessThanOrEqual(2);
  });
});

describe('the operator’s own checks', () => {
  it('previews the real mail per language and sends a few tests a day to the operator alone', async () => {
    const { v: admin, operator } = await consoleClient(t, [{ role: 'admin' }], EN);
    const texts = {
      en: { headline: 'News of the week', body: 'New: video chat.' },
      fr: { headline: 'Nouveautés', body: 'Nouveau : le chat vidéo.' },
    };
    const { id } = (
      await admin.post('/api/admin/mailings', draft({ type: 'news', texts, path: '/chats' }))
    ).json();
    const german = (await admin.get(`/api/admin/mailings/${id}/preview?lang=de`)).json();
    expect(german).toMatchObject({ lang: 'de', fallback: true, subject: 'News of the week' });
    expect(german.html).toContain('New: video chat.');
    expect(german.text).toContain('/chats');
    const french = (await admin.get(`/api/admin/mailings/${id}/preview?lang=fr`)).json();
    expect(french).toMatchObject({ fallback: false, subject: 'Nouveautés' });

    const first = await admin.post(`/api/admin/mailings/${id}/test`, { lang: 'fr' });
    expect(first.json()).toEqual({ to: operator.email, tests_left: 9 });
    const mail = await t.smtp.waitFor(operator.email, (m) => m.subject.includes('Nouveautés'));
    expect(mail.subject).toBe('[Essai] Nouveautés');
    for (let i = 0; i < 9; i++)
      expect((await admin.post(`/api/admin/mailings/${id}/test`, {})).statusCode).toBe(200);
    const tooMany = await admin.post(`/api/admin/mailings/${id}/test`, {});
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().error.message).toBe(errors.mailing_test_limit!.replace('{{limit}}', '10'));
    expect((await admin.get(`/api/admin/mailings/${id}`)).json().tests_left).toBe(0);
    await t.app.jobs.drain({ names: [MAIL_JOB] });
    expect(mailsTo(operator.email)).toHaveLength(10);
    const tests = (await auditOf(t, String(id))).filter((x) => x.action === 'mailing.test');
    expect(tests).toHaveLength(10);
  });
});

describe('what became of the copies', () => {
  it('counts hard bounces and spam complaints reported about its copies', async () => {
    const bounces = await chose('promotions', NL);
    const complains = await chose('promotions', NL);
    const admin = await consoleAs(NL);
    const { id } = (await admin.post('/api/admin/mailings', draft())).json();
    await admin.post(`/api/admin/mailings/${id}/schedule`, { at: null });
    await sendAll(admin, id);
    const port = t.app.bounceSmtp!.port;
    const b = mailsTo(bounces.body.email, `offer ${n}`)[0]!;
    await deliverReport(port, b.from, dsn(b.from, b));
    const c = mailsTo(complains.body.email, `offer ${n}`)[0]!;
    await deliverReport(port, c.from, arf(c.from, c));
    const counts = (await admin.get(`/api/admin/mailings/${id}`)).json().counts;
    expect(counts).toMatchObject({ bounced: 1, complaints: 1 });
    expect(counts.sent).toBeGreaterThanOrEqual(2);
    const listed = (await admin.get('/api/admin/mailings')).json();
    expect(listed.mailings[0]).toMatchObject({ id, status: 'sent', counts: { bounced: 1, complaints: 1 } });
  });
});
