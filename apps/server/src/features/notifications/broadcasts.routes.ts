import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimited, route } from '../../platform/endpoint.ts';
import * as mailings from './broadcasts.service.ts';

const { adminMailings: api } = consoleEndpoints;

/**
 * The console's mailings (issue 26 item 13): promotions and news of the console's site, for
 * admins (op:admin; every other role gets the unknown path's 404). Every query names the site.
 */
export const broadcastsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, afterCommit: () => void app.jobs.kick() };
  const operator = (req: FastifyRequest) => ({
    id: req.operator!.id,
    name: req.operator!.name,
    email: req.operator!.email,
  });

  route(app, api.list, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return mailings.listMailings(app.db, req.site, req.query.page);
  });
  route(app, api.get, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return mailings.getMailing(app.db, req.site, operator(req), req.params.id);
  });
  route(app, api.create, async (req, reply) =>
    reply.status(201).send(await mailings.createMailing(app.db, req.site, operator(req), req.body)),
  );
  route(app, api.update, async (req) =>
    mailings.updateMailing(app.db, req.site, operator(req), req.params.id, req.body),
  );
  route(app, api.preview, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return mailings.previewMailing(deps, req.site, operator(req), req.params.id, req.query.lang);
  });
  route(app, api.test, rateLimited(20, '1 minute'), async (req) =>
    mailings.testMailing(deps, req.site, operator(req), req.params.id, req.body.lang),
  );
  route(app, api.schedule, async (req) =>
    mailings.scheduleMailing(deps, req.site, operator(req), req.params.id, req.body.at),
  );
  route(app, api.cancel, async (req) =>
    mailings.cancelMailing(app.db, req.site, operator(req), req.params.id),
  );
};
