import {
  companyInfoSchema,
  regionDataSchema,
  settingsQuerySchema,
  settingsResponseSchema,
} from '@amora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { visitorCountries } from '../../platform/request-context.ts';
import { presentCompanyInfo, presentSettings } from './sites.presenter.ts';

const cachedPublic = 'public, max-age=60';

/** Spec §7: /api/settings.php and the three parts loaded once by the browser. All public. */
export const sitesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings.php',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sites'],
        summary: 'Settings of the site serving the host (or the forced-domain query value)',
        querystring: settingsQuerySchema,
        response: { 200: settingsResponseSchema },
      },
    },
    async (req, reply) => {
      const forced = req.query['forced-domain'];
      const site = forced ? await app.sites.forHost(forced) : req.site;
      const visitor = visitorCountries(req, site, req.query.country);
      reply.header('cache-control', 'private, max-age=60').header('vary', 'cookie, cf-ipcountry');
      return presentSettings(site, visitor);
    },
  );

  app.get(
    '/api/interests.php',
    {
      config: { access: 'public' },
      schema: { tags: ['sites'], response: { 200: z.object({ interests: z.array(z.string()) }) } },
    },
    async (req, reply) => {
      reply.header('cache-control', cachedPublic);
      return { interests: req.site.config.interests };
    },
  );

  app.get(
    '/api/regions.php',
    {
      config: { access: 'public' },
      schema: { tags: ['sites'], response: { 200: z.object({ region_data: regionDataSchema }) } },
    },
    async (req, reply) => {
      reply.header('cache-control', cachedPublic);
      return { region_data: req.site.config.region_data };
    },
  );

  app.get(
    '/api/companyinfo.php',
    {
      config: { access: 'public' },
      schema: { tags: ['sites'], response: { 200: companyInfoSchema } },
    },
    async (req, reply) => {
      reply.header('cache-control', cachedPublic);
      return presentCompanyInfo(req.site);
    },
  );
};
