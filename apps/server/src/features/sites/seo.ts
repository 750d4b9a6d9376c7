import { LANDER_DESIGNS, type LanderDesign } from '@amora/contracts';
import { INFO_PAGES, LOCALE_CODES } from '@amora/i18n';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Site } from '../../platform/sites.ts';
import { featuredMembers } from '../members/members.service.ts';
import { siteOrigin } from './site-origin.ts';
import { themeColor } from './site-theme.ts';

/**
 * What search engines and link previews learn of a site (issue 16, SEO and sharing), per site (the
 * Host): robots.txt, sitemap.xml, and the Open Graph / Twitter card images drawn by sharp.
 *
 * The nine landers of spec §2 are listed by their canonical path (`/landers/{design}`, without a
 * slug: every slug variant names it as canonical). The members area (/members, member pages) is
 * left out of the sitemap and its pages say noindex, unless the site's `index_member_pages` opts in.
 */
const isLander = (v: string): v is LanderDesign => (LANDER_DESIGNS as readonly string[]).includes(v);

/** Member pages listed in an opted-in sitemap: those the home page shows (members.service featured). */
const SITEMAP_MEMBERS = 100;

/** Private areas: nothing there for a crawler (pages answer a visitor with a login or a form). */
const DISALLOWED = [
  '/api/',
  '/dev/',
  '/chats',
  '/likes',
  '/credits',
  '/transactions',
  '/directdebit',
  '/profile',
  '/notifications',
  '/complete-signup',
  '/signup-matches',
  '/reset-password',
  '/activate/',
  '/mail-change/',
  '/unsubscribe',
  '/swipe-game',
  '/match-finder',
];

export function robotsTxt(origin: string): string {
  // The members area is not disallowed: its pages must be crawled to be seen saying noindex.
  return `User-agent: *\n${DISALLOWED.map((p) => `Disallow: ${p}`).join('\n')}\n\nSitemap: ${origin}/sitemap.xml\n`;
}

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The site's public paths for its sitemap: home, info pages, landers, pricing (and members, opted in). */
export async function sitemapPaths(app: FastifyInstance, site: Site): Promise<string[]> {
  const paths = [
    '/',
    '/pricing',
    ...INFO_PAGES.map((p) => `/pages/${p}`),
    ...LANDER_DESIGNS.map((l) => `/landers/${l}`),
  ];
  if (site.config.index_member_pages) {
    const { members } = await featuredMembers(app.db, site, SITEMAP_MEMBERS);
    paths.push('/members', ...members.map((m) => `/members/${m.id}`));
  }
  return paths;
}

/** sitemap.xml with each URL's language alternates (the `?lang=xx` scheme of ARCHITECTURE.md). */
export function sitemapXml(origin: string, paths: string[]): string {
  const urls = paths.map((p) => {
    const loc = `${origin}${p}`;
    const alternates = [
      ...LOCALE_CODES.map(
        (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${xml(`${loc}?lang=${l}`)}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(loc)}"/>`,
    ];
    return `<url><loc>${xml(loc)}</loc>${alternates.join('')}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** A #rrggbb darker by `f` (0..1). */
function darker(hex: string, f: number): string {
  const c = [1, 3, 5].map((i) => Math.round(Number.parseInt(hex.slice(i, i + 2), 16) * (1 - f)));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

const HEART =
  'M32 50s-16-9.6-16-21.2C16 22.7 20.4 18 26 18c2.9 0 4.9 1.3 6 3.2 1.1-1.9 3.1-3.2 6-3.2 5.6 0 10 4.7 10 10.8C48 40.4 32 50 32 50z';

/** Each lander's motif on its card, drawn on the right half (x 640-1160, y 80-550). */
function motif(lander: LanderDesign | undefined): string {
  const w = 'fill="#fff"';
  switch (lander) {
    case 'collagelanding':
    case 'gallery':
    case 'iconslanding':
      return [0, 1, 2]
        .flatMap((r) =>
          [0, 1, 2].map(
            (c) =>
              `<rect x="${700 + c * 150}" y="${120 + r * 140}" width="130" height="120" rx="${lander === 'iconslanding' ? 60 : 16}" ${w} opacity="${0.35 + ((r + c) % 3) * 0.2}"/>`,
          ),
        )
        .join('');
    case 'maplanding':
      return `<rect x="690" y="110" width="440" height="410" rx="24" ${w} opacity="0.2"/>${[
        [760, 200],
        [900, 260],
        [1040, 180],
        [820, 400],
        [980, 430],
        [1080, 330],
      ]
        .map(
          ([x, y]) =>
            `<circle cx="${x}" cy="${y}" r="14" ${w}/><circle cx="${x}" cy="${y}" r="30" ${w} opacity="0.3"/>`,
        )
        .join('')}`;
    case 'tinderswipe':
      return `<rect x="760" y="140" width="300" height="380" rx="28" ${w} opacity="0.3" transform="rotate(-8 910 330)"/><rect x="760" y="130" width="300" height="380" rx="28" ${w} opacity="0.9"/><path transform="translate(846 250) scale(2)" d="${HEART}" fill="${'#000'}" opacity="0.15"/>`;
    case 'video':
    case 'transitionsvideolanding':
      return `<rect x="690" y="140" width="460" height="320" rx="28" ${w} opacity="0.25"/><path d="M870 220 L1010 300 L870 380 Z" ${w}/>`;
    case 'socialnetwork':
    case 'alonetonight':
      return [0, 1, 2]
        .map(
          (i) =>
            `<circle cx="740" cy="${170 + i * 130}" r="40" ${w} opacity="0.8"/><rect x="800" y="${145 + i * 130}" width="${320 - i * 60}" height="22" rx="11" ${w} opacity="0.6"/><rect x="800" y="${180 + i * 130}" width="${220 - i * 40}" height="16" rx="8" ${w} opacity="0.35"/>`,
        )
        .join('');
    default:
      return `<path transform="translate(700 90) scale(7.5)" d="${HEART}" ${w} opacity="0.9"/>`;
  }
}

/** The 1200 x 630 sharing card of a site (or one of its landers): brand gradient, mark, name, words. */
export function ogImageSvg(site: Site, lander?: LanderDesign): string {
  const from = themeColor(site.config);
  const dark = site.config.brand_color_dark;
  const to = dark && /^#[0-9a-fA-F]{6}$/.test(dark) ? dark : darker(from, 0.35);
  const name = xml(site.config.name);
  const words = xml((site.config.index_title || site.config.description).slice(0, 60));
  const size = name.length > 10 ? 64 : 84;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="630" fill="url(#g)"/><path transform="translate(56 60) scale(1.6)" d="${HEART}" fill="#fff"/><text x="72" y="330" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${size}" fill="#fff">${name}</text><text x="72" y="400" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#fff" opacity="0.9">${words}</text><text x="72" y="560" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" fill="#fff" opacity="0.75">18+</text>${motif(lander)}</svg>`;
}

/** robots.txt, sitemap.xml and the sharing images, per site. */
export async function seoRoutes(app: FastifyInstance) {
  const images = new Map<string, Promise<Buffer>>();
  const ogImage = (site: Site, lander?: LanderDesign): Promise<Buffer> => {
    const key = `${site.id}:${site.config.name}:${themeColor(site.config)}:${site.config.brand_color_dark ?? ''}:${site.config.index_title}:${lander ?? ''}`;
    let png = images.get(key);
    if (!png) {
      png = sharp(Buffer.from(ogImageSvg(site, lander)))
        .png({ compressionLevel: 9 })
        .toBuffer();
      images.set(key, png);
      png.catch(() => images.delete(key));
    }
    return png;
  };
  const opts = { config: { access: 'public' as const }, schema: { hide: true } };

  app.get('/robots.txt', opts, async (req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(siteOrigin(req.site, app.config))),
  );

  app.get('/sitemap.xml', opts, async (req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(siteOrigin(req.site, app.config), await sitemapPaths(app, req.site))),
  );

  app.get('/og-image.png', opts, async (req, reply) =>
    reply
      .type('image/png')
      .header('cache-control', 'public, max-age=86400')
      .send(await ogImage(req.site)),
  );

  app.get<{ Params: { lander: string } }>('/og-image/:lander', opts, async (req, reply) => {
    const lander = req.params.lander.replace(/\.png$/, '');
    if (!req.params.lander.endsWith('.png') || !isLander(lander)) return reply.callNotFound();
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=86400')
      .send(await ogImage(req.site, lander));
  });
}
