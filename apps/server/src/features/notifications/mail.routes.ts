import { endpoints } from '@amora/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rateLimited, route } from '../../platform/endpoint.ts';
import { getMailPrefs, unsubscribe, unsubscribeInfo, updateMailPrefs } from './mail-prefs.service.ts';
import { registerMailRhythm } from './mail-rhythm.ts';
import { markHidden } from './presence.ts';

const api = endpoints.mail;

/** E-mail notification preferences, the unsubscribe links of notification mail, and the page-hidden beacon. */
export async function mailNotificationRoutes(app: FastifyInstance) {
  registerMailRhythm(app);
  const zapp = app.withTypeProvider<ZodTypeProvider>();
  route(zapp, api.prefs, async (req) => getMailPrefs(app.db, req.user!.id));
  route(zapp, api.updatePrefs, rateLimited(60, '1 minute'), async (req) =>
    updateMailPrefs(app.db, req.user!.id, req.body),
  );

  // A browser that opens the List-Unsubscribe address lands on the page that asks first: nothing is
  // ever unsubscribed by a GET (link scanners and previews follow links).
  route(zapp, api.unsubscribeLink, async (req, reply) =>
    reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect(`/unsubscribe?token=${encodeURIComponent(req.query.token)}`, 303),
  );
  route(zapp, api.unsubscribeInfo, rateLimited(60, '1 minute'), async (req, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return unsubscribeInfo(app.db, app.secrets.unsubscribe, req.query.token);
  });

  // RFC 8058 one-click: mail providers post `List-Unsubscribe=One-Click` as a form, without cookies;
  // the page's button posts JSON. The signed token is the only authority (platform/auth.ts exempts
  // this one path from the CSRF check: it reads no session).
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    route(
      scope.withTypeProvider<ZodTypeProvider>(),
      api.unsubscribe,
      rateLimited(30, '1 minute'),
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return unsubscribe(app.db, app.secrets.unsubscribe, req.query.token, req.body?.all === true);
      },
    );
  });

  route(zapp, endpoints.presence.pageHidden, rateLimited(120, '1 minute'), async (req, reply) => {
    await markHidden(app.db, req.user!.id);
    return reply.status(204).send(null);
  });
}
