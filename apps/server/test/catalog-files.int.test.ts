import { BOOT_STATE_ID } from '@amora/contracts/rules';
import en from '@amora/i18n/locales/en.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.ts';
import { useStubWebApp } from './stub-web.ts';

/**
 * The catalog files a page's browser fetches (ssr.ts, platform/i18n.ts catalogFile): every page
 * gets the texts without the operator console's (admin.*), the console's pages get those too as a
 * file of their own (issue 16 item 6: 18 % of the catalog that no member or visitor needs).
 */
const t = useTestApp();
const web = useStubWebApp(t, `{ html: '<main>page</main>', head: '<title>t</title>', status: 200 }`);

async function bootOf(url: string) {
  const res = await web.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
  expect(res.statusCode).toBe(200);
  const json = res.body.match(
    new RegExp(`<script type="application/json" id="${BOOT_STATE_ID}">(.*?)</script>`),
  )?.[1];
  const head = res.body.slice(0, res.body.indexOf('</head>'));
  return { state: JSON.parse(json ?? '{}') as { catalogUrl?: string; consoleCatalogUrl?: string }, head };
}
const fetchJson = async (url: string) => {
  const res = await web.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
  expect(res.statusCode).toBe(200);
  return res.json() as Record<string, unknown>;
};

describe('catalog files', () => {
  it("a member's or visitor's page gets every text but the console's", async () => {
    const { state, head } = await bootOf('/members');
    expect(state.consoleCatalogUrl).toBeUndefined();
    expect(head).toContain(`<link rel="preload" href="${state.catalogUrl}" as="fetch" crossorigin>`);
    const catalog = await fetchJson(state.catalogUrl!);
    expect(catalog.nav).toEqual(en.nav);
    expect(catalog).not.toHaveProperty('admin');
    expect(Object.keys(catalog).sort()).toEqual(
      Object.keys(en)
        .filter((k) => k !== 'admin')
        .sort(),
    );
  });

  it("a console page gets the console's texts as a second file, preloaded beside the first", async () => {
    const { state, head } = await bootOf('/admin/members');
    expect(state.catalogUrl).toBe((await bootOf('/members')).state.catalogUrl);
    expect(state.consoleCatalogUrl).toMatch(/^\/i18n\/en-console-[\w-]{10}\.json$/);
    expect(head).toContain(`<link rel="preload" href="${state.consoleCatalogUrl}" as="fetch" crossorigin>`);
    expect(await fetchJson(state.consoleCatalogUrl!)).toEqual({ admin: en.admin });
  });

  it('answers 404 for a name that is not the current file', async () => {
    for (const url of ['/i18n/en-console-AAAAAAAAAA.json', '/i18n/xx-console-AAAAAAAAAA.json']) {
      const res = await web.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
      expect(res.statusCode).toBe(404);
    }
  });
});
