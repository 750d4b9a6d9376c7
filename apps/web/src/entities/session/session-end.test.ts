import { describe, expect, it } from 'vitest';
import { onSessionEnd, sessionEnded, sessionEnding } from './session-end.ts';

describe("the end of this tab's session", () => {
  it('reaches every registered part in order, and no longer one that removed itself', () => {
    const seen: string[] = [];
    const remove = onSessionEnd({
      ending: (e) => seen.push(`chat ending ${e}`),
      ended: () => seen.push('chat ended'),
    });
    onSessionEnd({ ended: () => seen.push('other ended') });
    sessionEnding();
    sessionEnding(false);
    sessionEnded();
    remove();
    sessionEnded();
    expect(seen).toEqual([
      'chat ending true',
      'chat ending false',
      'chat ended',
      'other ended',
      'other ended',
    ]);
  });
});
