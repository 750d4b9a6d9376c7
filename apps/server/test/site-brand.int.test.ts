import { siteConfigSchema } from '@amora/contracts';
import { describe, expect, it } from 'vitest';
import { brandStyle } from '../src/features/sites/site-theme.ts';
import { useTestApp } from './helpers.ts';
import { useStubWebApp } from './stub-web.ts';

/**
 * The server's page renderer (ssr.ts) on the real application and database, with a stand-in for
 * the built web app: the real HTML template and an SSR entry that renders the site's name.
 */
const t = useTestApp();
const web = useStubWebApp(
  t,
  `{ html: '<main>' + state.settings.name + '</main>', head: '<title>t</title>', status: 200 }`,
);

const page = async (host: string) => {
  const res = await web.app.inject({ method: 'GET', url: '/', headers: { host } });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const head = (html: string) => html.slice(0, html.indexOf('</head>'));

describe("a site's brand colour", () => {
  it('reaches the page head: the tokens read it, the browser takes it as the theme colour', async () => {
    const html = await page('de.localhost');
    expect(html).toContain('<main>Kurvenglück</main>');
    expect(head(html)).toContain('<style id="site-brand">:root{--site-brand:#0f766e}</style>');
    expect(head(html)).toContain('<meta name="theme-color" content="#0f766e" />');
  });

  it('leaves a site without one in Amora colours', async () => {
    const html = await page('localhost');
    expect(html).not.toContain('--site-brand');
    expect(head(html)).toContain('<meta name="theme-color" content="#c2185b" />');
  });

  it('brings the dark shade too when the site sets one', async () => {
    await t.db.query(
      `UPDATE sites SET config = config || '{"brand_color": "#1D4ED8", "brand_color_dark": "#1e1b4b"}'
       WHERE domain = 'nl.localhost'`,
    );
    await web.app.sites.reload();
    const html = await page('nl.localhost');
    expect(head(html)).toContain(
      '<style id="site-brand">:root{--site-brand:#1d4ed8;--site-brand-dark:#1e1b4b}</style>',
    );
    const settings = await web.app.inject({ url: '/api/settings.php', headers: { host: 'nl.localhost' } });
    expect(settings.json()).toMatchObject({ brand_color: '#1D4ED8', brand_color_dark: '#1e1b4b' });
  });

  it('is refused unless #rrggbb and dark enough: by the settings, by the database, by the page', async () => {
    const [row] = await t.db.query<{ config: object }>(
      "SELECT config FROM sites WHERE domain = 'de.localhost'",
    );
    const config = (brand: string) => siteConfigSchema.safeParse({ ...row!.config, brand_color: brand });
    expect(config('#0f766e').success).toBe(true);
    for (const bad of [
      'red',
      '#0f7',
      '#0f766e80',
      '#0f766e;}body{display:none',
      '</style><script>',
      '#ffcc00',
    ]) {
      expect(config(bad).success, bad).toBe(false);
    }
    // #ffcc00 has the form but not the contrast: white text on it reads at 1.6:1.
    expect(config('#ffcc00').error?.issues[0]?.message).toMatch(/4\.5:1/);

    const attack = '</style><script>alert(1)</script>';
    await expect(
      t.db.query(
        `UPDATE sites SET config = jsonb_set(config, '{brand_color}', $1) WHERE domain = 'de.localhost'`,
        [JSON.stringify(attack)],
      ),
    ).rejects.toThrow(/sites_brand_color_check/);
    await expect(
      t.db.query(
        `UPDATE sites SET config = config || '{"brand_color_dark": "navy"}' WHERE domain = 'de.localhost'`,
      ),
    ).rejects.toThrow(/sites_brand_color_check/);

    // And should a value get past both, the page leaves it out rather than write it.
    expect(brandStyle({ brand_color: attack })).toBe('');
    expect(brandStyle({ brand_color: '#0f766e', brand_color_dark: 'navy' })).toBe(
      '<style id="site-brand">:root{--site-brand:#0f766e}</style>',
    );
    expect(head(await page('de.localhost'))).not.toContain('<script>');
  });
});
