import type { FastifyInstance } from 'fastify';
import { isUuid } from '../../platform/ids.ts';
import { MollieProvider } from './mollie.provider.ts';
import { findById } from './orders.repo.ts';
import { CONFIRM_QUEUE, confirmOrder, usePublicUrl } from './orders.service.ts';
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

/**
 * Answers a request to our own server in-process (the sandbox provider and its webhooks). The
 * request's signal is honoured as fetch honours it: the adapter's timeout applies here too.
 */
function injectFetch(app: FastifyInstance) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    const answer = app.inject({
      method: req.method as 'GET',
      url: url.pathname + url.search,
      headers: { ...Object.fromEntries(req.headers), host: url.host },
      ...(body ? { payload: body } : {}),
    });
    const signal = req.signal;
    signal.throwIfAborted();
    const res = await new Promise<Awaited<typeof answer>>((resolve, reject) => {
      const abort = () => reject(signal.reason);
      signal.addEventListener('abort', abort, { once: true });
      answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
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
      payerOf: async (metadata) => {
        const orderId = metadata?.order_id;
        return typeof orderId === 'string' && isUuid(orderId)
          ? (await findById(app.db, orderId))?.user_id
          : undefined;
      },
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
  usePublicUrl(app.config.publicUrl);
  if (provider) {
    // Orders a webhook never settled: asked about every 10 minutes (reconcile.job.ts).
    app.jobs.define('payments.reconcile', async (_p, ctx) => {
      const changes = await reconcileOrders(app.db, app.payments ?? provider, {
        onError: (order, err) => ctx.log.error({ err, order: order.id }, 'reconcile: order not settled'),
      });
      for (const change of changes) announce(app, change);
    });
    app.jobs.schedule('payments.reconcile', '*/10 * * * *');
    // The payment of an order whose create went unanswered, looked for within minutes (with backoff).
    app.jobs.define(
      CONFIRM_QUEUE,
      async (p) => announce(app, await confirmOrder(app.db, app.payments ?? provider, p.orderId)),
      { maxAttempts: 8, backoffS: 30 },
    );
  }
  await app.register(paymentsRoutes);
  await app.register(paymentsAdminRoutes, { provider });
}
