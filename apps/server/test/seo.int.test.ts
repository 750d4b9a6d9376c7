import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.ts';

/** robots.txt, sitemap.xml and the sharing images, per site by its Host (issue 16, SEO and sharing). */
const t = useTestApp();

const get = (url: string, host: string) => t.app.inject({ method: 'GET', url, headers: { host } });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('robots.txt', () => {
  it("names the site's own sitemap and keeps crawlers out of private areas", async () => {
    const res = await get('/robots.txt', 'nl.localhost');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Sitemap: http://nl.localhost:3999/sitemap.xml');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /chats');
    // Member pages are crawled so that their noindex is seen.
    expect(res.body).not.toMatch(/Disallow: \/members/);
    expect((await get('/robots.txt', 'de.localhost')).body).toContain(
      'Sitemap: http://de.localhost:3999/sitemap.xml',
    );
  });
});

describe('sitemap.xml', () => {
  it("lists that site's home, info pages and landers, and only that site's URLs", async () => {
    const res = await get('/sitemap.xml', 'de.localhost');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const urls = locs(res.body);
    expect(urls).toContain('http://de.localhost:3999/');
    expect(urls).toContain('http://de.localhost:3999/pages/faq');
    expect(urls).toContain('http://de.localhost:3999/pages/terms');
    expect(urls).toContain('http://de.localhost:3999/landers/gallery');
    expect(urls).toContain('http://de.localhost:3999/landers/tinderswipe');
    for (const u of urls) expect(u.startsWith('http://de.localhost:3999/')).toBe(true);
    // hreflang alternates in the ?lang= scheme.
    expect(res.body).toContain('hreflang="pl" href="http://de.localhost:3999/pages/faq?lang=pl"');
    const other = locs((await get('/sitemap.xml', 'nl.localhost')).body);
    for (const u of other) expect(u.startsWith('http://nl.localhost:3999/')).toBe(true);
  });

  it('leaves the members area out unless the site opts in', async () => {
    const urls = locs((await get('/sitemap.xml', 'localhost')).body);
    expect(urls.some((u) => u.includes('/members'))).toBe(false);
    await t.db.query(
      `UPDATE sites SET config = config || '{"index_member_pages":true}' WHERE domain = 'localhost'`,
    );
    await t.app.sites.reload();
    try {
      const opted = locs((await get('/sitemap.xml', 'localhost')).body);
      expect(opted).toContain('http://localhost:3999/members');
      const settings = (await get('/api/settings.php', 'localhost')).json();
      expect(settings.index_member_pages).toBe(true);
      // Each member page listed is one the API shows a visitor.
      const member = opted.find((u) => /\/members\/[^/]+$/.test(u));
      if (member)
        expect(
          (await get(new URL(member).pathname.replace('/members/', '/api/members/'), 'localhost')).statusCode,
        ).toBe(200);
    } finally {
      await t.db.query(`UPDATE sites SET config = config - 'index_member_pages' WHERE domain = 'localhost'`);
      await t.app.sites.reload();
    }
  });
});

describe('sharing images', () => {
  it('draws a 1200x630 PNG per site and per lander, and nothing for unknown names', async () => {
    const site = await get('/og-image.png', 'de.localhost');
    expect(site.statusCode).toBe(200);
    expect(site.headers['content-type']).toBe('image/png');
    expect(site.rawPayload.readUInt32BE(16)).toBe(1200);
    expect(site.rawPayload.readUInt32BE(20)).toBe(630);
    const other = await get('/og-image.png', 'nl.localhost');
    expect(other.rawPayload.equals(site.rawPayload)).toBe(false);
    const lander = await get('/og-image/maplanding.png', 'de.localhost');
    expect(lander.statusCode).toBe(200);
    expect(lander.rawPayload.equals(site.rawPayload)).toBe(false);
    expect((await get('/og-image/nothing.png', 'de.localhost')).statusCode).toBe(404);
    expect((await get('/og-image/gallery.svg', 'de.localhost')).statusCode).toBe(404);
  });
});
