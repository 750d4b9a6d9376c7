import { endpoints } from '@amora/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/endpoint.ts';
import { visitorFacts } from '../../platform/request-context.ts';
import { presentCompanyInfo, presentSettings } from './sites.presenter.ts';

const cachedPublic = 'public, max-age=60';
const { sites } = endpoints;

/** Spec §7: /api/settings.php and the three parts loaded once by the browser. All public. */
export const sitesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, sites.settings, async (req, reply) => {
    const forced = req.query['forced-domain'];
    // A forced domain no site answers to (refused on a live install) leaves the request's own site.
    const site = (forced ? await app.sites.lookup(forced) : undefined) ?? req.site;
    const visitor = visitorFacts(req, site, req.query.country);
    reply.header('cache-control', 'private, max-age=60').header('vary', 'cookie, cf-ipcountry');
    return presentSettings(site, visitor, await app.pushKeys.publicKey(site.id));
  });

  route(app, sites.interests, async (req, reply) => {
    reply.header('cache-control', cachedPublic);
    return { interests: req.site.config.interests };
  });

  route(app, sites.regions, async (req, reply) => {
    reply.header('cache-control', cachedPublic);
    return { region_data: req.site.config.region_data };
  });

  route(app, sites.companyInfo, async (req, reply) => {
    reply.header('cache-control', cachedPublic);
    return presentCompanyInfo(req.site);
  });
};
