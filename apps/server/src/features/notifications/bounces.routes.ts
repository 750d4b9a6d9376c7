import { endpoints } from '@amora/contracts/endpoints';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimited, route } from '../../platform/endpoint.ts';
import { type InboundSmtp, startInboundSmtp } from '../../platform/mail/inbound.ts';
import { acceptsRecipient, type BounceDeps, enableMail, takeReport } from './bounces.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bounce listener, when BOUNCE_SMTP_PORT is set (its real port: tests ask for port 0). */
    bounceSmtp?: InboundSmtp;
  }
}

/**
 * Bounces and complaints: the member's "turn e-mail notifications back on", and, with
 * BOUNCE_SMTP_PORT set, the inbound SMTP listener for the reports sent to our return paths.
 */
export const bouncesRoutes = fp<Record<never, never>>(
  (async (app) => {
    route(app, endpoints.mailDelivery.enable, rateLimited(10, '1 hour'), async (req) =>
      enableMail(app.db, req.user!.id),
    );

    const { domain, smtpPort } = app.config.bounce;
    if (smtpPort === undefined) return;
    const deps: BounceDeps = { db: app.db, key: app.secrets.bounce, domain, log: app.log };
    const listener = await startInboundSmtp({
      port: smtpPort,
      host: app.config.host,
      name: domain,
      accepts: (address) => acceptsRecipient(deps, address),
      onMail: async (mail) => {
        await takeReport(deps, mail);
      },
      log: app.log,
    });
    app.decorate('bounceSmtp', listener);
    app.addHook('onClose', async () => listener.close());
    app.log.info({ port: listener.port, domain }, 'bounce listener: taking delivery and complaint reports');
  }) satisfies FastifyPluginAsyncZod,
  { name: 'bounces' },
);
