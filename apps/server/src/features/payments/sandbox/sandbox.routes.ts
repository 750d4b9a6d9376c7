import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeEqual } from '../../../platform/tokens.ts';
import { fromValue, toValue } from '../provider.ts';
import { checkoutPage, OUTCOMES, type Outcome } from './checkout-page.ts';
import {
  addReversal,
  findPayment,
  insertPayment,
  queueWebhook,
  type SandboxPayment,
  setHold,
  setStatus,
  takeHeldWebhooks,
} from './sandbox.repo.ts';

export const SANDBOX_API = '/sandbox/v2';
const HAL = 'application/hal+json';
const DOCS = { href: 'https://docs.mollie.com/reference/handling-errors', type: 'text/html' };

export interface SandboxOptions {
  /** The API key the sandbox accepts (Bearer), made by the server for itself. */
  apiKey: string;
  /** Posts a webhook (form field `id` only, as the provider does) to our own server. */
  deliver: (url: string, paymentId: string) => Promise<void>;
  /** How long 'pending, then paid' stays pending before the sandbox's bank says paid. */
  settleAfterMs?: number;
}

const base62 = (n: number) =>
  Array.from(
    crypto.randomBytes(n),
    (b) => '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'[b % 62],
  ).join('');

/** A payment in the provider's JSON shape (what Mollie's API answers; the SDK validates it). */
function paymentJson(p: SandboxPayment, origin: string) {
  const self = `${origin}${SANDBOX_API}/payments/${p.id}`;
  const checkoutOrigin = p.redirect_url ? new URL(p.redirect_url).origin : origin;
  return {
    resource: 'payment',
    id: p.id,
    mode: 'test',
    description: p.description,
    amount: { currency: p.currency, value: toValue(p.amount) },
    ...(p.refunded ? { amountRefunded: { currency: p.currency, value: toValue(p.refunded) } } : {}),
    ...(p.charged_back
      ? { amountChargedBack: { currency: p.currency, value: toValue(p.charged_back) } }
      : {}),
    redirectUrl: p.redirect_url,
    webhookUrl: p.webhook_url,
    metadata: p.metadata,
    locale: p.locale,
    method: p.method,
    sequenceType: 'oneoff',
    profileId: 'pfl_sandbox',
    status: p.status,
    createdAt: new Date(p.created_at).toISOString(),
    ...(p.paid_at ? { paidAt: new Date(p.paid_at).toISOString() } : {}),
    _links: {
      self: { href: self, type: HAL },
      ...(p.status === 'open'
        ? { checkout: { href: `${checkoutOrigin}/sandbox/checkout/${p.id}`, type: 'text/html' } }
        : {}),
      dashboard: { href: `${checkoutOrigin}/sandbox/checkout/${p.id}`, type: 'text/html' },
    },
  };
}

function fail(reply: FastifyReply, status: number, title: string, detail: string) {
  return reply
    .status(status)
    .type(HAL)
    .send({ status, title, detail, _links: { documentation: DOCS } });
}

const amountSchema = z.object({
  currency: z.string().length(3),
  value: z.string().regex(/^\d{1,7}\.\d{2}$/),
});
const createSchema = z.object({
  description: z.string().min(1).max(255),
  amount: amountSchema,
  redirectUrl: z.url().optional(),
  cancelUrl: z.url().optional(),
  webhookUrl: z.url().optional(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  locale: z.string().max(10).optional(),
  method: z
    .union([z.string(), z.array(z.string())])
    .nullable()
    .optional(),
});
const idParams = z.object({ id: z.string().max(64) });
const config = { access: 'public' as const };
const hide = { hide: true };

/**
 * The built-in sandbox payment provider: Mollie's payments API (create, get, refund) on our own
 * server, a hosted checkout page where the payer picks the outcome, webhooks posted back as the
 * provider posts them (the payment id only), and controls for tests (settle a pending payment,
 * chargeback, replay, hold and release webhooks). It is the provider's side: it authenticates
 * with its own key, and our order code reaches it only through the provider adapter.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<SandboxOptions> = async (app, opts) => {
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t);
  });
  // The provider's forms post urlencoded bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const authorized = (req: FastifyRequest) => {
    const h = req.headers.authorization ?? '';
    return h.startsWith('Bearer ') && safeEqual(h.slice(7), opts.apiKey);
  };
  const origin = (req: FastifyRequest) => `${req.protocol}://${req.headers.host ?? 'localhost'}`;

  /** Tells our server the payment changed, unless its webhooks are held. */
  async function notify(p: SandboxPayment): Promise<void> {
    if (!p.webhook_url) return;
    if (p.hold_webhooks) return queueWebhook(app.db, p.id);
    await opts.deliver(p.webhook_url, p.id).catch((err) => app.log.warn({ err }, 'sandbox webhook failed'));
  }

  app.post(
    `${SANDBOX_API}/payments`,
    { config, schema: { ...hide, body: createSchema } },
    async (req, reply) => {
      if (!authorized(req)) return fail(reply, 401, 'Unauthorized Request', 'Missing authentication.');
      const b = req.body;
      const method = Array.isArray(b.method) ? (b.method[0] ?? null) : (b.method ?? null);
      const key = req.headers['idempotency-key'];
      const p = await insertPayment(app.db, {
        id: `tr_${base62(10)}`,
        idempotency: typeof key === 'string' && key ? key.slice(0, 100) : null,
        amount: fromValue(b.amount.value),
        currency: b.amount.currency,
        description: b.description,
        method,
        redirect_url: b.redirectUrl ?? null,
        webhook_url: b.webhookUrl ?? null,
        metadata: b.metadata ?? null,
        locale: b.locale ?? null,
      });
      return reply
        .status(201)
        .type(HAL)
        .send(paymentJson(p, origin(req)));
    },
  );

  app.get(
    `${SANDBOX_API}/payments/:id`,
    { config, schema: { ...hide, params: idParams } },
    async (req, reply) => {
      if (!authorized(req)) return fail(reply, 401, 'Unauthorized Request', 'Missing authentication.');
      const p = await findPayment(app.db, req.params.id);
      if (!p) return fail(reply, 404, 'Not Found', 'No payment exists with token.');
      return reply.type(HAL).send(paymentJson(p, origin(req)));
    },
  );

  app.post(
    `${SANDBOX_API}/payments/:id/refunds`,
    {
      config,
      schema: {
        ...hide,
        params: idParams,
        body: z.object({ amount: amountSchema, description: z.string().max(255).optional() }),
      },
    },
    async (req, reply) => {
      if (!authorized(req)) return fail(reply, 401, 'Unauthorized Request', 'Missing authentication.');
      const amount = fromValue(req.body.amount.value);
      const p = await addReversal(app.db, req.params.id, 'refunded', amount);
      if (!p)
        return fail(reply, 422, 'Unprocessable Entity', 'The payment cannot be refunded by this amount.');
      await notify(p);
      return reply
        .status(201)
        .type(HAL)
        .send({
          resource: 'refund',
          id: `re_${base62(10)}`,
          mode: 'test',
          description: req.body.description ?? 'Refund',
          amount: req.body.amount,
          metadata: null,
          paymentId: p.id,
          status: 'pending',
          createdAt: new Date().toISOString(),
          _links: {
            self: { href: `${origin(req)}${SANDBOX_API}/payments/${p.id}/refunds`, type: HAL },
            payment: { href: `${origin(req)}${SANDBOX_API}/payments/${p.id}`, type: HAL },
            documentation: DOCS,
          },
        });
    },
  );

  // The hosted checkout (the payer's browser comes here from our checkout_url).
  app.get('/sandbox/checkout/:id', { config, schema: { ...hide, params: idParams } }, async (req, reply) => {
    const p = await findPayment(app.db, req.params.id);
    if (!p) return reply.status(404).type('text/plain').send('Unknown payment');
    return reply.header('cache-control', 'no-store').type('text/html').send(checkoutPage(p));
  });

  app.post(
    '/sandbox/checkout/:id',
    { config, schema: { ...hide, params: idParams, body: z.object({ outcome: z.enum(OUTCOMES) }) } },
    async (req, reply) => {
      const outcome: Outcome = req.body.outcome;
      const p = await setStatus(app.db, req.params.id, outcome, ['open']);
      if (!p) {
        const seen = await findPayment(app.db, req.params.id);
        if (!seen) return reply.status(404).type('text/plain').send('Unknown payment');
        return reply.redirect(`/sandbox/checkout/${seen.id}`, 303);
      }
      await notify(p);
      if (outcome === 'pending') {
        const timer = setTimeout(() => {
          timers.delete(timer);
          void setStatus(app.db, p.id, 'paid', ['pending'])
            .then((paid) => paid && notify(paid))
            .catch((err) => app.log.warn({ err }, 'sandbox settle failed'));
        }, opts.settleAfterMs ?? 4_000);
        timer.unref();
        timers.add(timer);
      }
      return reply.redirect(p.redirect_url ?? `/sandbox/checkout/${p.id}`, 303);
    },
  );

  // Controls for tests and demos, with the sandbox key (the provider's dashboard, in effect).
  const control = `${SANDBOX_API}/_control/payments/:id`;
  app.post(
    `${control}/status`,
    { config, schema: { ...hide, params: idParams, body: z.object({ status: z.enum(OUTCOMES) }) } },
    async (req, reply) => {
      if (!authorized(req)) return fail(reply, 401, 'Unauthorized Request', 'Missing authentication.');
      const from: SandboxPayment['status'][] = req.body.status === 'pending' ? ['open'] : ['open', 'pending'];
      const p = await setStatus(app.db, req.params.id, req.body.status, from);
      if (!p) return fail(reply, 422, 'Unprocessable Entity', 'The payment is not open or pending.');
      await notify(p);
      return reply.type(HAL).send(paymentJson(p, origin(req)));
    },
  );
  app.post(
    `${control}/chargeback`,
    { config, schema: { ...hide, params: idParams, body: z.object({ amount: amountSchema.optional() }) } },
    async (req, reply) => {
      if (!authorized(req)) return fail(reply, 401, 'Unauthorized Request', 'Missing authentication.');
      const seen = await findPayment(app.db, req.params.id);
      if (!seen) return fail(reply, 404, 'Not Found', 'No payment exists with token.');
      const amount = req.body.amount
        ? fromValue(req.body.amount.value)
        : seen.amount - seen.refunded - seen.charged_back;
      const p = await addReversal(app.db, seen.id, 'charged_back', amount);
      if (!p) return fail(reply, 422, 'Unprocessable Entity', 'Nothing left to charge back.');
      await notify(p);
      return reply.type(HAL).send(paymentJson(p, origin(req)));
    },
  );
  app.post(
    `${control}/webhooks`,
    {
      config,
      schema: {
        ...hide,
        params: idParams,
        body: z.object({
          /** replay: post the webhook `times` times at once; hold: keep webhooks back; release: post the held ones. */
          action: z.enum(['replay', 'hold', 'release']),
          times: z.number().int().min(1).max(50).default(1),
        }),
      },
    },
    async (req, reply) => {
      if (!authorized(req)) return fail(reply, 401, 'Unauthorized Request', 'Missing authentication.');
      const p = await findPayment(app.db, req.params.id);
      if (!p?.webhook_url) return fail(reply, 404, 'Not Found', 'No payment exists with token.');
      const url = p.webhook_url;
      if (req.body.action === 'hold') await setHold(app.db, p.id, true);
      let posts = 0;
      if (req.body.action === 'release') {
        await setHold(app.db, p.id, false);
        posts = await takeHeldWebhooks(app.db, p.id);
      }
      if (req.body.action === 'replay') posts = req.body.times;
      await Promise.all(Array.from({ length: posts }, () => opts.deliver(url, p.id)));
      return reply.send({ posted: posts });
    },
  );
};

/** The sandbox's API key: made from the server's own secret, so it is stable and never guessable. */
export function sandboxKey(secret: Buffer | string): string {
  return `test_${crypto.createHmac('sha256', secret).update('sandbox-payments').digest('base64url').slice(0, 30)}`;
}
