import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobQueue } from '../../../platform/job-queue.ts';
import { enqueueJob } from '../../../platform/jobs.ts';
import { safeEqual } from '../../../platform/tokens.ts';
import { fromValue } from '../provider.ts';
import { checkoutPage, OUTCOMES, type Outcome } from './checkout-page.ts';
import {
  addReversal,
  expireOpen,
  findCustomer,
  findMandate,
  findPayment,
  insertPayment,
  listPayments,
  queueWebhook,
  type SandboxPayment,
  setCardDetails,
  setFailNext,
  setHold,
  setStatus,
  storeCard,
  takeFailNext,
  takeHeldWebhooks,
} from './sandbox.repo.ts';
import {
  amountSchema,
  api,
  base62,
  cardFor,
  config,
  createSchema,
  DOCS,
  fail,
  HAL,
  hide,
  idParams,
  paymentJson,
  SANDBOX_API,
} from './sandbox-api.ts';
import { customerRoutes } from './sandbox-customers.ts';

export { SANDBOX_API };

export interface SandboxOptions {
  /** The API key the sandbox accepts (Bearer), made by the server for itself. */
  apiKey: string;
  /** Posts a webhook (form field `id` only, as the provider does) to our own server. */
  deliver: (url: string, paymentId: string) => Promise<void>;
  /** How long 'pending, then paid' (and a direct debit) stays pending before the sandbox's bank says paid. */
  settleAfterMs?: number;
  /** Open payments expire this long after they were made, as Mollie's do (default 15 minutes). */
  expireAfterS?: number;
  /**
   * The member who made a payment (the shop's side: by the order its metadata names). The hosted
   * checkout answers that member's session only.
   */
  payerOf: (metadata: Record<string, unknown> | null) => Promise<string | undefined>;
}

/** The sandbox's jobs: the bank paying a pending payment, and open payments expiring. */
export const SETTLE_JOB = 'sandbox.settle';
const SETTLE_QUEUE = jobQueue(SETTLE_JOB, z.object({ id: z.string() }));
export const EXPIRE_JOB = 'sandbox.expire';
const EXPIRE_AFTER_S = 15 * 60;

/**
 * The built-in sandbox payment provider: Mollie's payments API (create, get, refund) on our own
 * server, a hosted checkout page where the payer picks the outcome, webhooks posted back as the
 * provider posts them (the payment id only), and controls for tests (settle a pending payment,
 * chargeback, replay, hold and release webhooks). It is the provider's side: it authenticates
 * with its own key, and our order code reaches it only through the provider adapter.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<SandboxOptions> = async (app, opts) => {
  const settleAfterS = (opts.settleAfterMs ?? 5_000) / 1000;
  const expireAfterS = opts.expireAfterS ?? EXPIRE_AFTER_S;
  // The bank's "pending, then paid" is a job in the database: it outlives the process that chose it.
  app.jobs.define(SETTLE_QUEUE, (p) => settle(p.id), { backoffS: 5 });
  app.jobs.define(EXPIRE_JOB, async () => {
    for (const p of await expireOpen(app.db, expireAfterS)) await notify(p);
  });
  app.jobs.schedule(EXPIRE_JOB, '* * * * *');
  const settleLater = (q: Parameters<typeof enqueueJob>[0], id: string) =>
    enqueueJob(q, SETTLE_QUEUE, { id }, { delayS: settleAfterS, singletonKey: id });
  /** A payment as the provider knows it now: an open one past its time has expired. */
  const current = async (id: string) => {
    await expireOpen(app.db, expireAfterS, id);
    return findPayment(app.db, id);
  };
  // The provider's forms post urlencoded bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const authorized = (req: FastifyRequest) => {
    const h = req.headers.authorization ?? '';
    return h.startsWith('Bearer ') && safeEqual(h.slice(7), opts.apiKey);
  };
  const origin = (req: FastifyRequest) => `${req.protocol}://${req.headers.host ?? 'localhost'}`;

  /** What the bank does when a payment is paid: a card payment has its card; a first one stores it. */
  async function onPaid(p: SandboxPayment): Promise<SandboxPayment> {
    if (p.status !== 'paid' || p.method !== 'creditcard' || p.details) return p;
    const card = cardFor(p);
    if (p.sequence_type === 'first' && p.customer_id) return storeCard(app.db, p, `mdt_${base62(10)}`, card);
    await setCardDetails(app.db, p.id, card);
    return { ...p, details: card };
  }

  /** The bank pays a pending payment (pending, then paid). */
  async function settle(id: string): Promise<void> {
    const paid = await setStatus(app.db, id, 'paid', ['pending']);
    if (paid) await notify(await onPaid(paid));
  }

  /** Tells our server the payment changed, unless its webhooks are held. */
  async function notify(p: SandboxPayment): Promise<void> {
    if (!p.webhook_url) return;
    if (p.hold_webhooks) return queueWebhook(app.db, p.id);
    await opts.deliver(p.webhook_url, p.id).catch((err) => app.log.warn({ err }, 'sandbox webhook failed'));
  }

  app.post(
    `${SANDBOX_API}/payments`,
    { config: api, schema: { ...hide, body: createSchema } },
    async (req, reply) => {
      if (!authorized(req)) return fail(reply, 401, 'Unauthorized Request', 'Missing authentication.');
      const b = req.body;
      let method = Array.isArray(b.method) ? (b.method[0] ?? null) : (b.method ?? null);
      const key = req.headers['idempotency-key'];
      let status: SandboxPayment['status'] = 'open';
      let details: Record<string, unknown> | null = null;
      if (b.sequenceType !== 'oneoff') {
        const customer = b.customerId ? await findCustomer(app.db, b.customerId) : undefined;
        if (!customer)
          return fail(reply, 422, 'Unprocessable Entity', 'The customer id is invalid.', 'customerId');
        if (b.sequenceType === 'recurring') {
          const mandate = b.mandateId ? await findMandate(app.db, customer.id, b.mandateId) : undefined;
          if (mandate?.status !== 'valid') {
            return fail(
              reply,
              422,
              'Unprocessable Entity',
              'The customer has no valid mandate.',
              'mandateId',
            );
          }
          // The bank answers at once for a stored card; a direct debit takes days (pending).
          method = mandate.method;
          details = mandate.details;
          status = (await takeFailNext(app.db, customer.id))
            ? 'failed'
            : mandate.method === 'directdebit'
              ? 'pending'
              : 'paid';
        }
      }
      const p = await app.db.tx(async (q) => {
        const made = await insertPayment(q, {
          status,
          customer_id: b.customerId ?? null,
          sequence_type: b.sequenceType,
          mandate_id: b.sequenceType === 'recurring' ? (b.mandateId ?? null) : null,
          details,
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
        // A direct debit: the bank pays it after a while (and a retried create is the same payment).
        if (made.status === 'pending') await settleLater(q, made.id);
        return made;
      });
      return reply
        .status(201)
        .type(HAL)
        .send(paymentJson(p, origin(req)));
    },
  );

  app.get(
    `${SANDBOX_API}/payments/:id`,
    { config: api, schema: { ...hide, params: idParams } },
    async (req, reply) => {
      if (!authorized(req)) return fail(reply, 401, 'Unauthorized Request', 'Missing authentication.');
      const p = await current(req.params.id);
      if (!p) return fail(reply, 404, 'Not Found', 'No payment exists with token.');
      return reply.type(HAL).send(paymentJson(p, origin(req)));
    },
  );

  // Mollie's list endpoints, newest first with `from` and `limit`: how the shop finds the payment
  // of an order whose create timed out (by the order id in its metadata).
  const listQuery = z.object({
    from: z.string().max(64).optional(),
    limit: z.coerce.number().int().min(1).max(250).default(50),
  });
  const list = async (
    req: FastifyRequest,
    customerId: string | undefined,
    query: z.infer<typeof listQuery>,
  ) => {
    await expireOpen(app.db, expireAfterS);
    const rows = await listPayments(app.db, {
      ...(customerId ? { customerId } : {}),
      ...(query.from ? { from: query.from } : {}),
      limit: query.limit,
    });
    const page = rows.slice(0, query.limit);
    const next = rows[query.limit];
    const path = `${origin(req)}${SANDBOX_API}${customerId ? `/customers/${customerId}` : ''}/payments`;
    const href = (from?: string) =>
      `${path}?${new URLSearchParams({ ...(from ? { from } : {}), limit: String(query.limit) })}`;
    return {
      count: page.length,
      _embedded: { payments: page.map((p) => paymentJson(p, origin(req))) },
      _links: {
        self: { href: href(query.from), type: HAL },
        previous: null,
        next: next ? { href: href(next.id), type: HAL } : null,
        documentation: DOCS,
      },
    };
  };
  app.get(
    `${SANDBOX_API}/payments`,
    { config: api, schema: { ...hide, querystring: listQuery } },
    async (req, reply) => {
      if (!authorized(req)) return fail(reply, 401, 'Unauthorized Request', 'Missing authentication.');
      return reply.type(HAL).send(await list(req, undefined, req.query));
    },
  );
  app.get(
    `${SANDBOX_API}/customers/:id/payments`,
    { config: api, schema: { ...hide, params: idParams, querystring: listQuery } },
    async (req, reply) => {
      if (!authorized(req)) return fail(reply, 401, 'Unauthorized Request', 'Missing authentication.');
      if (!(await findCustomer(app.db, req.params.id))) {
        return fail(reply, 404, 'Not Found', 'No customer exists with token.');
      }
      return reply.type(HAL).send(await list(req, req.params.id, req.query));
    },
  );

  app.post(
    `${SANDBOX_API}/payments/:id/refunds`,
    {
      config: api,
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

  customerRoutes(app, authorized, origin);

  // The hosted checkout (the payer's browser comes here from our checkout_url). It answers only
  // the member who made the payment, in their own session: anyone else, or nobody, finds no
  // payment (no credits for an unauthenticated POST, no settling someone else's order). The form
  // carries a token bound to the payment and the session besides the SameSite session cookie.
  const formToken = (paymentId: string, sessionId: string) =>
    crypto.createHmac('sha256', opts.apiKey).update(`checkout:${paymentId}:${sessionId}`).digest('base64url');
  const payersPayment = async (req: FastifyRequest, id: string) => {
    if (!req.user || !req.sessionId) return undefined;
    const p = await current(id);
    return p && (await opts.payerOf(p.metadata)) === req.user.id ? p : undefined;
  };
  const unknownPayment = (reply: FastifyReply) =>
    reply.status(404).header('cache-control', 'no-store').type('text/plain').send('Unknown payment');

  app.get('/sandbox/checkout/:id', { config, schema: { ...hide, params: idParams } }, async (req, reply) => {
    const p = await payersPayment(req, req.params.id);
    if (!p) return unknownPayment(reply);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html')
      .send(checkoutPage(p, formToken(p.id, req.sessionId!)));
  });

  app.post(
    '/sandbox/checkout/:id',
    {
      config,
      schema: {
        ...hide,
        params: idParams,
        body: z.object({ outcome: z.enum(OUTCOMES), token: z.string().max(100).default('') }),
      },
    },
    async (req, reply) => {
      const seen = await payersPayment(req, req.params.id);
      if (!seen || !safeEqual(req.body.token, formToken(seen.id, req.sessionId!)))
        return unknownPayment(reply);
      const outcome: Outcome = req.body.outcome;
      const moved = await app.db.tx(async (q) => {
        const row = await setStatus(q, seen.id, outcome, ['open']);
        // Pending, then paid: the bank's answer is a job, so a restart does not lose it.
        if (row && outcome === 'pending') await settleLater(q, row.id);
        return row;
      });
      const p = moved && (await onPaid(moved));
      if (!p) return reply.redirect(`/sandbox/checkout/${seen.id}`, 303);
      await notify(p);
      return reply.redirect(p.redirect_url ?? `/sandbox/checkout/${p.id}`, 303);
    },
  );

  // Controls for tests and demos, with the sandbox key (the provider's dashboard, in effect).
  app.post(
    `${SANDBOX_API}/_control/customers/:id/fail-next-recurring`,
    { config: api, schema: { ...hide, params: idParams } },
    async (req, reply) => {
      if (!authorized(req)) return fail(reply, 401, 'Unauthorized Request', 'Missing authentication.');
      if (!(await setFailNext(app.db, req.params.id))) return fail(reply, 404, 'Not Found', 'No customer.');
      return reply.send({ ok: true });
    },
  );
  const control = `${SANDBOX_API}/_control/payments/:id`;
  app.post(
    `${control}/status`,
    { config: api, schema: { ...hide, params: idParams, body: z.object({ status: z.enum(OUTCOMES) }) } },
    async (req, reply) => {
      if (!authorized(req)) return fail(reply, 401, 'Unauthorized Request', 'Missing authentication.');
      const from: SandboxPayment['status'][] = req.body.status === 'pending' ? ['open'] : ['open', 'pending'];
      const moved = await setStatus(app.db, req.params.id, req.body.status, from);
      if (!moved) return fail(reply, 422, 'Unprocessable Entity', 'The payment is not open or pending.');
      const p = await onPaid(moved);
      await notify(p);
      return reply.type(HAL).send(paymentJson(p, origin(req)));
    },
  );
  app.post(
    `${control}/chargeback`,
    {
      config: api,
      schema: { ...hide, params: idParams, body: z.object({ amount: amountSchema.optional() }) },
    },
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
      config: api,
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
