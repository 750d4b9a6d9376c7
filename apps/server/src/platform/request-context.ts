import { ENTRY_WARNING_COOKIE, hasTrafficSource } from '@amora/contracts';
import { defaultCountryFor, LOCALE_COOKIE, type Locale, resolveLocale } from '@amora/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Site, SiteDirectory } from './sites.ts';
import { trackingOf } from './tracking.ts';

export type { Access } from './access.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sites: SiteDirectory;
  }
  interface FastifyRequest {
    site: Site;
    locale: Locale;
  }
}

/** Resolves the site from the Host header and the locale from cookie or site language. */
export const requestContext = fp(async (app: FastifyInstance) => {
  app.decorateRequest('site', null as unknown as Site);
  app.decorateRequest('locale', 'en');
  app.addHook('onRequest', async (req) => {
    req.site = await app.sites.forHost(req.headers.host);
    req.locale = resolveLocale(req.cookies[LOCALE_COOKIE], req.site.config.domain_language);
  });
});

const COUNTRY = /^[A-Z]{2}$/;

/**
 * The visitor's country: a CDN's country header when present (the edge must strip it from
 * client requests), else the site's home country; the selected country comes from the query
 * or the `country` cookie.
 */
export function visitorCountries(req: FastifyRequest, site: Site, queryCountry?: string) {
  const header = String(req.headers['cf-ipcountry'] ?? '').toUpperCase();
  const geoipCountry = COUNTRY.test(header) ? header : defaultCountryFor(site.config.domain_language);
  const cookie = String(req.cookies.country ?? '').toUpperCase();
  const selectedCountry = queryCountry ?? (COUNTRY.test(cookie) ? cookie : geoipCountry);
  return { geoipCountry, selectedCountry };
}

/** What the settings object tells this visitor about themselves: countries, source, dismissals. */
export function visitorFacts(req: FastifyRequest, site: Site, queryCountry?: string) {
  return {
    ...visitorCountries(req, site, queryCountry),
    trafficSource: hasTrafficSource(trackingOf(req)),
    entryWarningDismissed: /^\d{1,15}$/.test(req.cookies[ENTRY_WARNING_COOKIE] ?? ''),
  };
}
