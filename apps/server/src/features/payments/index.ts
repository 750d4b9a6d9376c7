import type { FastifyInstance } from 'fastify';
import { MollieProvider } from './mollie.provider.ts';
import { announce, paymentsRoutes } from './payments.routes.ts';
import { paymentsAdminRoutes } from './payments-admin.routes.ts';
import type { PaymentProvider } from './provider.ts';
import { reconcileOrders } from './reconcile.job.ts';
import { SANDBOX_API, sandboxKey, sandboxRoutes } from './sandbox/sandbox.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider, absent when payments are off (PAYMENT_PROVIDER=off, or production without one). */
    payments?: PaymentProvider;
    /** The sandbox provider's API key (tests drive its controls with it). */
    sandboxKey?: string;
  }
}

/** Answers a request to our own server in-process (the sandbox provider and its webhooks). */
function injectFetch(app: FastifyInstance) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: req.method as 'GET',
      url: url.pathname + url.search,
      headers: { ...Object.fromEntries(req.headers), host: url.host },
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, String(v));
    return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}

/**
 * Payments: the provider chosen by PAYMENT_PROVIDER (the built-in sandbox by default: it speaks
 * Mollie's API on this server and is reached through the same Mollie SDK adapter, in-process),
 * and the credits-purchase routes.
 */
export async function registerPayments(app: FastifyInstance): Promise<void> {
  const cfg = app.config.payments;
  const publicHost = new URL(app.config.publicUrl).host;
  let provider: PaymentProvider | undefined;
  if (cfg.provider === 'mollie') {
    provider = new MollieProvider({
      name: 'mollie',
      apiKey: cfg.mollieApiKey!,
      serverURL: cfg.mollieBaseUrl,
    });
  } else if (cfg.provider === 'sandbox') {
    const key = sandboxKey(app.secrets.csrf);
    const fetcher = injectFetch(app);
    await app.register(sandboxRoutes, {
      apiKey: key,
      settleAfterMs: cfg.sandboxSettleMs,
      deliver: async (url, id) => {
        const u = new URL(url);
        await fetcher(`http://${u.host}${u.pathname}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ id }).toString(),
        });
      },
    });
    provider = new MollieProvider({
      name: 'sandbox',
      apiKey: key,
      serverURL: `http://${publicHost}${SANDBOX_API.replace('/v2', '')}`,
      fetcher,
    });
    app.decorate('sandboxKey', key);
  }
  app.decorate('payments', provider);
  if (provider) {
    // Orders a webhook never settled: asked about every 10 minutes (reconcile.job.ts).
    app.jobs.define('payments.reconcile', async () => {
      for (const change of await reconcileOrders(app.db, provider)) announce(app, change);
    });
    app.jobs.schedule('payments.reconcile', '*/10 * * * *');
  }
  await app.register(paymentsRoutes, { provider });
  await app.register(paymentsAdminRoutes, { provider });
}
