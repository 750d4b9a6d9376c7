import { SOCKET_CLOSE } from '@amora/contracts/realtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LiveEvent, listenLive, resyncDelay } from './socket.ts';

/** The browser's WebSocket as far as socket.ts uses it; the test plays the server. */
class FakeSocket {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  /** The server accepts the socket and says hello. */
  accept() {
    this.readyState = 1;
    this.onopen?.();
    this.say({ type: 'hello' });
  }
  say(event: object) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

beforeAll(() => {
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('location', { protocol: 'http:', host: 'amora.test' });
});
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live connection', () => {
  it('catches up on a resync as on a reconnect (once for a burst, spread over 3 s), and reconnects when closed as too slow or cut', () => {
    expect(resyncDelay(() => 0.999)).toBeLessThan(3000);
    const events: LiveEvent[] = [];
    const stop = listenLive((e) => events.push(e));
    const first = FakeSocket.all[0]!;
    expect(first.url).toBe('ws://amora.test/api/ws');
    first.accept();
    expect(events).toEqual([{ type: 'connected' }]);

    first.say({ type: 'resync' });
    first.say({ type: 'resync' });
    vi.advanceTimersByTime(3000);
    expect(events).toEqual([{ type: 'connected' }, { type: 'connected' }]);

    // Closed for reading too slowly: reconnect with backoff, and the hello catches up.
    first.drop(SOCKET_CLOSE.fellBehind);
    vi.advanceTimersByTime(30_000);
    const second = FakeSocket.all[1]!;
    expect(second).toBeDefined();
    second.accept();
    expect(events).toHaveLength(3);
    // Cut without a close frame (it missed the server's pings): the same.
    second.drop(1006);
    vi.advanceTimersByTime(30_000);
    expect(FakeSocket.all).toHaveLength(3);
    // The end of the session: no reconnect.
    FakeSocket.all[2]!.accept();
    FakeSocket.all[2]!.drop(SOCKET_CLOSE.sessionEnded);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(3);
    expect(events.at(-1)).toEqual({ type: 'ended' });
    stop();
  });
});
