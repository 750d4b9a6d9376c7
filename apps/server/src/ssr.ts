import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import {
  authRedirect,
  BOOT_STATE_ID,
  type BootState,
  inWelcomeWindow,
  OPERATOR_COOKIE,
  SESSION_COOKIE,
  type SsrEntry,
  TIME_ZONE_COOKIE,
  validTimeZone,
  welcomeKey,
  zoneOffsetMinutes,
} from '@amora/contracts';
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type Locale } from '@amora/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { currentUser } from './features/accounts/accounts.service.ts';
import { welcomeOffer } from './features/payments/discounts.service.ts';
import { siteOrigin } from './features/sites/site-origin.ts';
import { brandStyle, themeColor } from './features/sites/site-theme.ts';
import { presentSettings } from './features/sites/sites.presenter.ts';
import { catalogFile, catalogs } from './platform/i18n.ts';
import { visitorFacts } from './platform/request-context.ts';
import { captureTracking } from './platform/tracking.ts';
import { acceptedEncoding, type RenderedPage, type SsrRenderer } from './platform/web.ts';
import { type PageRequest, prefetch } from './ssr-data.ts';

/**
 * The public page cache's key of a visitor's page: the site is the cache's own part of it. What the
 * page data reads of a visitor is in it too (ssr-data.ts): prices follow the selected country.
 */
function cacheKey(p: PageRequest): string {
  const v = p.visitor;
  return JSON.stringify([
    p.url,
    p.locale,
    v.geoipCountry,
    v.selectedCountry,
    v.trafficSource,
    v.entryWarningDismissed,
    v.welcomeBannerDismissed,
    v.activationReminderDismissed,
    v.enrichAlertDismissed,
  ]);
}

interface ManifestChunk {
  file: string;
  name?: string;
  css?: string[];
  assets?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

/**
 * A source module's key in the client build's manifest. Vite keys a lazy route module by its path,
 * except one whose chunk it builds as a shared one (a route module in a cycle of dynamic imports:
 * the profile editor and its lazy checks, the console): that chunk is keyed `_Name-hash.js`,
 * marked a dynamic entry and named after the module. Without this the page's stylesheets were
 * missing from its HTML and came with the script: the whole page moved (issue 29 item 1).
 */
export function manifestKey(manifest: Record<string, ManifestChunk>, module: string): string | undefined {
  if (manifest[module]) return module;
  const name = path.basename(module).replace(/\.\w+$/, '');
  return Object.keys(manifest).find(
    (k) => k.startsWith('_') && manifest[k]!.isDynamicEntry && manifest[k]!.name === name,
  );
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
      for (const m of modules) {
        const key = manifestKey(manifest, m);
        if (key) collect(key, css, new Set(), js);
      }
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
 * The app's entry script tag in the built template, and the loader that stands in for it (web
 * entry-loader.ts): it gets the entry, the page's route chunks and its catalog files as data
 * attributes and fetches them on a visitor's first sign of intent (public pages) or once the page
 * has been painted (every other page).
 */
function loaderTag(template: string, manifest: Record<string, ManifestChunk>) {
  const entryTag = template.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  const loader = manifest['src/entry-loader.ts']?.file;
  if (!entryTag || !loader) return undefined;
  return {
    entryTag: entryTag[0],
    tag: (scripts: string[], fetches: string[]) =>
      `<script type="module" crossorigin src="/${loader}" data-app="${entryTag[1]}" data-preload="${scripts.join(' ')}" data-fetch="${fetches.join(' ')}"></script>`,
  };
}

/** The operator console's pages (web routes.tsx `admin/*`): they also get the console's texts. */
const isConsolePath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * A page the public page cache keeps (a 200), with its HTML compressed once as the compress plugin
 * would per answer (app.ts: brotli quality 4, gzip's default): a cached answer costs no compression.
 */
function compressed(page: RenderedPage): RenderedPage {
  if (page.status !== 200 || page.redirect !== undefined) return page;
  return {
    ...page,
    br: brotliCompressSync(page.html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }),
    gzip: gzipSync(page.html),
  };
}

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

  /** A page's HTML (or redirect) for one request; only what `p` holds makes it differ. */
  async function renderPage(p: PageRequest): Promise<RenderedPage> {
    const url = new URL(p.url, 'http://x');
    // Independent reads run side by side: the member's account and the page's data.
    const [user, page, pushPublicKey] = await Promise.all([
      p.user ? currentUser(p.server.db, p.site, p.user.id) : null,
      prefetch(p, entry.pageData(url.pathname)),
      p.server.pushKeys.publicKey(p.site.id),
    ]);
    // Spec §2 auth redirects, decided before anything renders (no flash of the wrong page).
    const redirect = authRedirect(url.pathname, url.search, user !== null);
    if (redirect) return { status: 302, html: '', redirect, noStore: true };
    // ?lang=xx selects a language for this page (the hreflang alternates point here); else a
    // lander's slug picks its language.
    const langParam = url.searchParams.get('lang');
    const locale: Locale = isLocale(langParam) ? langParam : (page.locale ?? p.locale);
    const site = p.site;
    // A new member's welcome code, as the strip under the navigation shows it (issue 29 item 1).
    const welcome =
      user && !user.paid_user && inWelcomeWindow(user.signup_date)
        ? await welcomeOffer(p.server.db, site, user.id)
        : null;
    const state: BootState = {
      locale,
      settings: presentSettings(site, p.visitor, pushPublicKey),
      catalog: catalogs[locale],
      queries: [
        { key: ['user'], data: user },
        ...(user && welcome
          ? [{ key: [...welcomeKey(user.id)], data: { code: welcome, receivedAt: null } }]
          : []),
        ...page.queries,
      ],
      origin: siteOrigin(site, p.server.config),
      timeZone: user ? p.timeZone : undefined,
      timeZoneOffset: user && p.timeZone ? zoneOffsetMinutes(p.timeZone) : undefined,
    };
    const result = await entry.render(p.url, state);
    // The catalog stays out of the HTML (63-77 % of it once): a file of its own, preloaded here;
    // the console's texts (admin.*) are a second file that only the console's pages fetch.
    const catalog = catalogFile(locale);
    const consoleCatalog = isConsolePath(url.pathname) ? catalogFile(locale, 'console') : undefined;
    const browserState: BootState = {
      ...state,
      catalog: undefined,
      catalogUrl: catalog.url,
      consoleCatalogUrl: consoleCatalog?.url,
      countryNames: result.countryNames,
      formatted: result.formatted,
    };
    // A visitor's public page (home, info pages, landers, pricing) loads the app on interaction,
    // every other page once it has been painted: the loader instead of the entry, and neither the
    // catalog nor the route chunks up front (the loader fetches them, side by side with the entry).
    const hydrate =
      loader === undefined
        ? undefined
        : !user && entry.hydration(url.pathname) === 'interaction'
          ? 'interaction'
          : 'paint';
    const links = styles(entry.pageModules(url.pathname));
    const catalogUrls = [catalog.url, ...(consoleCatalog ? [consoleCatalog.url] : [])];
    const catalogLink = hydrate
      ? ''
      : catalogUrls.map((u) => `<link rel="preload" href="${u}" as="fetch" crossorigin>`).join('');
    const html = (
      loader && hydrate ? template.replace(loader.entryTag, loader.tag(links.scripts, catalogUrls)) : template
    )
      .replace('<html lang="en">', `<html lang="${locale}"${hydrate ? ` data-hydrate="${hydrate}"` : ''}>`)
      // The site's brand colours: its theme colour and the tokens' --site-brand (site-theme.ts).
      .replace(
        /<meta name="theme-color" content="[^"]*"\s*\/?>/,
        `<meta name="theme-color" content="${themeColor(site.config)}" />`,
      )
      .replace('<!--app-head-->', `${brandStyle(site.config)}${result.head}${catalogLink}`)
      // After the entry's stylesheet, so the cascade is the one the browser's lazy loading makes.
      .replace('</head>', `${links.styles}${hydrate ? '' : links.preloads}</head>`)
      .replace('<!--app-html-->', result.html)
      .replace(
        '<!--app-state-->',
        `<script type="application/json" id="${BOOT_STATE_ID}">${scriptJson(browserState)}</script>`,
      );
    return { status: page.status ?? result.status, html, slugLocale: page.locale };
  }

  return {
    clientDir: path.join(dist, 'client'),
    async render(req: FastifyRequest, reply: FastifyReply) {
      const url = new URL(req.url, 'http://x');
      // The first page a visitor lands on keeps the URL's traffic source (spec §3, first touch
      // wins), also when it answers with a redirect. Its cookie goes with this answer, cached or not.
      captureTracking(req, reply, url.searchParams);
      const p: PageRequest = {
        server: req.server,
        site: req.site,
        user: req.user,
        locale: req.locale,
        url: req.url,
        visitor: visitorFacts(req, req.site),
        // Read for a member only: a visitor's public page is cached for every visitor alike.
        timeZone: req.user ? validTimeZone(req.cookies[TIME_ZONE_COOKIE]) : undefined,
      };
      // A visitor's public page (home, info pages, landers, pricing: the pages that hydrate on interaction)
      // comes from the public page cache: never with a session cookie of either kind (a member's
      // or an operator's, valid or not), and only a 200 is kept. Asked first, before the routes
      // are matched (a few hundred microseconds): only a public page is ever kept under a path.
      const cache = req.server.publicPages;
      const key =
        req.user || req.cookies[SESSION_COOKIE] || req.cookies[OPERATOR_COOKIE] ? undefined : cacheKey(p);
      const page =
        (key === undefined ? undefined : cache.get(req.site, key)) ??
        (key !== undefined && entry.hydration(url.pathname) === 'interaction'
          ? await cache.load(
              req.site,
              key,
              () => renderPage(p).then(compressed),
              (r) => (r.br && r.gzip ? Buffer.byteLength(r.html) + r.br.length + r.gzip.length : undefined),
            )
          : await renderPage(p));
      if (page.noStore) return reply.header('cache-control', 'no-store').redirect(page.redirect!, 302);
      // A lander's language is kept for a visitor who chose none yet (so the signup it leads to, a
      // page load without JavaScript, speaks it too); ?lang=xx is kept as the visitor's choice.
      const langParam = url.searchParams.get('lang');
      const chosen = isLocale(langParam)
        ? langParam
        : page.slugLocale && !isLocale(req.cookies[LOCALE_COOKIE])
          ? page.slugLocale
          : null;
      if (chosen) {
        reply.setCookie(LOCALE_COOKIE, chosen, {
          path: '/',
          maxAge: LOCALE_COOKIE_MAX_AGE_S,
          sameSite: 'lax',
        });
      }
      if (page.redirect) return reply.redirect(page.redirect, 302);
      reply
        .status(page.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('vary', 'cookie');
      // A cached page goes out as compressed when kept (the compress plugin leaves it be).
      const encoding = acceptedEncoding(req);
      const body = encoding ? page[encoding] : undefined;
      if (encoding && body) {
        return reply
          .header('vary', 'cookie, accept-encoding')
          .header('content-encoding', encoding)
          .send(body);
      }
      return reply.send(page.html);
    },
  };
}
