/**
 * Typing and read receipts across instances (issue 30 item 2): two instances on one database share a
 * redis-server of this test's own; a member typing or reading on instance A reaches the partner's
 * socket on instance B through the same Redis fan-out as chat messages.
 */
import { type ServerEvent, TYPING_SEND_MS } from '@amora/contracts/realtime';
import { describe, expect, it } from 'vitest';
import { activeMember, sendText } from '../helpers.ts';
import { useTwoInstances } from './apps.ts';
import { openTab } from './tabs.ts';

const two = useTwoInstances();

describe('typing and read receipts over two instances', () => {
  it("a typing frame on instance A and a read on A reach the partner's socket on instance B", async () => {
    const a = await activeMember(two.A, two.smtp);
    const b = await activeMember(two.A, two.smtp);
    const sent = await sendText(a.v, b.id, 'hello across instances');
    const { conversation_id: conversation, id } = sent.json().message;
    const aTab = await openTab(a.v.cookies, two.A.port);
    const bTab = await openTab(b.v.cookies, two.B.port);
    // A typing member's page sends a frame every TYPING_SEND_MS while they type: typing is a
    // signal of the moment, never stored, so one lost on the way (a Redis publish timed out on a
    // busy machine) is followed by the next, as in the browser.
    const typing = () => aTab.ws.send(JSON.stringify({ type: 'typing', conversation_id: conversation }));
    typing();
    const typist = setInterval(typing, TYPING_SEND_MS);
    const seen = await bTab
      .next((e: ServerEvent) => e.type === 'typing')
      .finally(() => clearInterval(typist));
    expect(seen).toEqual({
      type: 'typing',
      conversation_id: conversation,
      user_id: a.id,
    });
    // b reads through instance A's API: a's tab on instance B moves its mark.
    const aOnB = await openTab(a.v.cookies, two.B.port);
    expect((await b.v.post(`/api/chat/${conversation}/read`)).statusCode).toBe(204);
    expect(await aOnB.next((e) => e.type === 'read')).toEqual({
      type: 'read',
      conversation_id: conversation,
      read_id: id,
    });
    for (const s of [aTab, bTab, aOnB]) s.ws.close();
  });
});
