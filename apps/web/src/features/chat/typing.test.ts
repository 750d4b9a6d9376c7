import { TYPING_EXPIRE_MS } from '@amora/contracts/realtime';
import { describe, expect, it } from 'vitest';
import type { LocalMessage } from '../../entities/chat/logic.ts';
import { lastReadOfMine } from './MessageList.tsx';
import { typingUntil } from './typing.ts';

const c = { conversationId: 'c1', partnerId: 'p', now: 1_000 };
const typing = (conversation_id = 'c1', user_id = 'p') => ({
  type: 'typing' as const,
  conversation_id,
  user_id,
});
const message = (sender_id: string, conversation_id = 'c1') =>
  ({ type: 'message', message: { conversation_id, sender_id } }) as Parameters<typeof typingUntil>[1];

describe('the partner typing', () => {
  it('shows for TYPING_EXPIRE_MS after their event, renewed by the next', () => {
    expect(typingUntil(null, typing(), c)).toBe(1_000 + TYPING_EXPIRE_MS);
    expect(typingUntil(5_000, typing(), { ...c, now: 4_000 })).toBe(4_000 + TYPING_EXPIRE_MS);
  });
  it('ends at once when their message arrives, not when mine does', () => {
    expect(typingUntil(7_000, message('p'), c)).toBeNull();
    expect(typingUntil(7_000, message('me'), c)).toBe(7_000);
  });
  it('ignores other conversations and anyone but the partner', () => {
    expect(typingUntil(null, typing('c2'), c)).toBeNull();
    expect(typingUntil(null, typing('c1', 'someone'), c)).toBeNull();
    expect(typingUntil(7_000, message('p', 'c2'), c)).toBe(7_000);
  });
});

describe('the read mark', () => {
  const m = (id: number, mine: boolean, extra: Partial<LocalMessage> = {}) =>
    ({ id, mine, kind: 'text', ...extra }) as LocalMessage;
  it('sits under my last message the partner has read', () => {
    const list = [m(1, true), m(2, false), m(3, true), m(4, true)];
    expect(lastReadOfMine(list, 3)).toBe(3);
    expect(lastReadOfMine(list, 2)).toBe(1);
    expect(lastReadOfMine(list, 9)).toBe(4);
    expect(lastReadOfMine(list, null)).toBeNull();
    expect(lastReadOfMine([m(1, false)], 5)).toBeNull();
    expect(lastReadOfMine([m(1, true), m(2, true, { kind: 'system' })], 5)).toBe(1);
  });
});
