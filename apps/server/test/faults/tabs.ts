/**
 * Browser tabs for the socket fault tests: a real ws client on GET /api/ws with a member's session
 * cookie, recording what the server sends and how the socket closed.
 */
import type { ServerEvent } from '@amora/contracts/realtime';
import WebSocket, { type ClientOptions } from 'ws';

export interface Tab {
  ws: WebSocket;
  /** Every event after the hello, in order. */
  events: ServerEvent[];
  /** The close code the client saw (1006 when the connection was cut without a close frame). */
  closed: Promise<number>;
  /** The first event (already received or to come) that `pred` accepts. */
  next(pred: (e: ServerEvent) => boolean): Promise<ServerEvent>;
}

/**
 * Opens a socket as a tab of the member whose cookies are given; resolves after the hello. On an
 * instance's port by default; `via.tls` through the test's HTTPS proxy (its host name `via.host`).
 */
export function openTab(
  cookies: Map<string, string>,
  port: number,
  options: ClientOptions = {},
  via: { tls?: boolean; host?: string } = {},
): Promise<Tab> {
  const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const host = via.host ?? `localhost:${port}`;
  const ws = new WebSocket(`${via.tls ? 'wss' : 'ws'}://127.0.0.1:${port}/api/ws`, {
    ...(via.tls ? { rejectUnauthorized: false } : {}),
    ...options,
    headers: { origin: `${via.tls ? 'https' : 'http'}://${host}`, host, cookie },
  });
  const events: ServerEvent[] = [];
  const waiters: { pred: (e: ServerEvent) => boolean; resolve: (e: ServerEvent) => void }[] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    ws.on('message', (data) => {
      const e = JSON.parse(String(data)) as ServerEvent;
      if (e.type === 'hello') {
        resolve({
          ws,
          events,
          closed,
          next: (pred) => {
            const seen = events.find(pred);
            if (seen) return Promise.resolve(seen);
            return new Promise((r) => waiters.push({ pred, resolve: r }));
          },
        });
        return;
      }
      events.push(e);
      for (const w of [...waiters]) {
        if (w.pred(e)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(e);
        }
      }
    });
    ws.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.on('error', reject);
  });
}
