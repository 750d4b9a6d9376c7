import de from '@amora/i18n/locales/de.json' with { type: 'json' };
import en from '@amora/i18n/locales/en.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { runAdminCli } from '../src/cli/admin.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-sites.ts';
import { order } from './checkout.ts';
import { useTestApp, Visitor } from './helpers.ts';
import { useStubWebApp } from './stub-web.ts';

/**
 * Issue 25 item 4, "Going live": a production start on an empty database. Nothing is seeded, no
 * demo login works, every page answers the set-up page (200, never 500) until the command line
 * creates a site, whose home page then shows its name; a host no site answers to gets the
 * 'unknown site' page, never another site; without a named provider nothing is sold, and the
 * member is told so.
 */
const t = useTestApp({
  seed: false,
  env: { NODE_ENV: 'production', PUBLIC_URL: 'https://lumen.example' },
});
// The pages as the web app renders them: here a stand-in whose page is the site's name.
const web = useStubWebApp(
  t,
  "({ html: '<main><h1>' + state.settings.name + '</h1></main>', head: '', status: 200 })",
);

const get = (url: string, host: string, headers: Record<string, string> = {}) =>
  web.app.inject({ method: 'GET', url, headers: { host, ...headers } });

async function cli(argv: string[]) {
  const out: string[] = [];
  const code = await runAdminCli(t.db, argv, { out: (l) => out.push(l), env: {} });
  return { code, out: out.join('\n') };
}

const SITE = [
  'site',
  'create',
  '--domain',
  'lumen.example',
  '--aliases',
  'www.lumen.example',
  '--name',
  'Lumen Dating',
  '--language',
  'de-DE',
  '--countries',
  'DE,AT',
  '--company',
  'Lumen GmbH',
  '--company-address',
  'Torstraße 1',
  '--company-city',
  '10119 Berlin',
  '--company-country',
  'Deutschland',
  '--support-email',
  'hilfe@lumen.example',
  '--prices-template',
  'eur',
];

describe('a production start on an empty database', () => {
  it('turns every development convenience off and seeds nothing', async () => {
    expect(t.config).toMatchObject({
      live: true,
      seedDemo: false,
      apiDocs: false,
      devTools: false,
      payments: { provider: 'off' },
    });
    const [counts] = await t.db.query<{ sites: number; users: number }>(
      'SELECT (SELECT count(*)::int FROM sites) AS sites, (SELECT count(*)::int FROM users) AS users',
    );
    expect(counts).toEqual({ sites: 0, users: 0 });
  });

  it('answers every page with the set-up page (200), every API call with a clear refusal, never 500', async () => {
    for (const path of ['/', '/members', '/login', '/admin', '/pages/terms', '/favicon.svg']) {
      const res = await get(path, 'lumen.example');
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(en.admin.setup.title);
      // It says how: the command, with this host as the domain.
      expect(res.body).toContain('npm run admin -- site create');
      expect(res.body).toContain('--domain lumen.example');
    }
    const german = await get('/', 'lumen.example', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(german.body).toContain(de.admin.setup.title);
    // Nothing but a host name of the request goes into the page.
    const odd = await get('/', '<script>x</script>');
    expect(odd.statusCode).toBe(200);
    expect(odd.body).not.toContain('<script>x');
    const settings = await get('/api/settings.php', 'lumen.example');
    expect(settings.statusCode).toBe(503);
    expect(settings.json().error).toMatchObject({
      code: 'site_not_set_up',
      message: en.errors.site_not_set_up,
    });
    const login = await new Visitor(web.app, 'lumen.example').post('/api/user.php', {
      email: 'demo1@amora-en.test',
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).toBe(503);
    // A load balancer's health check answers, whatever the host.
    const health = await get('/api/health', '10.0.0.5:3000');
    expect(health.statusCode).toBe(200);
    expect(health.json().status).toBe('ok');
    // Cookies of no site change nothing there (no session is looked up without a site).
    const withCookies = await get('/api/health', '10.0.0.5:3000', {
      cookie: 'auth.session=abc; auth.op=def',
    });
    expect(withCookies.statusCode).toBe(200);
  });

  it('the command line creates a site, with prices from a template, whose home page shows its name', async () => {
    const made = await cli(SITE);
    expect(made.out).toContain('Site lumen.example created');
    expect(made.code).toBe(0);
    expect(made.out).toMatch(/p0 25 credits 9\.99 EUR/);
    const home = await get('/', 'lumen.example');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<h1>Lumen Dating</h1>');
    expect((await get('/', 'WWW.Lumen.Example')).body).toContain('<h1>Lumen Dating</h1>');
    const settings = (await get('/api/settings.php', 'lumen.example')).json();
    expect(settings).toMatchObject({
      name: 'Lumen Dating',
      domain_language: 'de-DE',
      countries: ['DE', 'AT'],
      currency: 'EUR',
      company_name: 'Lumen GmbH',
      support_email: 'hilfe@lumen.example',
      delete_discount: 0,
      fictional_profiles: false,
    });
    expect(settings.packages.map((p: { prices: Record<string, number> }) => Object.keys(p.prices))).toEqual([
      ['EUR'],
      ['EUR'],
      ['EUR'],
      ['EUR'],
    ]);
    expect((await cli(['site', 'list'])).out).toMatch(
      /lumen\.example \(www\.lumen\.example\)\tLumen Dating\tde-DE/,
    );
    // The same domain twice is refused, and says why.
    const again = await cli(SITE);
    expect(again.code).toBe(1);
    expect(again.out).toContain('domain: host_taken');
    // No demo member came with it.
    const [users] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(users!.n).toBe(0);
  });

  it('refuses hosts no site answers to with the unknown-site page, never another site', async () => {
    for (const host of ['other.example', 'localhost', '127.0.0.1:3000', '']) {
      const page = await get('/', host);
      expect(page.statusCode, host).toBe(421);
      expect(page.body).toContain(en.admin.setup.unknownTitle);
      expect(page.body).not.toContain('Lumen');
      const api = await get('/api/settings.php', host);
      expect(api.statusCode).toBe(421);
      expect(api.json().error.code).toBe('site_unknown');
      expect(api.body).not.toContain('Lumen');
    }
  });

  it('lets no demo login in, and shows no API document to visitors', async () => {
    for (const email of ['demo1@amora-en.test', 'demo1@hartjes-nl.test']) {
      const res = await new Visitor(web.app, 'lumen.example').post('/api/user.php', {
        email,
        password: DEMO_PASSWORD,
      });
      expect(res.statusCode).toBe(401);
    }
    expect((await get('/api/docs', 'lumen.example')).statusCode).toBe(404);
    expect((await get('/api/docs/json', 'lumen.example')).statusCode).toBe(404);
  });

  it('sells nothing without a named provider, and says so', async () => {
    const { v } = await t.member({}, 'lumen.example');
    const res = await order(v, { method: 'creditcard' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({ code: 'payments_off', message: de.errors.payments_off });
    const [orders] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    expect(orders!.n).toBe(0);
  });
});
