import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionEnded, sessionEnding } from '../../entities/session/session-end.ts';
import { memoryStorage } from '../../test/helpers.ts';
import { readKept, writeKept } from './kept.ts';
import { registerChatSessionEnd } from './session-end.ts';

afterEach(() => vi.unstubAllGlobals());

describe("chat's part in the end of the session", () => {
  it('leaves no draft behind in this browser once the session has ended, and keeps them until then', () => {
    const s = memoryStorage();
    vi.stubGlobal('window', { localStorage: s });
    const unregister = registerChatSessionEnd();
    writeKept(s, 'me', 'anna', { draft: 'An unsent draft', unsent: [] });
    sessionEnding();
    expect(readKept(s, 'me', 'anna').draft).toBe('An unsent draft');
    sessionEnded();
    expect(readKept(s, 'me', 'anna')).toEqual({ draft: '', unsent: [] });
    unregister();
  });
});
