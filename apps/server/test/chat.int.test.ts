import { beforeAll, describe, expect, it } from 'vitest';
import { sendMessage } from '../src/features/chat/chat.service.ts';
import { book } from '../src/features/credits/ledger.ts';
import { newSignup, sendText, useTestApp, Visitor } from './helpers.ts';
import { expectCleanPhoto, jpegWithGps, multipart } from './images.ts';

const t = useTestApp({ members: 10 });
let siteId: number;
beforeAll(async () => {
  siteId = await t.siteId();
});

const member = () => t.member();
let n = 0;
const cid = () => `c${Date.now().toString(36)}${(n++).toString(36)}xyz`;
const send = (v: Visitor, to: string, body = 'Hello there!', clientId?: string) =>
  sendText(v, to, body, clientId);
const premium = async (id: string, credits: number) => {
  await t.db.query('UPDATE users SET paid_user = true WHERE id = $1', [id]);
  const [{ c } = { c: 0 }] = await t.db.query<{ c: number }>('SELECT credits AS c FROM users WHERE id = $1', [
    id,
  ]);
  if (credits !== c) {
    await t.db.tx((q) =>
      book(q, { userId: id, siteId, delta: credits - c, reason: 'correction', ref: `set-${cid()}` }),
    );
  }
};

describe('chat', () => {
  it('free messages first, then each message costs credits; the balance adds up', async () => {
    const a = await member();
    const b = await member();
    const costs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await send(a.v, b.id, `message ${i}`);
      expect(res.statusCode).toBe(200);
      costs.push(res.json().message.cost);
    }
    expect(costs).toEqual([0, 0, 0, 1, 1]);
    expect((await a.v.get('/api/user.php')).json().user.credits).toBe(3);
    const chats = (await b.v.get('/api/chats.php')).json();
    expect(chats.chats[0]).toMatchObject({ profile: { id: a.id }, num_unread_messages: 5 });
    expect(chats.total_unread_messages).toBe(5);
    await b.v.post(`/api/chat/${chats.chats[0].conversation.id}/read`);
    expect((await b.v.get('/api/chats.php')).json().total_unread_messages).toBe(0);
  });

  it('with 10 credits, fifty parallel sends: exactly 10 messages, 10 charges, balance 0', async () => {
    const a = await member();
    const b = await member();
    await premium(a.id, 10);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => send(a.v, b.id, `parallel ${i}`)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(10);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(402);
      expect(r.json().error.code).toBe('not_enough_credits');
    }
    const [row] = await t.db.query<{ credits: number; msgs: number; charges: number }>(
      `SELECT credits, (SELECT count(*)::int FROM messages WHERE sender_id = $1) AS msgs,
              (SELECT count(*)::int FROM credit_ledger WHERE user_id = $1 AND reason = 'message') AS charges
         FROM users WHERE id = $1`,
      [a.id],
    );
    expect(row).toEqual({ credits: 0, msgs: 10, charges: 10 });
  });

  it('the same client message id sent 10 times at once is one message and one charge', async () => {
    const a = await member();
    const b = await member();
    await premium(a.id, 5);
    const id = cid();
    const results = await Promise.all(Array.from({ length: 10 }, () => send(a.v, b.id, 'only once', id)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(results.map((r) => r.json().message.id)).size).toBe(1);
    const [row] = await t.db.query<{ credits: number; msgs: number }>(
      `SELECT credits, (SELECT count(*)::int FROM messages WHERE sender_id = $1) AS msgs FROM users WHERE id = $1`,
      [a.id],
    );
    expect(row).toEqual({ credits: 4, msgs: 1 });
  });

  it('a free member starts at most 2 conversations; replying does not count', async () => {
    const a = await member();
    const [b, c, d, e] = [await member(), await member(), await member(), await member()];
    expect((await send(a.v, b.id)).statusCode).toBe(200);
    expect((await send(a.v, c.id)).statusCode).toBe(200);
    const third = await send(a.v, d.id);
    expect(third.statusCode).toBe(402);
    expect(third.json().error.code).toBe('conversation_limit');
    expect((await send(e.v, a.id)).statusCode).toBe(200);
    expect((await send(a.v, e.id)).statusCode).toBe(200);
  });

  it('nobody can reply to a member whose e-mail is not confirmed', async () => {
    const a = await member();
    const body = newSignup();
    const pending = new Visitor(t.app);
    await pending.post('/api/signup', body);
    expect(
      (await pending.post('/api/user.php', { email: body.email, password: body.password })).statusCode,
    ).toBe(200);
    const [{ id } = { id: '' }] = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      body.email,
    ]);
    expect((await send(pending, a.id, 'hi, not confirmed yet')).statusCode).toBe(200);
    const reply = await send(a.v, id);
    expect(reply.statusCode).toBe(403);
    expect(reply.json().error.code).toBe('partner_not_confirmed');
    // The partner's chat list says so before they try (the notice of spec §8).
    const entry = (await a.v.get('/api/chats.php')).json().chats[0];
    expect(entry).toMatchObject({ profile: { id }, partner_confirmed: false });
    expect((await pending.get('/api/chats.php')).json().chats[0].partner_confirmed).toBe(true);
  });

  it('blocks and invisible mode hold: no messages across a block, an invisible member is not written to first', async () => {
    const a = await member();
    const b = await member();
    await send(a.v, b.id);
    await b.v.post(`/api/members/${a.id}/block`);
    expect((await send(a.v, b.id)).statusCode).toBe(403);
    expect((await a.v.get('/api/chats.php')).json().chats).toEqual([]);
    const c = await member();
    const d = await member();
    await c.v.put('/api/account/invisible', { invisible: true });
    expect((await send(d.v, c.id)).statusCode).toBe(404);
    expect((await d.v.get(`/api/members/${c.id}`)).statusCode).toBe(404);
    expect((await send(c.v, d.id, 'I write first')).statusCode).toBe(200);
    // Whom an invisible member writes to may see their profile; everyone else still may not.
    expect((await d.v.get(`/api/members/${c.id}`)).statusCode).toBe(200);
    expect((await a.v.get(`/api/members/${c.id}`)).statusCode).toBe(404);
    expect((await send(d.v, c.id, 'and I may answer')).statusCode).toBe(200);
    expect((await d.v.get('/api/chats.php')).json().chats[0].profile.id).toBe(c.id);
  });

  it('no member can read, mark or delete a conversation that is not theirs', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    await send(a.v, b.id, 'private');
    const conv = (await a.v.get('/api/chats.php')).json().chats[0].conversation.id;
    expect((await c.v.get(`/api/chat/${conv}/messages`)).statusCode).toBe(404);
    expect((await c.v.post(`/api/chat/${conv}/read`)).statusCode).toBe(404);
    expect((await c.v.request('DELETE', `/api/chat.php?id=${conv}`)).statusCode).toBe(404);
    expect((await new Visitor(t.app).get(`/api/chat/${conv}/messages`)).statusCode).toBe(403);
    expect((await b.v.get(`/api/chat/${conv}/messages`)).json().messages[0].body).toBe('private');
  });

  it('a member away while 200 messages arrive catches up on the latest 100, in order; older ones stay hidden from any id', async () => {
    const a = await member();
    const b = await member();
    await premium(a.id, 400);
    const first = (await send(a.v, b.id, 'm0')).json().message;
    const page = (url: string) =>
      b.v.get(`/api/chat/${first.conversation_id}/messages${url}`).then((r) => r.json());
    const bodies = (p: { messages: { body: string }[] }) => p.messages.map((m) => m.body);
    const opened = await page('?after=0');
    expect(bodies(opened)).toEqual(['m0']);
    expect(opened.older_hidden).toBe(false);
    // B is away; 200 arrive (through the service: the HTTP route allows 60 sends a minute per address).
    const site = await t.app.sites.forHost('localhost');
    for (let i = 1; i <= 200; i++)
      await sendMessage(t.db, site, a.id, b.id, { client_id: cid(), kind: 'text', body: `m${i}` });
    const back = await page(`?after=${first.id}`);
    expect(bodies(back)).toEqual(Array.from({ length: 100 }, (_, i) => `m${101 + i}`));
    expect(back.older_hidden).toBe(true);
    expect(back.more).toBe(false);
    // Asking from an older id (the probe asked ?after=1) reveals nothing more.
    expect(bodies(await page('?after=1'))).toEqual(bodies(back));
    // A catch-up within the window brings exactly what is new.
    await sendMessage(t.db, site, a.id, b.id, { client_id: cid(), kind: 'text', body: 'm201' });
    const tail = await page(`?after=${back.messages[99].id}`);
    expect(bodies(tail)).toEqual(['m201']);
    expect(tail.older_hidden).toBe(false);
    expect(tail.more).toBe(false);
    // Opening the conversation afresh shows the latest 100; older ones are hidden for privacy.
    const fresh = await page('');
    expect(bodies(fresh)).toEqual(Array.from({ length: 100 }, (_, i) => `m${102 + i}`));
    expect(fresh.older_hidden).toBe(true);
  });

  it('removing a chat hides it for me until a new message comes', async () => {
    const a = await member();
    const b = await member();
    await send(a.v, b.id, 'one');
    const conv = (await b.v.get('/api/chats.php')).json().chats[0].conversation.id;
    expect((await b.v.request('DELETE', `/api/chat.php?id=${conv}`)).statusCode).toBe(204);
    expect((await b.v.get('/api/chats.php')).json().chats).toEqual([]);
    expect((await a.v.get('/api/chats.php')).json().chats).toHaveLength(1);
    await send(a.v, b.id, 'two');
    const again = (await b.v.get('/api/chats.php')).json().chats;
    expect(again[0].last_message.body).toBe('two');
    expect(
      (await b.v.get(`/api/chat/${conv}/messages`)).json().messages.map((m: { body: string }) => m.body),
    ).toEqual(['two']);
  });

  it('gifts come from the catalogue at the site price times their factor, charged once, refused without credits', async () => {
    const a = await member();
    const b = await member();
    // Signup credits (5): a rose costs gift_credits 3 x 1, a chocolate 3 x 2.
    const gift = (g: string, client_id = cid()) =>
      a.v.post(`/api/members/${b.id}/messages`, { client_id, kind: 'gift', gift: g });
    expect((await gift('diamond-ring')).statusCode).toBe(400);
    const id = cid();
    const rose = await gift('rose', id);
    expect(rose.statusCode).toBe(200);
    expect(rose.json()).toMatchObject({
      message: { kind: 'gift', gift: 'rose', body: '', cost: 3 },
      credits: 2,
    });
    expect((await gift('rose', id)).json()).toMatchObject({
      message: { id: rose.json().message.id },
      credits: 2,
    });
    const broke = await gift('chocolate');
    expect(broke.statusCode).toBe(402);
    expect(broke.json().error.code).toBe('not_enough_credits');
    const seen = (await b.v.get(`/api/chat/${rose.json().message.conversation_id}/messages`)).json().messages;
    expect(seen.map((m: { kind: string; gift: string }) => [m.kind, m.gift])).toEqual([['gift', 'rose']]);
    expect((await a.v.get('/api/user.php')).json().user.credits).toBe(2);
  });

  it('photo messages: premium only, re-encoded without metadata, charged once, seen by the pair only', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const upload = async (v: Visitor, to: string, data: Buffer, client_id = cid(), name = 'me.jpg') => {
      const m = multipart('photo', name, 'image/jpeg', data);
      return v.request(
        'POST',
        `/api/members/${to}/photo-messages?client_id=${client_id}`,
        m.payload,
        m.headers,
      );
    };
    const jpeg = await jpegWithGps();
    const free = await upload(a.v, b.id, jpeg);
    expect(free.statusCode).toBe(402);
    expect(free.json().error.code).toBe('premium_only');
    await premium(a.id, 10);
    const notImage = await upload(a.v, b.id, Buffer.from('#!/bin/sh\necho hi\n'), cid(), 'holiday.jpg');
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error.code).toBe('photo_invalid');
    const id = cid();
    const sent = await upload(a.v, b.id, jpeg, id);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ message: { kind: 'photo', cost: 2 }, credits: 8 });
    const again = await upload(a.v, b.id, jpeg, id);
    expect(again.json()).toMatchObject({ message: { id: sent.json().message.id }, credits: 8 });
    const [{ n } = { n: 0 }] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages WHERE sender_id = $1 AND kind = 'photo'`,
      [a.id],
    );
    expect(n).toBe(1);
    const { url, thumb } = sent.json().message.photo;
    await expectCleanPhoto(await b.v.get(url));
    expect((await b.v.get(thumb)).statusCode).toBe(200);
    expect((await a.v.get(url)).statusCode).toBe(200);
    expect((await c.v.get(url)).statusCode).toBe(404);
    expect((await new Visitor(t.app).get(url)).statusCode).toBe(403);
  });
});
