import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Site } from '../../platform/sites.ts';
import { themeColor } from './site-theme.ts';

/** Icon sizes of the installed app: Android's and the splash screen's, iOS's 180, the badge's 96. */
export const ICON_SIZES = [96, 180, 192, 512] as const;
type IconSize = (typeof ICON_SIZES)[number];

/** The page background of the design tokens (styles/tokens.css --color-bg). */
const BACKGROUND = '#fff8f6';
const HEX = /^#[0-9a-f]{6}$/;

/** A #rrggbb darker by `f` (0..1): the deep end of the icon's gradient. */
function darker(hex: string, f: number): string {
  const c = [1, 3, 5].map((i) => Math.round(Number.parseInt(hex.slice(i, i + 2), 16) * (1 - f)));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The app icon of a site: the heart mark on the site's brand colour, full bleed with the heart in
 * the middle 60 % (the safe zone of a maskable icon, so launchers may crop it to any shape).
 */
export function iconSvg(site: Site): string {
  const from = themeColor(site.config);
  const dark = site.config.brand_color_dark?.toLowerCase();
  const to = dark && HEX.test(dark) ? dark : darker(from, 0.3);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="64" height="64" fill="url(#g)"/><path transform="translate(6.4 5.6) scale(0.8)" d="M32 50s-16-9.6-16-21.2C16 22.7 20.4 18 26 18c2.9 0 4.9 1.3 6 3.2 1.1-1.9 3.1-3.2 6-3.2 5.6 0 10 4.7 10 10.8C48 40.4 32 50 32 50z" fill="#fff"/></svg>`;
}

/** The web app manifest of a site (its own name and colours): installable on phones and desktops. */
export function webManifest(site: Site, locale: string) {
  const name = site.config.name;
  return {
    id: '/members',
    name,
    short_name: name.length <= 12 ? name : name.slice(0, 12).trim(),
    description: site.config.description || undefined,
    lang: locale,
    start_url: '/members',
    scope: '/',
    display: 'standalone',
    background_color: BACKGROUND,
    theme_color: themeColor(site.config),
    icons: [
      ...ICON_SIZES.filter((s) => s !== 96).map((s) => ({
        src: `/app-icon-${s}.png`,
        sizes: `${s}x${s}`,
        type: 'image/png',
        purpose: 'any',
      })),
      { src: '/app-icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * The installable app of spec §2/§4 (issue 15): `/manifest.webmanifest` and the icons it names,
 * per site (the Host), drawn from SVG by sharp on first request and kept in memory.
 */
export async function webManifestRoutes(app: FastifyInstance) {
  const icons = new Map<string, Promise<Buffer>>();
  app.get(
    '/manifest.webmanifest',
    { config: { access: 'public' }, schema: { hide: true } },
    async (req, reply) => {
      reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .header('vary', 'cookie');
      return JSON.stringify(webManifest(req.site, req.locale));
    },
  );
  for (const size of ICON_SIZES) {
    app.get(
      `/app-icon-${size}.png`,
      { config: { access: 'public' }, schema: { hide: true } },
      async (req, reply) => {
        const key = `${req.site.id}:${themeColor(req.site.config)}:${req.site.config.brand_color_dark ?? ''}:${size}`;
        let png = icons.get(key);
        if (!png) {
          png = sharp(Buffer.from(iconSvg(req.site)), { density: Math.ceil((72 * size) / 64) })
            .resize(size as IconSize, size)
            .png()
            .toBuffer();
          icons.set(key, png);
          png.catch(() => icons.delete(key));
        }
        return reply
          .type('image/png')
          .header('cache-control', 'public, max-age=86400')
          .send(await png);
      },
    );
  }
}
