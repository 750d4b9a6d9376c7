import type { PackageId, PaymentMethod } from '@amora/contracts';
import { endpoints } from '@amora/contracts/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimited, route } from '../../platform/endpoint.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { visitorCountries } from '../../platform/request-context.ts';
import { checkDeletionRequest } from '../accounts/accounts.service.ts';
import { siteOrigin } from '../sites/site-origin.ts';
import { payByDirectDebit, sendCode } from './direct-debit.service.ts';
import { deletionOffer, presentCode, usableCode, WELCOME } from './discounts.service.ts';
import { leftBehind } from './leaving.repo.ts';
import { currentMandate } from './mandates.repo.ts';
import {
  createOrder,
  type OrderArgs,
  type OrderChange,
  orderForWebhook,
  ownOrder,
  payWithMandate,
  syncOrder,
} from './orders.service.ts';
import { listOrders, memberOrder, orderDetail } from './orders.view.ts';
import { presentOrder } from './payments.presenter.ts';
import { pricingFor } from './pricing.ts';
import { type PaymentProvider, ProviderUnavailable } from './provider.ts';

const { payments } = endpoints;

/**
 * Tells the member's tabs that an order moved; a member who became premium, or whose premium
 * ended, is re-read on every instance at once (their cached sessions are dropped).
 */
export function announce(app: FastifyInstance, change: OrderChange | null): void {
  if (!change?.changed) return;
  const { order } = change;
  if (change.becamePremium || change.premiumEnded) app.realtime.forgetUser(order.user_id);
  app.realtime.publish([order.user_id], { type: 'order', order_id: order.id, status: order.status });
}

/**
 * A provider that may be slow or away: its 503s say when to try again. A provider that could not
 * answer once the order existed is "we are confirming your payment" (the order is kept and
 * settled later), never a 500.
 */
async function retryAfter<T>(reply: FastifyReply, p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    const answer = err instanceof ProviderUnavailable ? new AppError('payment_confirming', 503) : err;
    if (answer instanceof AppError && answer.status === 503) reply.header('retry-after', '10');
    throw answer;
  }
}

/**
 * Credits purchase (spec §2 /credits, /pricing, /transactions; §4 payment states): prices for the
 * requester's country, orders made on the server from a package id, their status (the return page
 * asks the provider for the truth), and the provider's webhook, which is only a hint.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The provider, for the routes that pay: without one, payments are off. */
  const paying = (): PaymentProvider => {
    if (!app.payments) throw new AppError('payments_off', 503);
    return app.payments;
  };
  /** An order as the member's page asks for it (a new one or a repeat): priced on the server. */
  const orderArgs = (
    req: FastifyRequest,
    body: { package_id: PackageId; attempt_id: string; code?: string | undefined },
  ): OrderArgs => ({
    site: req.site,
    userId: req.user!.id,
    locale: req.locale,
    packageId: body.package_id,
    attemptId: body.attempt_id,
    origin: siteOrigin(req.site, app.config),
    ...(body.code ? { code: body.code } : {}),
  });

  route(app, payments.pricing, async (req) => {
    // With ?code= (members), the prices include the code where it applies; a code that does not
    // work answers its error (the page shows it and the plain prices).
    const code =
      req.user && req.query.code
        ? await usableCode(app.db, req.site, req.user.id, req.query.code)
        : undefined;
    const payer = {
      userId: req.user?.id ?? null,
      selectedCountry: visitorCountries(req, req.site).selectedCountry,
    };
    return pricingFor(app.db, req.site, app.payments, payer, code);
  });

  route(app, payments.createOrder, rateLimited(30, '1 minute'), async (req, reply) => {
    const { order, checkoutUrl } = await retryAfter(
      reply,
      createOrder(app.db, paying(), { ...orderArgs(req, req.body), method: req.body.method }),
    );
    return reply.status(201).send({
      order: presentOrder(order),
      checkout_url: checkoutUrl ?? `/transactions/${order.id}`,
    });
  });

  route(app, payments.orders, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return listOrders(app.db, req.user!.id, req.query.cursor);
  });

  route(app, payments.order, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return memberOrder(app.db, req.site, req.user!.id, req.params.id);
  });

  route(app, payments.syncOrder, rateLimited(60, '1 minute'), async (req) => {
    if (!isUuid(req.params.id)) throw new AppError('not_found', 404);
    let order = await ownOrder(app.db, req.params.id, req.user!.id);
    const provider = app.payments;
    if (provider && (order.status === 'open' || order.status === 'pending')) {
      try {
        const change = await syncOrder(app.db, provider, order, 'return');
        announce(app, change);
        order = change.order;
      } catch (err) {
        // The provider cannot say now: the page shows the order as it is and keeps watching.
        if (!(err instanceof ProviderUnavailable)) throw err;
      }
    }
    return orderDetail(app.db, req.site, order);
  });

  route(app, payments.stored, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const provider = app.payments;
    if (!provider) return { card: null, direct_debit: null };
    const [card, sdd] = await Promise.all([
      currentMandate(app.db, req.user!.id, provider.name, 'card'),
      currentMandate(app.db, req.user!.id, provider.name, 'sdd'),
    ]);
    const show = (m: typeof card) => (m ? { label: m.label, method: m.method as PaymentMethod } : null);
    return { card: show(card), direct_debit: show(sdd) };
  });

  route(app, payments.repeatOrder, rateLimited(30, '1 minute'), async (req, reply) => {
    const live = paying();
    const card = await currentMandate(app.db, req.user!.id, live.name, 'card');
    if (!card) throw new AppError('no_stored_card', 409);
    const change = await retryAfter(reply, payWithMandate(app.db, live, card, orderArgs(req, req.body)));
    announce(app, change);
    return orderDetail(app.db, req.site, change.order);
  });

  route(app, payments.smsCode, rateLimited(10, '1 minute'), async (req, reply) => {
    if (!app.payments) throw new AppError('payments_off', 503);
    const sent = await sendCode(app.db, app.sms, {
      site: req.site,
      userId: req.user!.id,
      locale: req.locale,
      phone: req.body.phone,
    });
    return reply.status(202).send(sent);
  });

  route(app, payments.directDebit, rateLimited(20, '1 minute'), async (req, reply) => {
    const change = await retryAfter(
      reply,
      payByDirectDebit(app.db, paying(), {
        site: req.site,
        userId: req.user!.id,
        locale: req.locale,
        origin: siteOrigin(req.site, app.config),
        form: req.body,
      }),
    );
    announce(app, change);
    return reply.status(201).send(await orderDetail(app.db, req.site, change.order));
  });

  route(app, payments.deletionFacts, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return leftBehind(app.db, req.user!.id);
  });

  route(app, payments.discountCode, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const raw = req.query.welcome === 'true' ? WELCOME.code : req.query.code;
    if (!raw) throw new AppError('code_not_found', 404);
    const code = await usableCode(app.db, req.site, req.user!.id, raw);
    if (req.query.country && code.row.country && code.row.country !== req.query.country) {
      throw new AppError('code_wrong_country', 400);
    }
    return presentCode(code);
  });

  // The deletion offer comes only with a deletion asked for: its reason and the member's password,
  // checked as the deletion checks them (issue 25 item 6); each try of a password is a guess.
  route(app, payments.deleteOffer, rateLimited(10, '10 minutes'), async (req) => {
    await checkDeletionRequest(app, req.user!.id, req.body);
    return presentCode(await deletionOffer(app.db, req.site, req.user!.id));
  });

  // The provider's webhook: a form with the payment id only. It is a hint: the order follows what
  // the provider says when asked. Unknown and forged ids change nothing and get the same answer.
  await app.register(async (scope) => {
    const hook = scope.withTypeProvider<ZodTypeProvider>();
    hook.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    hook.post(
      '/payments/webhook',
      {
        // Cheap and idempotent; a provider may post many at once. Unknown ids never reach the provider.
        config: { access: 'public', rateLimit: { max: 6000, timeWindow: '1 minute' } },
        schema: { hide: true, body: z.object({ id: z.string().max(64) }).passthrough() },
      },
      async (req, reply) => {
        const provider = app.payments;
        try {
          const found = provider && (await orderForWebhook(app.db, provider, req.body.id));
          if (found) announce(app, await syncOrder(app.db, provider, found.order, 'webhook', found.payment));
        } catch (err) {
          // The provider could not be asked now: it posts its webhook again later.
          if (err instanceof ProviderUnavailable)
            return reply.status(503).header('retry-after', '60').send('');
          throw err;
        }
        return reply.status(200).send('');
      },
    );
  });
};
