import { describe, expect, it } from 'vitest';
import {
  CLIENT_ID_RE,
  dayKey,
  daysBefore,
  fromSocket,
  groupByDay,
  type LocalMessage,
  lastStoredId,
  mergeMessages,
  newClientId,
  relativeDay,
  systemNoteText,
  unreadBadgeText,
  upsertLocal,
} from './logic.ts';
import { chatList, totalUnread, withoutChat, zeroUnread } from './queries.ts';

const msg = (over: Partial<LocalMessage>): LocalMessage => ({
  id: 1,
  conversation_id: 'c1',
  sender_id: 'me',
  client_id: 'client-1',
  kind: 'text',
  body: 'hi',
  gift: null,
  photo: null,
  cost: 0,
  created_at: new Date(2026, 0, 10, 12, 0).toISOString(),
  mine: true,
  warning: null,
  ...over,
});

describe('client ids', () => {
  it('are UUIDs without dashes, valid for the server', () => {
    const id = newClientId();
    expect(id).toMatch(CLIENT_ID_RE);
    expect(id).not.toContain('-');
    expect(id).toHaveLength(32);
    expect(newClientId()).not.toBe(id);
    expect(newClientId(() => 'ab-cd-ef-12-34')).toBe('abcdef1234');
  });
});

describe('merging optimistic and server messages', () => {
  it('replaces the optimistic message with the server one by sender and client id', () => {
    const pending = msg({ id: -1, client_id: 'abc12345', status: 'sending' });
    const stored = msg({ id: 42, client_id: 'abc12345' });
    const merged = mergeMessages([pending], [stored]);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.id).toBe(42);
    expect(merged[0]!.status).toBeUndefined();
  });

  it('keeps a partner message with the same client id apart from mine', () => {
    const mine = msg({ id: 5, client_id: 'same0000' });
    const theirs = msg({ id: 6, client_id: 'same0000', sender_id: 'her', mine: false });
    expect(mergeMessages([mine], [theirs])).toHaveLength(2);
  });

  it('orders stored messages by id and puts pending ones last, oldest first', () => {
    const a = msg({ id: 3, client_id: 'aaaaaaaa' });
    const b = msg({ id: 1, client_id: 'bbbbbbbb' });
    const p1 = msg({ id: -1, client_id: 'pppppppp1', status: 'sending' });
    const p2 = msg({ id: -2, client_id: 'pppppppp2', status: 'failed' });
    const merged = mergeMessages([p2, a, p1], [b, a]);
    expect(merged.map((m) => m.id)).toEqual([1, 3, -1, -2]);
  });

  it('a retry updates the failed message in place, and never overrides a stored copy', () => {
    const failed = msg({ id: -1, client_id: 'retry000', status: 'failed', error: 'x' });
    const retry = upsertLocal([failed], { ...failed, status: 'sending', error: undefined });
    expect(retry).toHaveLength(1);
    expect(retry[0]!.status).toBe('sending');
    const stored = msg({ id: 9, client_id: 'retry000' });
    expect(upsertLocal([stored], { ...failed })[0]!.id).toBe(9);
  });

  it('knows the last stored id for catching up and who sent a socket message', () => {
    expect(
      lastStoredId([msg({ id: 4 }), msg({ id: -1, client_id: 'x' }), msg({ id: 7, client_id: 'y' })]),
    ).toBe(7);
    expect(lastStoredId(undefined)).toBe(0);
    const { mine: _m, ...shared } = msg({ sender_id: 'her' });
    expect(fromSocket(shared, 'me').mine).toBe(false);
    expect(fromSocket({ ...shared, sender_id: 'me' }, 'me').mine).toBe(true);
  });
});

describe('day groups', () => {
  it('groups consecutive messages by local day', () => {
    const day1a = msg({ id: 1, client_id: 'a', created_at: new Date(2026, 0, 10, 0, 5).toISOString() });
    const day1b = msg({ id: 2, client_id: 'b', created_at: new Date(2026, 0, 10, 23, 55).toISOString() });
    const day2 = msg({ id: 3, client_id: 'c', created_at: new Date(2026, 0, 11, 8, 0).toISOString() });
    const groups = groupByDay([day1a, day1b, day2]);
    expect(groups.map((g) => [g.day, g.messages.length])).toEqual([
      ['2026-01-10', 2],
      ['2026-01-11', 1],
    ]);
    expect(groupByDay([])).toEqual([]);
  });

  it('names today and yesterday', () => {
    const now = new Date(2026, 2, 1, 10, 0);
    expect(relativeDay(dayKey(now.toISOString()), now)).toBe('today');
    expect(relativeDay('2026-02-28', now)).toBe('yesterday');
    expect(relativeDay('2026-02-27', now)).toBeNull();
  });
});

describe('unread badge', () => {
  it('hides at 0 and caps at 99+', () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(undefined)).toBeNull();
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
  });

  it('opening a conversation sets its unread count to 0; removing it drops it from the total', () => {
    const entry = (id: string, unread: number) => ({
      conversation: { id },
      profile: {} as never,
      num_unread_messages: unread,
      last_message: null,
      partner_confirmed: true,
    });
    // Two pages; the totals (of every conversation) come with each.
    const page = (chats: ReturnType<typeof entry>[], next: string | null) => ({
      chats,
      total_unread_messages: 12,
      total_messages: 30,
      next_cursor: next,
    });
    const data = {
      pages: [page([entry('a', 2), entry('b', 3)], 'p2'), page([entry('c', 7)], null)],
      pageParams: [null, 'p2'],
    };
    const read = zeroUnread(data, 'c')!;
    expect(totalUnread(read)).toBe(5);
    expect(chatList(read).map((c) => c.num_unread_messages)).toEqual([2, 3, 0]);
    const removed = withoutChat(data, 'b')!;
    expect(chatList(removed).map((c) => c.conversation.id)).toEqual(['a', 'c']);
    expect(totalUnread(removed)).toBe(9);
    expect(zeroUnread(data, 'nowhere')).toBe(data);
  });

  it('shows a conversation once, even when a new message moved it to a newer page while paging', () => {
    const entry = (id: string) => ({
      conversation: { id },
      profile: {} as never,
      num_unread_messages: 0,
      last_message: null,
      partner_confirmed: true,
    });
    const page = (ids: string[]) => ({
      chats: ids.map(entry),
      total_unread_messages: 0,
      total_messages: 0,
      next_cursor: null,
    });
    const data = { pages: [page(['x', 'a']), page(['x', 'b'])], pageParams: [null, 'p2'] };
    expect(chatList(data).map((c) => c.conversation.id)).toEqual(['x', 'a', 'b']);
  });
});

describe('system messages', () => {
  const t = (key: string, opts?: Record<string, unknown>) => `${key}|${opts?.name}`;
  it('say their code in the viewer language, with the partner name', () => {
    expect(systemNoteText({ body: 'match' }, 'Anna', t)).toBe('chat.system.match|Anna');
  });
  it('say nothing for a code this app does not know, rather than show the code', () => {
    expect(systemNoteText({ body: 'something-new' }, 'Anna', t)).toBe('');
  });
});

describe('days in a time zone (the server writing a member’s chat in their own zone)', () => {
  it('names the calendar day there, not the runtime’s', () => {
    // 23:30 UTC on 1 March is already 2 March in Auckland and still 1 March in Los Angeles.
    expect(dayKey('2026-03-01T23:30:00Z', 'Pacific/Auckland')).toBe('2026-03-02');
    expect(dayKey('2026-03-01T23:30:00Z', 'America/Los_Angeles')).toBe('2026-03-01');
    expect(
      groupByDay(
        [{ created_at: '2026-03-01T10:00:00Z' }, { created_at: '2026-03-01T23:30:00Z' }],
        'Pacific/Auckland',
      ).map((g) => g.day),
    ).toEqual(['2026-03-01', '2026-03-02']);
  });

  it('knows yesterday across a clock change (a 25-hour day)', () => {
    // Europe/Berlin leaves summer time on 25 October 2026: that day has 25 hours.
    const now = new Date('2026-10-25T22:30:00Z'); // 23:30 in Berlin, 25 October
    expect(relativeDay('2026-10-25', now, 'Europe/Berlin')).toBe('today');
    expect(relativeDay('2026-10-24', now, 'Europe/Berlin')).toBe('yesterday');
    expect(relativeDay('2026-10-23', now, 'Europe/Berlin')).toBeNull();
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
  });
});
