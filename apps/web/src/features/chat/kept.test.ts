import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../test/helpers.ts';
import { forgetAllKept, type KeptMessage, keptBack, readKept, updateKept, writeKept } from './kept.ts';

/** The browser's Storage, as a map. */
const text = (client_id: string, body = 'Hello'): KeptMessage => ({
  client_id,
  kind: 'text',
  body,
  gift: null,
  created_at: '2026-11-21T12:00:00.000Z',
});

describe('what a member wrote, kept in the browser', () => {
  it('keeps the draft and unsent messages per member and partner, and drops an empty entry', () => {
    const s = memoryStorage();
    writeKept(s, 'me', 'anna', { draft: 'Hi Ann', unsent: [text('clientid1')] });
    writeKept(s, 'me', 'bob', { draft: 'Yo', unsent: [] });
    expect(readKept(s, 'me', 'anna')).toEqual({ draft: 'Hi Ann', unsent: [text('clientid1')] });
    expect(readKept(s, 'other', 'anna')).toEqual({ draft: '', unsent: [] });
    updateKept(s, 'me', 'bob', (k) => ({ ...k, draft: '' }));
    expect(s.map.size).toBe(1);
  });

  it('gives back only well-formed messages of its own making', () => {
    const s = memoryStorage();
    s.setItem(
      'amora.chat.me.anna',
      JSON.stringify({
        draft: 'ok',
        unsent: [
          text('clientid1'),
          text('bad id with spaces'),
          text('clientid2', '   '),
          { ...text('clientid3'), kind: 'gift', gift: 'diamond' },
          { ...text('clientid4'), kind: 'gift', gift: 'rose' },
          null,
        ],
      }),
    );
    expect(readKept(s, 'me', 'anna').unsent.map((m) => m.client_id)).toEqual(['clientid1', 'clientid4']);
    s.setItem('amora.chat.me.bob', '{not json');
    expect(readKept(s, 'me', 'bob')).toEqual({ draft: '', unsent: [] });
  });

  it('forgets everything of the chat at logout, and nothing else', () => {
    const s = memoryStorage();
    writeKept(s, 'me', 'anna', { draft: 'x', unsent: [] });
    writeKept(s, 'me', 'bob', { draft: 'y', unsent: [] });
    s.setItem('amora.dismissed.push', '1');
    forgetAllKept(s);
    expect([...s.map.keys()]).toEqual(['amora.dismissed.push']);
  });

  it('a full or missing storage never breaks the page', () => {
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeKept(full, 'me', 'anna', { draft: 'x', unsent: [] })).not.toThrow();
    expect(readKept(undefined, 'me', 'anna')).toEqual({ draft: '', unsent: [] });
  });

  it('brings kept messages back as not sent, unless the conversation already holds them', () => {
    let n = 0;
    const { back, delivered } = keptBack(
      [text('clientid1', 'first'), { ...text('clientid2'), kind: 'gift', gift: 'rose' }, text('clientid3')],
      new Set(['clientid3']),
      { userId: 'me', conversationId: 'c1', nextId: () => -++n },
    );
    expect(delivered).toEqual(['clientid3']);
    expect(back).toMatchObject([
      { id: -1, client_id: 'clientid1', kind: 'text', body: 'first', status: 'failed', mine: true },
      { id: -2, client_id: 'clientid2', kind: 'gift', gift: 'rose', body: '', status: 'failed' },
    ]);
  });
});
