import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  authRedirect,
  BOOT_STATE_ID,
  type BootState,
  FEATURED_LIMIT,
  type LanderPageData,
  type PageData,
  pageDataKey,
  type SsrEntry,
  type User,
} from '@amora/contracts';
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type Locale } from '@amora/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { presentUser } from './features/accounts/accounts.presenter.ts';
import { accountById } from './features/accounts/accounts.repo.ts';
import { landerPage } from './features/landers/landers.service.ts';
import { viewMember } from './features/members/members.profile.ts';
import { featuredMembers } from './features/members/members.service.ts';
import { siteOrigin } from './features/sites/site-origin.ts';
import { brandStyle, themeColor } from './features/sites/site-theme.ts';
import { presentSettings } from './features/sites/sites.presenter.ts';
import { AppError } from './platform/errors.ts';
import { catalogFile, catalogs } from './platform/i18n.ts';
import { visitorCountries, visitorFacts } from './platform/request-context.ts';
import { captureTracking } from './platform/tracking.ts';
import type { SsrRenderer } from './platform/web.ts';

interface Prefetched {
  queries: BootState['queries'];
  /** The page's HTTP status when its data says so (a member who is not there: 404; blocked: 403). */
  status?: number;
  /** The language a lander's slug picks (landers.service). */
  locale?: Locale;
}

/**
 * The data the page's routes declare (PageData), fetched in-process (no HTTP round trip) and side
 * by side before rendering, under the keys the page's queries use. Reads only: nothing is written
 * while a page renders. A member page the viewer may not see answers with that status (404, or
 * 403 when the member blocked the viewer); any other failure (the database) propagates and
 * becomes the 500 error page.
 */
async function prefetch(req: FastifyRequest, needs: PageData[]): Promise<Prefetched> {
  const page: Prefetched = { queries: [] };
  await Promise.all(
    needs.map(async (need) => {
      try {
        const data = await load(req, need);
        page.queries.push({ key: [...pageDataKey(need)], data });
        if (need.kind === 'lander') page.locale = (data as LanderPageData).locale as Locale;
      } catch (err) {
        if (!(err instanceof AppError) || (err.status !== 404 && err.status !== 403)) throw err;
        page.status = err.status;
      }
    }),
  );
  return page;
}

/** What each kind of page data is, through the same services as the API. */
function load(req: FastifyRequest, need: PageData): Promise<unknown> {
  switch (need.kind) {
    case 'featured':
      return featuredMembers(req.server.db, req.site, FEATURED_LIMIT);
    case 'member':
      return viewMember(req.server.db, req.site, req.user, need.id);
    case 'lander':
      return landerPage(
        req.server.db,
        req.site,
        { locale: req.locale, country: visitorCountries(req, req.site).geoipCountry },
        need,
      );
  }
}

interface ManifestChunk {
  file: string;
  css?: string[];
  assets?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The stylesheets of a page's lazy route modules, from the client build's manifest: each module's
 * CSS and that of the chunks it imports statically, less what the entry already links. Linked in
 * the head, they style the server's HTML before any script runs (no flash at hydration); the
 * browser's own lazy loading then finds them already there. Then the page's script chunks as
 * modulepreload (fetched side by side with the entry, not one after another once it runs), and
 * the Latin cuts of the two fonts as preload (the text's fonts are known before the CSS arrives).
 */
function routeStyles(manifest: Record<string, ManifestChunk>): (modules: string[]) => RouteLinks {
  const inEntry = new Set<string>();
  const collect = (key: string, out: Set<string>, seen = new Set<string>(), js?: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    // The imported chunks' sheets first, then the chunk's own: Vite's preloading links them in
    // this order too, so a page's sheet overrides the shared ones it builds on (ui/fields.css...).
    for (const imp of chunk?.imports ?? []) collect(imp, out, seen, js);
    for (const css of chunk?.css ?? []) out.add(css);
    if (chunk && js) js.add(chunk.file);
  };
  const entryJs = new Set<string>();
  const fonts = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    collect(key, inEntry, new Set(), entryJs);
    for (const a of chunk.assets ?? []) if (/-latin-wght-normal-[\w-]+\.woff2$/.test(a)) fonts.add(a);
  }
  const fontLinks = [...fonts]
    .map((f) => `<link rel="preload" href="/${f}" as="font" type="font/woff2" crossorigin>`)
    .join('');
  const cache = new Map<string, RouteLinks>();
  return (modules) => {
    const id = modules.join(' ');
    let links = cache.get(id);
    if (links === undefined) {
      const css = new Set<string>();
      const js = new Set<string>();
      for (const m of modules) collect(m, css, new Set(), js);
      const scripts = [...js].filter((f) => !entryJs.has(f)).map((f) => `/${f}`);
      links = {
        styles:
          [...css]
            .filter((f) => !inEntry.has(f))
            .map((f) => `<link rel="stylesheet" href="/${f}">`)
            .join('') + fontLinks,
        scripts,
        preloads: scripts.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join(''),
      };
      cache.set(id, links);
    }
    return links;
  };
}

/** A page's links from routeStyles: its stylesheets and fonts, and its route chunks. */
interface RouteLinks {
  /** The route modules' stylesheets and the font preloads, for the head. */
  styles: string;
  /** The route modules' script chunks (and what they import), as URLs. */
  scripts: string[];
  /** The same chunks as `modulepreload` links, for a page that loads the app at once. */
  preloads: string;
}

/**
 * The app's entry script tag in the built template, and the public pages' loader that stands in
 * for it where a visitor's page hydrates on interaction (web entry-loader.ts): the loader gets the
 * entry and the page's route chunks as data attributes and fetches them on the first sign of intent.
 */
function loaderTag(template: string, manifest: Record<string, ManifestChunk>) {
  const entryTag = template.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  const loader = manifest['src/entry-loader.ts']?.file;
  if (!entryTag || !loader) return undefined;
  return {
    entryTag: entryTag[0],
    tag: (scripts: string[]) =>
      `<script type="module" crossorigin src="/${loader}" data-app="${entryTag[1]}" data-preload="${scripts.join(' ')}"></script>`,
  };
}

/** The operator console's pages (web routes.tsx `admin/*`): they also get the console's texts. */
const isConsolePath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/** Escapes JSON for a <script type="application/json"> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Loads the built web app (client template + SSR entry) and renders pages with it.
 * Returns undefined when the web app has not been built.
 */
export async function loadSsr(config: Config): Promise<SsrRenderer | undefined> {
  const dist = config.webDistDir;
  if (!dist) return undefined;
  const templateFile = path.join(dist, 'client', 'index.html');
  const entryFile = path.join(dist, 'server', 'entry-server.js');
  if (!fs.existsSync(templateFile) || !fs.existsSync(entryFile)) return undefined;
  const template = fs.readFileSync(templateFile, 'utf8');
  const entry = (await import(pathToFileURL(entryFile).href)) as SsrEntry;
  const manifestFile = path.join(dist, 'client', '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = fs.existsSync(manifestFile)
    ? JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
    : {};
  const styles = routeStyles(manifest);
  const loader = loaderTag(template, manifest);

  return {
    clientDir: path.join(dist, 'client'),
    async render(req: FastifyRequest, reply: FastifyReply) {
      const url = new URL(req.url, 'http://x');
      // The first page a visitor lands on keeps the URL's traffic source (spec §3, first touch
      // wins), also when it answers with a redirect.
      captureTracking(req, reply, url.searchParams);
      // Independent reads run side by side: the member's account and the page's data.
      const [account, page, pushPublicKey] = await Promise.all([
        req.user ? accountById(req.server.db, req.user.id) : null,
        prefetch(req, entry.pageData(url.pathname)),
        req.server.pushKeys.publicKey(req.site.id),
      ]);
      const user: User | null = account ? presentUser(account, req.site) : null;
      // Spec §2 auth redirects, decided before anything renders (no flash of the wrong page).
      const redirect = authRedirect(url.pathname, url.search, user !== null);
      if (redirect) return reply.header('cache-control', 'no-store').redirect(redirect, 302);
      // ?lang=xx selects a language for this page (the hreflang alternates point here) and keeps it.
      const langParam = url.searchParams.get('lang');
      // A lander's slug picks its language (unless ?lang= asks for another); a visitor who chose
      // none yet keeps it, so the signup the lander leads to (a page load without JavaScript)
      // speaks it too.
      let locale: Locale = page.locale ?? req.locale;
      const chosen = isLocale(langParam)
        ? langParam
        : page.locale && !isLocale(req.cookies[LOCALE_COOKIE])
          ? page.locale
          : null;
      if (isLocale(langParam)) locale = langParam;
      if (chosen) {
        reply.setCookie(LOCALE_COOKIE, chosen, {
          path: '/',
          maxAge: LOCALE_COOKIE_MAX_AGE_S,
          sameSite: 'lax',
        });
      }
      const site = req.site;
      const state: BootState = {
        locale,
        settings: presentSettings(site, visitorFacts(req, site), pushPublicKey),
        catalog: catalogs[locale],
        queries: [{ key: ['user'], data: user }, ...page.queries],
        origin: siteOrigin(site, req.server.config),
      };
      const result = await entry.render(req.url, state);
      // The catalog stays out of the HTML (63-77 % of it once): a file of its own, preloaded here;
      // the console's texts (admin.*) are a second file that only the console's pages fetch.
      const catalog = catalogFile(locale);
      const consoleCatalog = isConsolePath(url.pathname) ? catalogFile(locale, 'console') : undefined;
      const browserState: BootState = {
        ...state,
        catalog: undefined,
        catalogUrl: catalog.url,
        consoleCatalogUrl: consoleCatalog?.url,
      };
      if (result.redirect) return reply.redirect(result.redirect, 302);
      // A visitor's public page (home, info pages, landers) loads the app on interaction: the
      // loader instead of the entry, and neither the catalog nor the route chunks up front.
      const lazy = !user && loader !== undefined && entry.hydration(url.pathname) === 'interaction';
      const links = styles(entry.pageModules(url.pathname));
      const catalogLink = lazy
        ? ''
        : [catalog, consoleCatalog]
            .map((f) => (f ? `<link rel="preload" href="${f.url}" as="fetch" crossorigin>` : ''))
            .join('');
      const html = (lazy ? template.replace(loader.entryTag, loader.tag(links.scripts)) : template)
        .replace('<html lang="en">', `<html lang="${locale}"${lazy ? ' data-hydrate="interaction"' : ''}>`)
        // The site's brand colours: its theme colour and the tokens' --site-brand (site-theme.ts).
        .replace(
          /<meta name="theme-color" content="[^"]*"\s*\/?>/,
          `<meta name="theme-color" content="${themeColor(site.config)}" />`,
        )
        .replace('<!--app-head-->', `${brandStyle(site.config)}${result.head}${catalogLink}`)
        // After the entry's stylesheet, so the cascade is the one the browser's lazy loading makes.
        .replace('</head>', `${links.styles}${lazy ? '' : links.preloads}</head>`)
        .replace('<!--app-html-->', result.html)
        .replace(
          '<!--app-state-->',
          `<script type="application/json" id="${BOOT_STATE_ID}">${scriptJson(browserState)}</script>`,
        );
      return reply
        .status(page.status ?? result.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('vary', 'cookie')
        .send(html);
    },
  };
}
