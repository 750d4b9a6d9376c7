import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/endpoint.ts';
import { AppError } from '../../platform/errors.ts';
import { announce } from './payments.routes.ts';
import * as admin from './payments-admin.service.ts';
import type { PaymentProvider } from './provider.ts';

const { adminPayments: api } = consoleEndpoints;

/**
 * The console's discount codes and payments (issue 17 item 7), for finance (and admins): codes
 * made, disabled and listed with their redemptions; orders looked up and refunded through the
 * provider. Every query is of the console's site.
 */
export const paymentsAdminRoutes: FastifyPluginAsyncZod<{ provider?: PaymentProvider }> = async (
  app,
  opts,
) => {
  const provider = opts.provider;
  const actor = (req: FastifyRequest) => ({ id: req.operator!.id, name: req.operator!.name });

  route(app, api.codes, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return admin.listCodes(app.db, req.site, req.query.page);
  });

  route(app, api.createCode, async (req, reply) =>
    reply.status(201).send(await admin.createCode(app.db, req.site, actor(req), req.body)),
  );

  route(app, api.disableCode, async (req) => admin.disableCode(app.db, req.site, actor(req), req.params.id));

  route(app, api.redemptions, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return admin.codeRedemptions(app.db, req.site, req.params.id, req.query.page);
  });

  route(app, api.orders, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return admin.searchOrders(app.db, req.site, req.query.q, req.query.page);
  });

  route(app, api.order, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return admin.orderDetail(app.db, provider, req.site, req.params.id);
  });

  route(app, api.refund, async (req) => {
    if (!provider) throw new AppError('payments_off', 503);
    const change = await admin.refundOrder(app.db, provider, req.site, actor(req), req.params.id, req.body);
    announce(app, change);
    return admin.orderDetail(app.db, provider, req.site, req.params.id);
  });
};
