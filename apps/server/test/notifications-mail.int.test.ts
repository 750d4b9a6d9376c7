import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { EVENT_JOB } from '../src/features/notifications/events.ts';
import {
  LIKES_JOB,
  MESSAGES_JOB,
  NEW_CONVERSATION_JOB,
  UNREAD_JOB,
} from '../src/features/notifications/mail-rhythm.ts';
import { MAIL_JOB } from '../src/platform/mail/outbox.ts';
import { listenLocally, sendText, useTestApp, type Visitor } from './helpers.ts';
import type { ReceivedMail } from './smtp.ts';

const t = useTestApp({ members: 6 });
let port: number;
beforeAll(async () => {
  port = await listenLocally(t.app);
});

/** Runs what the events queued, then the notification jobs, then mail delivery (as time would). */
async function runJobs(...names: string[]) {
  await t.app.jobs.drain({ names: [EVENT_JOB] });
  await t.app.jobs.drain({ names });
  await t.app.jobs.drain({ names: [MAIL_JOB] });
}
const mailsTo = (email: string, template?: RegExp) =>
  t.smtp.mails.filter((m) => m.to.includes(email) && (!template || template.test(m.subject)));
const header = (m: ReceivedMail, name: string) =>
  m.raw
    .slice(0, m.raw.search(/\r?\n\r?\n/))
    .replace(/\r?\n[ \t]+/g, ' ')
    .match(new RegExp(`^${name}: (.*)$`, 'im'))?.[1];

/** A browser tab of `v` with its socket open (the member is on the site). */
function openTab(v: Visitor): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, {
      headers: {
        origin: `http://localhost:${port}`,
        host: `localhost:${port}`,
        cookie: [...v.cookies].map(([k, val]) => `${k}=${val}`).join('; '),
      },
    });
    ws.on('message', (d) => {
      if (JSON.parse(String(d)).type === 'hello') resolve(ws);
    });
    ws.on('error', reject);
  });
}

describe('e-mail notification preferences', () => {
  it('start with promotions and news off, save a switch, refuse unknown types and visitors', async () => {
    const b = await t.member();
    const prefs = (await b.v.get('/api/notifications/mail')).json();
    expect(prefs.prefs).toMatchObject({ new_messages: true, like: true, promotions: false, news: false });
    const saved = await b.v.put('/api/notifications/mail', { like: false, news: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().prefs).toMatchObject({ like: false, news: true, new_messages: true });
    const bad = await b.v.put('/api/notifications/mail', { like: 'no', spam: true });
    expect(bad.statusCode).toBe(400);
    expect((await b.v.get('/api/notifications/mail')).json().prefs.like).toBe(false);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/notifications/mail' });
    expect(visitor.statusCode).toBeGreaterThanOrEqual(401);
  });
});

describe('messages', () => {
  it('a first message mails the recipient, with List-Unsubscribe one-click headers and a visible link', async () => {
    const a = await t.member({ gender: 'male', seeking: 'female' });
    const b = await t.member();
    expect((await sendText(a.v, b.id, 'Hello there')).statusCode).toBeLessThan(300);
    await runJobs(NEW_CONVERSATION_JOB);
    const [mail] = mailsTo(b.body.email, new RegExp(a.body.name));
    expect(mail).toBeDefined();
    expect(header(mail!, 'List-Unsubscribe')).toMatch(
      /^<https?:\/\/[^>]+\/api\/mail\/unsubscribe\?token=[^>]+>$/,
    );
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toMatch(/\/unsubscribe\?token=/);
    expect(mail!.text).not.toContain('Hello there'); // the message itself stays on the site
  });

  it('the new_conversations switch stops that mail', async () => {
    const a = await t.member({ gender: 'male', seeking: 'female' });
    const c = await t.member();
    await c.v.put('/api/notifications/mail', { new_conversations: false });
    await sendText(a.v, c.id, 'Hi');
    await runJobs(NEW_CONVERSATION_JOB);
    expect(mailsTo(c.body.email).filter((m) => !/confirm|bestätig/i.test(m.subject))).toEqual([]);
  });

  it('sends nothing while the member is on the site, then one summary once the page is hidden', async () => {
    const a = await t.member({ gender: 'male', seeking: 'female' });
    const b = await t.member();
    const tab = await openTab(b.v);
    await sendText(a.v, b.id, 'one');
    await sendText(a.v, b.id, 'two');
    await sendText(a.v, b.id, 'three');
    await runJobs(NEW_CONVERSATION_JOB, MESSAGES_JOB);
    expect(mailsTo(b.body.email, new RegExp(a.body.name))).toEqual([]);

    // The page-hidden beacon (sendBeacon: no CSRF header) says the member left.
    const hidden = await t.app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: {
        'content-type': 'application/json',
        cookie: [...b.v.cookies].map(([k, val]) => `${k}=${val}`).join('; '),
      },
      payload: '{}',
    });
    expect(hidden.statusCode).toBe(204);
    await sendText(a.v, b.id, 'four');
    await sendText(a.v, b.id, 'five');
    await runJobs(NEW_CONVERSATION_JOB, MESSAGES_JOB);
    const mails = mailsTo(b.body.email, new RegExp(a.body.name));
    expect(mails).toHaveLength(1); // one batch, not one per message
    expect(mails[0]!.text).toMatch(/: 4\./); // the unread ones after the first: two, three, four, five
    tab.close();
  });

  it('reminds of an unread conversation once, until it is read', async () => {
    const a = await t.member({ gender: 'male', seeking: 'female' });
    const b = await t.member();
    await b.v.put('/api/notifications/mail', { new_conversations: false, new_messages: false });
    await sendText(a.v, b.id, 'are you there?');
    const [conv] = await t.db.query<{ id: string }>(
      'SELECT id FROM conversations WHERE $1 IN (member_a, member_b) AND $2 IN (member_a, member_b)',
      [a.id, b.id],
    );
    const age = () =>
      t.db.query(`UPDATE messages SET created_at = now() - interval '25 hours' WHERE conversation_id = $1`, [
        conv!.id,
      ]);
    await age();
    await runJobs(UNREAD_JOB);
    const reminders = () => mailsTo(b.body.email, /wait/i);
    expect(reminders()).toHaveLength(1);
    await sendText(a.v, b.id, 'hello?');
    await age();
    await runJobs(UNREAD_JOB);
    expect(reminders()).toHaveLength(1); // not again while unread

    await b.v.post(`/api/chat/${conv!.id}/read`);
    await sendText(a.v, b.id, 'new day');
    await age();
    await runJobs(UNREAD_JOB);
    expect(reminders()).toHaveLength(2); // read, then a new unread one: a new reminder
  });
});

describe('likes', () => {
  it('a like mails the liked member unless they switched likes off', async () => {
    const a = await t.member({ gender: 'male', seeking: 'female' });
    const on = await t.member();
    const off = await t.member();
    await off.v.put('/api/notifications/mail', { like: false });
    expect((await a.v.post(`/api/likes/${on.id}`)).statusCode).toBeLessThan(300);
    expect((await a.v.post(`/api/likes/${off.id}`)).statusCode).toBeLessThan(300);
    await runJobs(LIKES_JOB);
    expect(mailsTo(on.body.email, new RegExp(a.body.name))).toHaveLength(1);
    expect(mailsTo(off.body.email, new RegExp(a.body.name))).toEqual([]);
  });

  it("a fictional chat partner's like and message name them as a fictional profile, in the member's language", async () => {
    const fictional = await t.member({ gender: 'female', seeking: 'male' });
    await t.db.query('UPDATE users SET fictional = true WHERE id = $1', [fictional.id]);
    const plain = await t.member({ gender: 'female', seeking: 'male' });
    const me = await t.member({ gender: 'male', seeking: 'female' });
    await t.db.query("UPDATE users SET language = 'de' WHERE id = $1", [me.id]);
    expect((await fictional.v.post(`/api/likes/${me.id}`)).statusCode).toBeLessThan(300);
    await runJobs(LIKES_JOB);
    const [like] = mailsTo(me.body.email, new RegExp(fictional.body.name));
    expect(like?.subject).toContain(`${fictional.body.name} (fiktives Profil)`);
    // A fictional partner's messages come from the console; here a member writes, then is made fictional.
    const writer = await t.member({ gender: 'female', seeking: 'male' });
    expect((await sendText(writer.v, me.id, 'Hallo')).statusCode).toBeLessThan(300);
    await t.db.query('UPDATE users SET fictional = true WHERE id = $1', [writer.id]);
    expect((await sendText(plain.v, me.id, 'Hallo')).statusCode).toBeLessThan(300);
    await runJobs(NEW_CONVERSATION_JOB);
    const fromFictional = mailsTo(me.body.email, new RegExp(`${writer.body.name} \\(fiktives Profil\\)`));
    expect(fromFictional.length).toBeGreaterThan(0);
    const fromPlain = mailsTo(me.body.email, new RegExp(plain.body.name));
    expect(fromPlain.length).toBeGreaterThan(0);
    expect(fromPlain.some((m) => m.subject.includes('fiktives Profil'))).toBe(false);
  });
});

describe('unsubscribe', () => {
  it('one-click POST works without a session or CSRF token; a forged token changes nothing', async () => {
    const a = await t.member({ gender: 'male', seeking: 'female' });
    const b = await t.member();
    await sendText(a.v, b.id, 'hi');
    await runJobs(NEW_CONVERSATION_JOB);
    const [mail] = mailsTo(b.body.email, new RegExp(a.body.name));
    const url = new URL(header(mail!, 'List-Unsubscribe')!.slice(1, -1));
    const token = url.searchParams.get('token')!;
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;

    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe?token=${encodeURIComponent(forged)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'de' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('unsubscribe_invalid');
    expect((await b.v.get('/api/notifications/mail')).json().prefs.new_conversations).toBe(true);
    const info = await t.app.inject({ method: 'GET', url: `/api/mail/unsubscribe/info?token=${forged}` });
    expect(info.statusCode).toBe(400);

    // Opened in a browser, the address only leads to the page that asks.
    const opened = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect((await b.v.get('/api/notifications/mail')).json().prefs.new_conversations).toBe(true);

    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ type: 'new_conversations', all: false });
    const after = (await b.v.get('/api/notifications/mail')).json();
    expect(after.prefs.new_conversations).toBe(false);
    expect(after.disabled).toEqual([]);

    const all = await t.app.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`,
      payload: { all: true },
    });
    expect(all.statusCode).toBe(200);
    expect((await b.v.get('/api/notifications/mail')).json().disabled).toEqual(['listunsubscribe']);
  });

  it('other mutating calls still need the CSRF token', async () => {
    const b = await t.member();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/mail',
      headers: { cookie: [...b.v.cookies].map(([k, val]) => `${k}=${val}`).join('; ') },
      payload: { like: false },
    });
    expect(res.statusCode).toBe(403);
  });
});
