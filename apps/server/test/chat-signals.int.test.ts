import type { ServerEvent } from '@amora/contracts/realtime';
import { beforeAll, describe, expect, it } from 'vitest';
import { typingRelay } from '../src/features/chat/chat-signals.service.ts';
import * as fictional from '../src/features/fictional/fictional.service.ts';
import type { Site } from '../src/platform/sites.ts';
import { openTab, type Tab } from './faults/tabs.ts';
import { listenLocally, sendText, useTestApp } from './helpers.ts';
import { consoleClient, fictionalProfileInput } from './operators.ts';

// Typing and read receipts (issue 30 item 2): typing passes over the sockets to the partner only,
// never stored, and only while both members show it; read marks are symmetric in the same way.
const t = useTestApp({ members: 6 });
let port: number;
let site: Site;
beforeAll(async () => {
  port = await listenLocally(t.app);
  site = await t.app.sites.forHost('localhost');
});

type Member = Awaited<ReturnType<typeof t.member>>;
const tab = (m: Member) => openTab(m.v.cookies, port);
const typing = (tab: Tab, conversationId: string) =>
  tab.ws.send(JSON.stringify({ type: 'typing', conversation_id: conversationId }));
const isTyping = (conversationId: string) => (e: ServerEvent) =>
  e.type === 'typing' && e.conversation_id === conversationId;
const isMessage = (body: string) => (e: ServerEvent) => e.type === 'message' && e.message.body === body;
const typings = (tab: Tab) => tab.events.filter((e) => e.type === 'typing');
const reads = (tab: Tab) => tab.events.filter((e) => e.type === 'read');

/** A conversation of a and b (a wrote first): its id and the message's id. */
async function pair(a: Member, b: Member, body = 'Hello there') {
  const res = await sendText(a.v, b.id, body);
  expect(res.statusCode).toBe(200);
  return {
    conversation: res.json().message.conversation_id as string,
    first: res.json().message.id as number,
  };
}

/**
 * The sender's frames are handled in order: once a typing frame for a witness conversation has
 * reached the witness, whatever the sender's socket sent before it has been decided.
 */
async function settled(senderTab: Tab, witness: { tab: Tab; conversation: string }) {
  const before = typings(witness.tab).length;
  typing(senderTab, witness.conversation);
  await witness.tab.next((e) => isTyping(witness.conversation)(e) && typings(witness.tab).length > before);
}

const privacy = (m: Member, body: Record<string, boolean>) => m.v.put('/api/chat/privacy', body);

describe('typing', () => {
  it("reaches the partner's tabs only (not the typist's, not a third member's), is throttled and never stored", async () => {
    const [a, b, c, d] = [await t.member(), await t.member(), await t.member(), await t.member()];
    const ab = await pair(a, b);
    const ad = await pair(a, d);
    const [aTab, bTab, cTab, dTab] = await Promise.all([tab(a), tab(b), tab(c), tab(d)]);
    const [before] = await t.db.query<{ n: number; at: string }>(
      `SELECT (SELECT count(*)::int FROM messages WHERE conversation_id = $1) AS n,
              (SELECT last_message_at::text FROM conversations WHERE id = $1) AS at`,
      [ab.conversation],
    );
    typing(aTab, ab.conversation);
    typing(aTab, ab.conversation); // within the throttle: dropped
    expect(await bTab.next(isTyping(ab.conversation))).toEqual({
      type: 'typing',
      conversation_id: ab.conversation,
      user_id: a.id,
    });
    // c is no member of the conversation: its typing there goes nowhere.
    typing(cTab, ab.conversation);
    await settled(aTab, { tab: dTab, conversation: ad.conversation });
    await sendText(a.v, b.id, 'marker one');
    await bTab.next(isMessage('marker one'));
    expect(typings(bTab)).toHaveLength(1);
    expect(typings(aTab)).toHaveLength(0);
    expect(cTab.events).toHaveLength(0);
    const [after] = await t.db.query<{ n: number; at: string }>(
      `SELECT (SELECT count(*)::int FROM messages WHERE conversation_id = $1) AS n,
              (SELECT last_message_at::text FROM conversations WHERE id = $1) AS at`,
      [ab.conversation],
    );
    expect(after).toEqual({ n: before!.n + 1, at: after!.at }); // only the marker was stored
    for (const x of [aTab, bTab, cTab, dTab]) x.ws.close();
  });

  it('is dropped both ways when either member switched typing off, and flows again when switched on', async () => {
    const [a, b, w] = [await t.member(), await t.member(), await t.member()];
    const ab = await pair(a, b);
    const aw = await pair(a, w);
    const bw = await pair(b, w);
    expect((await b.v.get('/api/chat/privacy')).json()).toEqual({ typing: true, read_receipts: true });
    const off = await privacy(b, { typing: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ typing: false, read_receipts: true });
    const [aTab, bTab, wTab] = await Promise.all([tab(a), tab(b), tab(w)]);
    typing(aTab, ab.conversation); // to b, who hides theirs: b sees nobody's
    await settled(aTab, { tab: wTab, conversation: aw.conversation });
    // From b, who hides theirs: the relay behind b's socket (awaited here) sends nothing, to anyone.
    const relay = typingRelay(t.app);
    expect(await relay(b.id, ab.conversation)).toBe(false);
    expect(await relay(b.id, bw.conversation)).toBe(false);
    await sendText(a.v, b.id, 'marker two');
    await Promise.all([aTab.next(isMessage('marker two')), bTab.next(isMessage('marker two'))]);
    expect(typings(aTab)).toHaveLength(0);
    expect(typings(bTab)).toHaveLength(0);
    expect(typings(wTab)).toHaveLength(1); // a's witness frame only
    // A bad change is refused and changes nothing.
    expect((await privacy(b, { typing: 'yes' } as never)).statusCode).toBe(400);
    expect((await privacy(b, { shout: true })).statusCode).toBe(400);
    expect((await b.v.get('/api/chat/privacy')).json()).toEqual({ typing: false, read_receipts: true });
    expect((await privacy(b, { typing: true })).json()).toEqual({ typing: true, read_receipts: true });
    // (A new conversation: the throttle still holds b's and a's last frames in this one.)
    const x = await t.member();
    const bx = await pair(x, b);
    const xTab = await tab(x);
    typing(bTab, bx.conversation);
    expect(await xTab.next(isTyping(bx.conversation))).toMatchObject({ user_id: b.id });
    for (const s of [aTab, bTab, wTab, xTab]) s.ws.close();
  });
});

describe('read receipts', () => {
  it('the partner reading moves the mark live; hidden both ways when either member switched them off', async () => {
    const [a, b] = [await t.member(), await t.member()];
    const { conversation, first } = await pair(a, b);
    const mark = (m: Member) => m.v.get(`/api/chat/${conversation}/read-mark`);
    expect((await mark(a)).json()).toEqual({ read_id: null }); // b has read nothing yet
    const [aTab, bTab] = await Promise.all([tab(a), tab(b)]);
    expect((await b.v.post(`/api/chat/${conversation}/read`)).statusCode).toBe(204);
    expect(await aTab.next((e) => e.type === 'read')).toEqual({
      type: 'read',
      conversation_id: conversation,
      read_id: first,
    });
    expect((await mark(a)).json()).toEqual({ read_id: first });
    // Nobody else reads a pair's mark.
    const c = await t.member();
    expect((await mark(c)).statusCode).toBe(404);
    expect((await c.v.get('/api/chat/not-an-id/read-mark')).statusCode).toBe(404);

    // a hides theirs: a sees nobody's, and nobody sees a's.
    expect((await privacy(a, { read_receipts: false })).json()).toEqual({
      typing: true,
      read_receipts: false,
    });
    expect((await mark(a)).json()).toEqual({ read_id: null });
    const reply = await sendText(b.v, a.id, 'a reply');
    await aTab.next(isMessage('a reply'));
    expect((await a.v.post(`/api/chat/${conversation}/read`)).statusCode).toBe(204);
    expect((await mark(b)).json()).toEqual({ read_id: null });
    expect((await b.v.post(`/api/chat/${conversation}/read`)).statusCode).toBe(204);
    await sendText(a.v, b.id, 'marker three');
    await Promise.all([aTab.next(isMessage('marker three')), bTab.next(isMessage('marker three'))]);
    expect(reads(bTab)).toHaveLength(0);
    expect(reads(aTab)).toHaveLength(1); // the one from before the switch

    // Back on: the marks are what each really read.
    await privacy(a, { read_receipts: true });
    expect((await mark(b)).json()).toEqual({ read_id: expect.any(Number) });
    expect((await mark(b)).json().read_id).toBeGreaterThanOrEqual(reply.json().message.id);
    aTab.ws.close();
    bTab.ws.close();
  });
});

describe('fictional profiles', () => {
  it("type only when an operator types in the console's reply box, and show no read mark", async () => {
    const actor = { id: '', name: '' };
    const { v: support, operator } = await consoleClient(t, [{ role: 'support', site: 'localhost' }]);
    Object.assign(actor, { id: operator.id, name: 'Olga' });
    const p = await fictional.createProfile(
      t.db,
      site,
      actor,
      fictionalProfileInput({ name: `Typist${Date.now().toString(36).slice(-5)}` }),
    );
    await t.db.query(
      `INSERT INTO photos (user_id, site_id, storage_key, status, is_main, position, width, height)
       VALUES ($1, $2, $3, 'active', true, 0, 960, 1200)`,
      [p.id, site.id, `demo/${p.id}-0`],
    );
    const m = await t.member();
    const { conversation } = await pair(m, { id: p.id } as Member);
    const mTab = await tab(m);
    expect((await support.post(`/api/admin/fictional/inbox/${conversation}/typing`)).statusCode).toBe(204);
    expect(await mTab.next(isTyping(conversation))).toMatchObject({ user_id: p.id });
    // A member cannot type for the fictional side, nor reach the console's route.
    expect((await m.v.post(`/api/admin/fictional/inbox/${conversation}/typing`)).statusCode).toBe(404);
    const answered = await support.post(`/api/admin/fictional/inbox/${conversation}`, {
      client_id: `typing-${Date.now()}`,
      body: 'Hi, nice to meet you',
    });
    expect(answered.statusCode).toBe(200);
    await mTab.next(isMessage('Hi, nice to meet you'));
    expect((await m.v.get(`/api/chat/${conversation}/read-mark`)).json()).toEqual({ read_id: null });
    mTab.ws.close();
  });
});
