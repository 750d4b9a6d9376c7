import { endpoints } from '@amora/contracts/endpoints';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  api,
  call,
  endpointPath,
  onAuthenticationRequired,
  RETRIES,
  retryDelay,
} from './client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

function stubFetch(responses: (() => Response | Promise<Response>)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = responses[Math.min(calls.length - 1, responses.length - 1)]!;
    return next();
  });
  return calls;
}
const noSleep = { sleep: async () => {} };

describe('api client (spec §7)', () => {
  it('retries a GET up to 5 times on server errors, then succeeds', async () => {
    const calls = stubFetch(
      [...Array(5)].map(() => () => json(503, {})).concat([() => json(200, { ok: 1 })]),
    );
    expect(await api('/api/x', noSleep)).toEqual({ ok: 1 });
    expect(calls).toHaveLength(6);
  });

  it('gives up after 5 retries with the server error', async () => {
    const calls = stubFetch([() => json(500, { error: { code: 'generic', message: 'Boom', status: 500 } })]);
    await expect(api('/api/x', noSleep)).rejects.toMatchObject({
      status: 500,
      code: 'generic',
      message: 'Boom',
    });
    expect(calls).toHaveLength(1 + RETRIES);
  });

  it('retries network failures but never a client error', async () => {
    let n = 0;
    vi.stubGlobal('fetch', async () => {
      n++;
      if (n < 3) throw new TypeError('Failed to fetch');
      return json(200, {});
    });
    await api('/api/x', noSleep);
    expect(n).toBe(3);

    const c400 = stubFetch([() => json(400, { error: { code: 'validation', message: 'x', status: 400 } })]);
    await expect(api('/api/x', noSleep)).rejects.toBeInstanceOf(ApiError);
    expect(c400).toHaveLength(1);

    // A POST retries too now: under its idempotency key (below).
    const post = stubFetch([() => json(400, { error: { code: 'validation', message: 'x', status: 400 } })]);
    await expect(api('/api/x', { ...noSleep, method: 'POST', body: { a: 1 } })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(post).toHaveLength(1);
  });

  it('waits exponentially longer between retries', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4].map((a) => retryDelay(a, mid))).toEqual([300, 600, 1200, 2400, 4800]);
    expect(retryDelay(10, mid)).toBe(8000);
  });

  it('logs the member out on 403 authentication_required from other calls than user.php, and swallows it (spec §8)', async () => {
    const seen: string[] = [];
    let member = true;
    const off = onAuthenticationRequired(() => {
      seen.push('logged out');
      return member;
    });
    const body = {
      error: { code: 'authentication_required', message: 'x', status: 403 },
      authentication_required: true,
    };
    stubFetch([() => json(403, body)]);
    // The calling code never hears of it: the promise neither resolves nor rejects.
    const outcome = await Promise.race([
      api('/api/chats.php', noSleep).then(
        () => 'resolved',
        () => 'rejected',
      ),
      new Promise((r) => setTimeout(() => r('still waiting'), 0)),
    ]);
    expect(outcome).toBe('still waiting');
    expect(seen).toEqual(['logged out']);
    // user.php itself is how the app learns who is logged in: its error goes to the caller.
    await expect(api('/api/user.php', noSleep)).rejects.toMatchObject({ status: 403 });
    expect(seen).toHaveLength(1);
    // A visitor has no session to end: the page that asked shows its way to log in.
    member = false;
    await expect(api('/api/search', noSleep)).rejects.toMatchObject({ authenticationRequired: true });
    off();
  });

  it('sends every mutating call with an idempotency key, the same on each retry, and retries it (spec §7)', async () => {
    const calls = stubFetch([() => json(503, {}), () => json(503, {}), () => json(201, { id: 'c1' })]);
    expect(await api('/api/complaints', { ...noSleep, method: 'POST', body: { a: 1 } })).toEqual({
      id: 'c1',
    });
    expect(calls).toHaveLength(3);
    const keys = calls.map((c) => (c.init.headers as Record<string, string>)['idempotency-key']);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(new Set(keys).size).toBe(1);
    // The next action gets a key of its own; a caller may name one; reads carry none.
    const next = stubFetch([() => new Response(null, { status: 204 })]);
    await api('/api/x', { method: 'DELETE' });
    const nextKey = (next[0]!.init.headers as Record<string, string>)['idempotency-key'];
    expect(nextKey).toBeDefined();
    expect(nextKey).not.toBe(keys[0]);
    const named = stubFetch([() => json(200, {})]);
    await api('/api/x', { method: 'PUT', idempotencyKey: 'my-own-key-1234567890' });
    expect((named[0]!.init.headers as Record<string, string>)['idempotency-key']).toBe(
      'my-own-key-1234567890',
    );
    const read = stubFetch([() => json(200, {})]);
    await api('/api/x');
    expect((read[0]!.init.headers as Record<string, string>)['idempotency-key']).toBeUndefined();
  });

  it("never retries a mutating call's 429: it is an answer (a limit, a cool-down)", async () => {
    const limit = { error: { code: 'sms_wait', message: 'Wait 60 s', status: 429 } };
    const calls = stubFetch([() => json(429, limit)]);
    await expect(
      api('/api/direct-debit/code', { ...noSleep, method: 'POST', body: {} }),
    ).rejects.toMatchObject({
      code: 'sms_wait',
    });
    expect(calls).toHaveLength(1);
  });

  it('waits for a first try still running, under the same key', async () => {
    const busy = { error: { code: 'idempotency_in_progress', message: 'x', status: 409 } };
    const calls = stubFetch([() => json(409, busy), () => json(201, { id: 'c1' })]);
    expect(await api('/api/complaints', { ...noSleep, method: 'POST', body: {} })).toEqual({ id: 'c1' });
    expect(calls).toHaveLength(2);
  });

  it('sends JSON bodies and query strings', async () => {
    const calls = stubFetch([() => json(200, {})]);
    await api('/api/x', { method: 'PUT', body: { language: 'de' }, query: { a: 'b c', skip: undefined } });
    expect(calls[0]!.url).toBe('/api/x?a=b+c');
    expect(calls[0]!.init.body).toBe('{"language":"de"}');
    expect((calls[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });
});

describe('call: an endpoint of the contract', () => {
  it("uses the endpoint's method and fills its path parameters, encoded", async () => {
    const calls = stubFetch([() => json(200, { liked: true, match: false })]);
    const res = await call(endpoints.likes.like, { params: { id: 'a/b c?' } });
    expect(res.liked).toBe(true);
    expect(calls[0]!.url).toBe('/api/likes/a%2Fb%20c%3F');
    expect(calls[0]!.init.method).toBe('POST');
    expect(endpointPath(endpoints.chat.media, { message: 7, variant: 'l' })).toBe('/api/chat/media/7/l');
  });

  it('sends the query and the body, and answers nothing for a 204', async () => {
    const calls = stubFetch([() => new Response(null, { status: 204 })]);
    expect(await call(endpoints.chat.hide, { query: { id: 'c1' } })).toBeUndefined();
    expect(calls[0]!.url).toBe('/api/chat.php?id=c1');
    expect(calls[0]!.init.method).toBe('DELETE');
    await call(endpoints.profiles.update, { body: { about: 'hi' } });
    expect(calls[1]!.init.body).toBe('{"about":"hi"}');
    expect(calls[1]!.init.method).toBe('PUT');
  });

  it('retries a GET as api() does, and refuses a missing path parameter before any request', async () => {
    const calls = stubFetch([() => json(503, {}), () => json(200, { members: [] })]);
    await call(endpoints.discover.matchFinder, noSleep);
    expect(calls).toHaveLength(2);
    await expect(call(endpoints.likes.like, { params: { id: '' } })).rejects.toThrow(
      /likes\.like: no value for :id/,
    );
    expect(calls).toHaveLength(2);
  });
});
