import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findCustomer, findMandate, insertCustomer, insertMandate } from './sandbox.repo.ts';
import { api, base62, DOCS, fail, HAL, hide, idParams, mandateJson, SANDBOX_API } from './sandbox-api.ts';

/** The sandbox provider's customers and mandates (Mollie's API): who stored cards and SEPA mandates belong to. */
export function customerRoutes(
  scope: FastifyInstance,
  authorized: (req: FastifyRequest) => boolean,
  origin: (req: FastifyRequest) => string,
): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const _config = api;
  app.post(
    `${SANDBOX_API}/customers`,
    {
      config: api,
      schema: {
        ...hide,
        body: z.object({ name: z.string().max(255).optional(), email: z.string().max(255).optional() }),
      },
    },
    async (req, reply) => {
      if (!authorized(req)) return fail(reply, 401, 'Unauthorized Request', 'Missing authentication.');
      const key = req.headers['idempotency-key'];
      const c = await insertCustomer(app.db, {
        id: `cst_${base62(10)}`,
        idempotency: typeof key === 'string' && key ? key.slice(0, 100) : null,
        name: req.body.name ?? null,
        email: req.body.email ?? null,
      });
      const self = `${origin(req)}${SANDBOX_API}/customers/${c.id}`;
      return reply
        .status(201)
        .type(HAL)
        .send({
          resource: 'customer',
          id: c.id,
          mode: 'test',
          name: c.name,
          email: c.email,
          locale: null,
          metadata: null,
          createdAt: new Date(c.created_at).toISOString(),
          _links: {
            self: { href: self, type: HAL },
            dashboard: { href: self, type: 'text/html' },
            documentation: DOCS,
          },
        });
    },
  );

  app.post(
    `${SANDBOX_API}/customers/:id/mandates`,
    {
      config: api,
      schema: {
        ...hide,
        params: idParams,
        body: z.object({
          method: z.literal('directdebit'),
          consumerName: z.string().min(1).max(255),
          consumerAccount: z.string().min(15).max(34),
          mandateReference: z.string().max(35).optional(),
          signatureDate: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/)
            .optional(),
        }),
      },
    },
    async (req, reply) => {
      if (!authorized(req)) return fail(reply, 401, 'Unauthorized Request', 'Missing authentication.');
      const c = await findCustomer(app.db, req.params.id);
      if (!c) return fail(reply, 404, 'Not Found', 'No customer exists with token.');
      const b = req.body;
      const m = await insertMandate(app.db, {
        id: `mdt_${base62(10)}`,
        customer_id: c.id,
        method: 'directdebit',
        details: {
          consumerName: b.consumerName,
          consumerAccount: b.consumerAccount.replace(/\s/g, ''),
          consumerBic: null,
        },
        reference: b.mandateReference ?? null,
        signed_on: b.signatureDate ?? new Date().toISOString().slice(0, 10),
      });
      return reply
        .status(201)
        .type(HAL)
        .send(mandateJson(m, origin(req)));
    },
  );

  app.get(
    `${SANDBOX_API}/customers/:id/mandates/:mandate`,
    {
      config: api,
      schema: { ...hide, params: z.object({ id: z.string().max(64), mandate: z.string().max(64) }) },
    },
    async (req, reply) => {
      if (!authorized(req)) return fail(reply, 401, 'Unauthorized Request', 'Missing authentication.');
      const m = await findMandate(app.db, req.params.id, req.params.mandate);
      if (!m) return fail(reply, 404, 'Not Found', 'No mandate exists with token.');
      return reply.type(HAL).send(mandateJson(m, origin(req)));
    },
  );
}
