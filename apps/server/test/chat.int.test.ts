import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessage } from '../src/features/chat/chat.service.ts';
import { book } from '../src/features/credits/ledger.ts';
import {
  activeMember as activeMemberOf,
  createTestApp,
  newSignup,
  type TestApp,
  Visitor,
} from './helpers.ts';
import { startSmtp } from './smtp.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let siteId: number;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ smtpUrl: smtp.url, members: 10 });
  siteId = (await t.db.query<{ id: number }>(`SELECT id FROM sites WHERE domain = 'localhost'`))[0]!.id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const member = () => activeMemberOf(t, smtp);
let n = 0;
const cid = () => `c${Date.now().toString(36)}${(n++).toString(36)}xyz`;
const send = (v: Visitor, to: string, body = 'Hello there!', client_id = cid()) =>
  v.post(`/api/members/${to}/messages`, { client_id, kind: 'text', body });
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
    expect((await send(c.v, d.id, 'I write first')).statusCode).toBe(200);
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

  it('a member away while 200 messages arrive catches up on all of them, in order, from the last one seen', async () => {
    const a = await member();
    const b = await member();
    await premium(a.id, 300);
    const first = (await send(a.v, b.id, 'm0')).json().message;
    // The other 199 through the service itself (the HTTP route allows 60 sends a minute per address).
    const site = await t.app.sites.forHost('localhost');
    for (let i = 1; i < 200; i++)
      await sendMessage(t.db, site, a.id, b.id, { client_id: cid(), body: `m${i}` });
    const got = (await b.v.get(`/api/chat/${first.conversation_id}/messages?after=0`)).json().messages;
    expect(got.map((m: { body: string }) => m.body)).toEqual(Array.from({ length: 200 }, (_, i) => `m${i}`));
    const rest = (await b.v.get(`/api/chat/${first.conversation_id}/messages?after=${got[149].id}`)).json()
      .messages;
    expect(rest.map((m: { body: string }) => m.body)).toEqual(
      Array.from({ length: 50 }, (_, i) => `m${150 + i}`),
    );
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
});
