import { DEFAULT_LOCALE, isLocale, type Locale } from '@amora/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.ts';
import { tFor } from './i18n.ts';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The language of a page no site's language decides (no site answers the host): the first
 * language of Accept-Language we have, else English.
 */
export function headerLocale(acceptLanguage: string | undefined): Locale {
  for (const part of String(acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLocale(code)) return code;
  }
  return DEFAULT_LOCALE;
}

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${esc(title)}</title></head>
<body style="font:16px/1.5 system-ui,sans-serif;color:#2a1f2d;margin:0;display:grid;place-items:center;min-height:100vh">
<main style="max-width:46rem;padding:24px">${body}</main></body></html>`;
}

const pre = (text: string) =>
  `<pre style="background:#f4eef5;padding:12px 16px;border-radius:8px;overflow-x:auto;white-space:pre-wrap"><code>${esc(text)}</code></pre>`;

/**
 * The set-up page of an installation without any site (issue 25: never a 500): what to run on
 * the server to create the first site and its first operator. It names only the host the request
 * came with (as a host name, nothing else of the request) and holds nothing of any site.
 */
export function setupPageHtml(locale: Locale, host: string): string {
  const t = tFor(locale);
  const domain = host || 'example.com';
  const create = [
    'npm run admin -- site create',
    `  --domain ${domain} --name "My site" --language en-US --countries US`,
    `  --company "My Company LLC" --support-email support@${domain} --prices-template usd`,
  ].join(' \\\n');
  const admin = `npm run admin -- create --email you@${domain} --name "Your Name" --role admin`;
  return page(
    locale,
    t('admin.setup.title'),
    `<h1 style="font-size:28px;margin:0 0 8px">${esc(t('admin.setup.title'))}</h1>
<p>${esc(t('admin.setup.lead'))}</p>
<p>${esc(t('admin.setup.siteStep'))}</p>${pre(create)}
<p>${esc(t('admin.setup.operatorStep'))}</p>${pre(admin)}
<p>${esc(t('admin.setup.then', { url: `https://${domain}/` }))}</p>
<p>${esc(t('admin.setup.readme'))}</p>`,
  );
}

/** The page of a host no site answers to on a live install: nothing of any site. */
export function unknownSitePageHtml(locale: Locale): string {
  const t = tFor(locale);
  return page(
    locale,
    t('admin.setup.unknownTitle'),
    `<h1 style="font-size:28px;margin:0 0 8px">${esc(t('admin.setup.unknownTitle'))}</h1>
<p>${esc(t('admin.setup.unknownText'))}</p>`,
  );
}

/**
 * Answers a request no site can serve: with no site at all, the set-up page (200; an API call
 * gets 503 `site_not_set_up`), else the 'unknown site' page (421 Misdirected Request: this server
 * has no site for that name; an API call the same status as JSON). Never a 500, never a site.
 */
export function answerWithoutSite(
  req: FastifyRequest,
  reply: FastifyReply,
  state: { anySite: boolean; host: string; api: boolean },
): FastifyReply {
  const locale = headerLocale(req.headers['accept-language']);
  reply.header('cache-control', 'no-store');
  if (state.api) {
    return state.anySite
      ? reply.status(421).send(errorBody(locale, 'site_unknown', 421))
      : reply.status(503).send(errorBody(locale, 'site_not_set_up', 503));
  }
  reply.type('text/html; charset=utf-8');
  return state.anySite
    ? reply.status(421).send(unknownSitePageHtml(locale))
    : reply.status(200).send(setupPageHtml(locale, state.host));
}
