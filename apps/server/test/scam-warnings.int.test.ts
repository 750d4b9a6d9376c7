import type { ServerEvent } from '@amora/contracts/realtime';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTab } from './faults/tabs.ts';
import { listenLocally, sendText, useTestApp, type Visitor } from './helpers.ts';

/**
 * Scam warnings (issue 30 item 3): a message that asks for money or pushes off the site early shows
 * the recipient a warning under it and puts the conversation in the moderation queue; the sender is
 * never told, in the send's answer, their view of the conversation or their tabs.
 */
const t = useTestApp({ members: 6 });
let port: number;
beforeAll(async () => {
  port = await listenLocally(t.app);
});

const messagesOf = async (v: Visitor, conversationId: string) =>
  (await v.get(`/api/chat/${conversationId}/messages`)).json().messages as {
    body: string;
    warning: string | null;
  }[];

const automatedReports = (conversationId: string) =>
  t.db.query<{
    rule: string;
    reason: string;
    reporter_id: string | null;
    member_id: string;
    message_id: string;
  }>(
    'SELECT rule, reason, text, reporter_id, member_id, message_id::text FROM complaints WHERE conversation_id = $1',
    [conversationId],
  );

describe('scam warnings', () => {
  it('the recipient sees a warning under a first message with a phone number; the sender sees nothing and is not told', async () => {
    const a = await t.member();
    const b = await t.member();
    const [aTab, bTab] = await Promise.all([openTab(a.v.cookies, port), openTab(b.v.cookies, port)]);
    const text = 'Hi! I am rarely here, add me on WhatsApp +44 7700 900123';
    const sent = await sendText(a.v, b.id, text);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message.warning).toBeNull();
    const conversationId = sent.json().message.conversation_id as string;

    const isMessage = (e: ServerEvent) => e.type === 'message';
    const [toA, toB] = await Promise.all([aTab.next(isMessage), bTab.next(isMessage)]);
    expect(toB).toMatchObject({ type: 'message', message: { body: text, warning: 'off_site' } });
    expect(toA).toMatchObject({ type: 'message', message: { body: text, warning: null } });

    expect(await messagesOf(b.v, conversationId)).toMatchObject([{ body: text, warning: 'off_site' }]);
    expect(await messagesOf(a.v, conversationId)).toMatchObject([{ body: text, warning: null }]);
    expect((await b.v.get('/api/chats.php')).json().chats[0].last_message.warning).toBe('off_site');
    expect((await a.v.get('/api/chats.php')).json().chats[0].last_message.warning).toBeNull();

    // The conversation waits in the moderation queue once, as an automated report about the sender.
    const [report] = await automatedReports(conversationId);
    expect(report).toMatchObject({
      rule: 'phone_number',
      reason: 'scam',
      reporter_id: null,
      member_id: a.id,
    });
    await sendText(a.v, b.id, 'Can you send me 300€ for the flight ticket? I will pay you back');
    const reports = await automatedReports(conversationId);
    expect(reports).toHaveLength(1);
    const after = await messagesOf(b.v, conversationId);
    expect(after.map((m) => m.warning)).toEqual(['off_site', 'money']);
    aTab.ws.close();
    bTab.ws.close();
  });

  it('ordinary chat, and contact details swapped after a long talk, carry no warning', async () => {
    const a = await t.member();
    const b = await t.member();
    const first = await sendText(a.v, b.id, 'I work at a bank, boring job haha. Dinner was 60€ and worth it');
    const conversationId = first.json().message.conversation_id as string;
    for (let i = 0; i < 3; i++) await sendText(a.v, b.id, `How was your day? (${i})`);
    await sendText(a.v, b.id, 'Here is my number: 0612345678, call me tonight!');
    const seen = await messagesOf(b.v, conversationId);
    expect(seen).toHaveLength(5);
    expect(seen.every((m) => m.warning === null)).toBe(true);
    expect(await automatedReports(conversationId)).toEqual([]);
  });

  // (Links to the site's own domain are no warning: scam.test.ts, as the test site is 'localhost'.)
  it('a link to another site carries a warning, whenever it comes', async () => {
    const a = await t.member();
    const b = await t.member();
    const own = await sendText(a.v, b.id, 'Have you read the rules page? Quite strict, good');
    const conversationId = own.json().message.conversation_id as string;
    await sendText(a.v, b.id, 'more pics of me at hotpics4u.com');
    expect((await messagesOf(b.v, conversationId)).map((m) => m.warning)).toEqual([null, 'link']);
  });
});
