import fs from 'node:fs';
import path from 'node:path';
import { isLocale, type Locale } from '@amora/i18n';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerWithAccess } from './access.ts';
import { errorBody } from './errors.ts';
import { catalogFile, tFor } from './i18n.ts';
import { routePath } from './request-context.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The error page of spec §8 (message, status 500, a way home), when the app itself cannot render. */
function errorPage(locale: string, siteName: string): string {
  const t = tFor(locale as Parameters<typeof tFor>[0]);
  return `<!doctype html><html lang="${esc(locale)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>500 – ${esc(siteName)}</title></head>
<body style="font:16px/1.5 system-ui,sans-serif;color:#2a1f2d;display:grid;place-items:center;min-height:100vh;margin:0">
<main style="text-align:center;padding:24px"><p style="font-size:48px;font-weight:700;margin:0">500</p>
<p>${esc(t('errors.generic'))}</p><p><a href="/">${esc(siteName)}</a></p></main></body></html>`;
}

/** A page as ssr.ts renders it for one request: its HTML and status, or a redirect. */
export interface RenderedPage {
  status: number;
  /** '' for a redirect. */
  html: string;
  redirect?: string;
  /** An auth redirect (spec §2), decided before anything rendered: answered with no-store. */
  noStore?: boolean;
  /** The language a lander's slug picks (kept in the visitor's cookie when they chose none). */
  slugLocale?: Locale;
  /** The HTML compressed, made once for a page the public page cache keeps (not per answer). */
  br?: Buffer;
  gzip?: Buffer;
}

/** The compression a request accepts of the two the server makes ahead: brotli, else gzip. */
export function acceptedEncoding(req: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
}

export interface SsrRenderer {
  clientDir: string;
  render(req: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** Built client assets, then every other GET outside /api is rendered by the web app. */
export async function webRoutes(app: FastifyInstance, opts: { ssr?: SsrRenderer }) {
  const { ssr } = opts;
  if (ssr) {
    await registerWithAccess(app, 'public', (scope) =>
      scope.register(fastifyStatic, {
        root: path.join(ssr.clientDir, 'assets'),
        prefix: '/assets/',
        decorateReply: false,
        immutable: true,
        maxAge: '365d',
        index: false,
        // The build's .br/.gz copies (apps/web/vite.config.ts precompress), chosen by Accept-Encoding.
        preCompressed: true,
      }),
    );
    // robots.txt is per site: features/sites/seo.ts.
    for (const file of ['favicon.svg']) {
      const full = path.join(ssr.clientDir, file);
      if (!fs.existsSync(full)) continue;
      const body = fs.readFileSync(full);
      // The web app manifest is per site: features/sites/web-manifest.ts.
      const type = file.endsWith('.svg') ? 'image/svg+xml' : 'text/plain; charset=utf-8';
      app.get(`/${file}`, { config: { access: 'public' }, schema: { hide: true } }, (_req, reply) =>
        reply.type(type).header('cache-control', 'public, max-age=3600').send(body),
      );
    }
  }

  // The pages' catalogs and the console's texts (i18n.ts catalogFile), named by their content: cached for good, sent
  // compressed as the browser accepts (compressed once per process, not per request).
  app.get<{ Params: { file: string } }>(
    '/i18n/:file',
    { config: { access: 'public' }, schema: { hide: true } },
    (req, reply) => {
      const [, locale, consolePart] = /^([a-z]{2})-(console-)?[\w-]{10}\.json$/.exec(req.params.file) ?? [];
      const part = consolePart ? 'console' : 'pages';
      if (!isLocale(locale) || catalogFile(locale, part).url !== `/i18n/${req.params.file}`)
        return reply.callNotFound();
      const file = catalogFile(locale, part);
      const encoding = acceptedEncoding(req);
      reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : file.json);
    },
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (req, reply) => {
      const path = routePath(req);
      if (path.startsWith('/api/') || path === '/api') {
        return reply.status(404).send(errorBody(req.locale, 'not_found', 404));
      }
      if (!ssr) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built. Run `npm run build` (or `npm start`).');
      }
      try {
        return await ssr.render(req, reply);
      } catch (err) {
        // A page whose data could not be read is an error page with status 500, never a skeleton.
        req.log.error({ err }, 'page render failed');
        return reply
          .status(500)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(errorPage(req.locale, req.site.config.name));
      }
    },
  });

  app.setNotFoundHandler((req, reply) => reply.status(404).send(errorBody(req.locale, 'not_found', 404)));
}
