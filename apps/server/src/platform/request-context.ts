import {
  ACTIVATION_REMINDER_COOKIE,
  ENRICH_ALERT_COOKIE,
  ENTRY_WARNING_COOKIE,
  hasTrafficSource,
  WELCOME_BANNER_COOKIE,
} from '@amora/contracts';
import { defaultCountryFor, LOCALE_COOKIE, type Locale, resolveLocale } from '@amora/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { answerWithoutSite } from './setup-page.ts';
import { normalizeHost, type Site, type SiteDirectory } from './sites.ts';
import { trackingOf } from './tracking.ts';

export type { Access } from './access.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sites: SiteDirectory;
  }
  interface FastifyRequest {
    /**
     * The site serving the request's host. Every request has one, but a `siteless` route's (the
     * health check's) on a host no site answers to: there it is null.
     */
    site: Site;
    locale: Locale;
  }
  interface FastifyContextConfig {
    /** Answers without a site (GET /api/health: a load balancer asks by address, before any site exists). */
    siteless?: boolean;
  }
}

/**
 * The path of the route a request matched, as declared ('/api/members/:id'; a wildcard filled in
 * with what it matched), or for no route the target's path. Decide by this, never by `req.url`:
 * an absolute-form target (`PUT http://host/api/profile`) or a percent-encoded one (`/%61pi/...`)
 * reaches the same route with a `req.url` that starts otherwise (issue 25 item 5).
 */
export function routePath(req: FastifyRequest): string {
  const url = req.routeOptions.url;
  if (url) {
    if (!url.endsWith('*')) return url;
    const rest = (req.params as Record<string, string> | undefined)?.['*'] ?? '';
    return url.slice(0, -1) + rest;
  }
  try {
    return new URL(req.url, 'http://x').pathname;
  } catch {
    return '';
  }
}

/**
 * Resolves the site from the Host header and the locale from cookie or site language. A host no
 * site answers to (a live install refuses unknown hosts; an empty install has no site) gets the
 * 'unknown site' or the set-up page (platform/setup-page.ts), never another site.
 */
export const requestContext = fp(async (app: FastifyInstance) => {
  app.decorateRequest('site', null as unknown as Site);
  app.decorateRequest('locale', 'en');
  app.addHook('onRequest', async (req, reply) => {
    const site = await app.sites.lookup(req.headers.host);
    if (!site) {
      if (req.routeOptions.config?.siteless) return;
      const anySite = (await app.sites.list()).length > 0;
      return answerWithoutSite(req, reply, {
        anySite,
        host: normalizeHost(req.headers.host),
        api: routePath(req).startsWith('/api/'),
      });
    }
    req.site = site;
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

/** A dismissal the browser keeps in a cookie (its value: when, in ms) for the server's page to leave out. */
const dismissedBy = (req: FastifyRequest, cookie: string) => /^\d{1,15}$/.test(req.cookies[cookie] ?? '');

/** What the settings object tells this visitor about themselves: countries, source, dismissals. */
export function visitorFacts(req: FastifyRequest, site: Site, queryCountry?: string) {
  return {
    ...visitorCountries(req, site, queryCountry),
    trafficSource: hasTrafficSource(trackingOf(req)),
    entryWarningDismissed: dismissedBy(req, ENTRY_WARNING_COOKIE),
    welcomeBannerDismissed: dismissedBy(req, WELCOME_BANNER_COOKIE),
    activationReminderDismissed: dismissedBy(req, ACTIVATION_REMINDER_COOKIE),
    enrichAlertDismissed: dismissedBy(req, ENRICH_ALERT_COOKIE),
  };
}
