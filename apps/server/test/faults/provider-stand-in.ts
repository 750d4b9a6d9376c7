import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { MollieProvider } from '../../src/features/payments/mollie.provider.ts';

/**
 * A stand-in of the payment provider's API on a real port: Mollie's API as the built-in sandbox
 * answers it (forwarded to the app in-process), reached over HTTP by the real adapter (Mollie's
 * SDK, fetch, its timeout). It can be slow: a request it holds is carried out at the sandbox (the
 * payment is made, a recurring one charged) but its answer never comes, so the caller gives up
 * first, as with a provider that answers after the app's timeout. `settled()` resolves once every
 * forwarded request was carried out (no sleeping: the test waits for the provider's side itself).
 */
export async function startProviderStandIn(app: FastifyInstance, host: string) {
  let hold: (method: string, path: string) => boolean = () => false;
  const forwarded: Promise<unknown>[] = [];
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers = { ...req.headers, host };
      delete headers['content-length'];
      const answer = app.inject({
        method: req.method as 'GET',
        url: req.url ?? '/',
        headers,
        ...(body.length ? { payload: body } : {}),
      });
      forwarded.push(answer.catch(() => {}));
      if (hold(req.method ?? 'GET', (req.url ?? '/').split('?')[0]!)) {
        held.push(res); // answered never: the caller's timeout ends the exchange
        return;
      }
      answer.then(
        (r) => {
          const out: Record<string, string> = {};
          for (const [k, v] of Object.entries(r.headers)) {
            if (v !== undefined && k !== 'content-length' && k !== 'transfer-encoding') out[k] = String(v);
          }
          res.writeHead(r.statusCode, out).end(r.rawPayload);
        },
        () => res.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    /** Holds the answers of the requests `pred` picks (method and path); none by default. */
    hold(pred: (method: string, path: string) => boolean) {
      hold = pred;
    },
    /** Holds the answers of payment creates only (the fault of issue 24 item 3). */
    holdCreates() {
      hold = (method, path) => method === 'POST' && path.endsWith('/v2/payments');
    },
    pass() {
      hold = () => false;
    },
    /** Every request forwarded so far was carried out at the sandbox. */
    settled: () => Promise.all(forwarded),
    /**
     * The adapter as the app builds it, talking to this stand-in with a short timeout and no
     * retries. The timeout ends only held requests: the ones passed on answer in milliseconds, far
     * inside it even on a loaded machine.
     */
    provider(timeoutMs = 2500) {
      return new MollieProvider({
        name: 'sandbox',
        apiKey: app.sandboxKey!,
        serverURL: `${url}/sandbox`,
        timeoutMs,
        retryForMs: 0,
      });
    },
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The adapter pointed at a port nobody listens on: a provider that is down (connection refused). */
export async function downProvider(apiKey: string): Promise<MollieProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return new MollieProvider({
    name: 'sandbox',
    apiKey,
    serverURL: `http://127.0.0.1:${port}/sandbox`,
    timeoutMs: 2500,
    retryForMs: 0,
  });
}
