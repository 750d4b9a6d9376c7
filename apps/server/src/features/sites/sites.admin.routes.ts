import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/endpoint.ts';
import { AppError } from '../../platform/errors.ts';
import { createSite, editSite, getSite, listSites } from './sites.admin.service.ts';

const { adminSites: api } = consoleEndpoints;

/**
 * The console's sites (issue 17 item 6). `op:admin` lets in admins of this site; only an admin of
 * every site manages sites (a site admin must not create or take over other domains), so anyone
 * else gets the console's 404, as if the area did not exist.
 */
export const sitesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const globalAdmin = (req: FastifyRequest) => {
    if (!req.operator?.globalAdmin) throw new AppError('not_found', 404);
    return { id: req.operator.id, name: req.operator.name };
  };
  const deps = { db: app.db, sites: app.sites, realtime: app.realtime };

  route(app, api.list, async (req, reply) => {
    globalAdmin(req);
    reply.header('cache-control', 'no-store');
    return listSites(app.db);
  });

  route(app, api.get, async (req, reply) => {
    globalAdmin(req);
    reply.header('cache-control', 'no-store');
    return getSite(app.db, req.params.id);
  });

  route(app, api.create, async (req) => createSite(deps, globalAdmin(req), req.body));

  route(app, api.update, async (req) => editSite(deps, globalAdmin(req), req.params.id, req.body));
};
