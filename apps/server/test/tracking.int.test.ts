import de from '@amora/i18n/locales/de.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSignup, useTestApp, Visitor } from './helpers.ts';
import { useStubWebApp } from './stub-web.ts';

/**
 * Traffic sources (spec §3 tracking record, §4 signups and logged-out search, §9 parameters) on
 * the real application and database, pages rendered by ssr.ts with a stand-in for the built web
 * app (the real template; an entry that shows whether the page's settings know a source).
 */
const t = useTestApp();
const web = useStubWebApp(
  t,
  `{ html: '<main>source:' + state.settings.traffic_source + '</main>', head: '', status: 200 }`,
);

async function setSite(domain: string, config: Record<string, string>) {
  await t.db.query('UPDATE sites SET config = config || $1::jsonb WHERE domain = $2', [
    JSON.stringify(config),
    domain,
  ]);
  await t.app.sites.reload();
  await web.app.sites.reload();
}

const storedTracking = async (email: string) =>
  (await t.db.query<{ tracking: unknown }>('SELECT tracking FROM users WHERE email = $1', [email]))[0]
    ?.tracking;

describe('the traffic source of the first landing', () => {
  it('is kept from the first page through signup and stored with the account', async () => {
    const v = new Visitor(web.app);
    const landing = await v.get('/landers/gallery?network=%7Badnet%7D&aff_sub=abc&sub2={x}&utm_source=zz');
    expect(landing.body).toContain('source:true');
    // First touch wins: a later URL with another source changes nothing.
    await v.get('/?network=other&sub=zzz');
    await v.get('/pages/faq');
    const body = newSignup();
    // The browser sends nothing: the server's record counts.
    expect((await v.post('/api/signup', body)).statusCode).toBe(202);
    expect(await storedTracking(body.email)).toEqual({ network: 'adnet', sub1: 'abc', sub2: 'x' });
  });

  it('is not made up: no parameters, no record; the server record beats the one a browser sends', async () => {
    const v = new Visitor(web.app);
    const page = await v.get('/?page=2&utm_source=x');
    expect(page.body).toContain('source:false');
    expect(page.headers['set-cookie']?.toString() ?? '').not.toContain('amora_src');
    const plain = newSignup();
    expect((await v.post('/api/signup', plain)).statusCode).toBe(202);
    expect(await storedTracking(plain.email)).toBeNull();

    const w = new Visitor(web.app);
    await w.get('/?ref=partner1');
    const sent = newSignup({ tracking: { network: 'forged' } });
    expect((await w.post('/api/signup', sent)).statusCode).toBe(202);
    expect(await storedTracking(sent.email)).toEqual({ ref: 'partner1' });
  });

  it('reads a tampered cookie through the same rules (unknown fields, braces and lengths)', async () => {
    const v = new Visitor(web.app);
    v.cookies.set(
      'amora_src',
      encodeURIComponent(JSON.stringify({ network: `{${'n'.repeat(900)}}`, evil: 'x' })),
    );
    const body = newSignup();
    expect((await v.post('/api/signup', body)).statusCode).toBe(202);
    expect(await storedTracking(body.email)).toEqual({ network: 'n'.repeat(200) });
    const garbage = new Visitor(web.app);
    garbage.cookies.set('amora_src', 'not%20json');
    expect((await garbage.get('/')).body).toContain('source:false');
  });
});

describe("a site whose signups are 'with_trafficsource' (spec §4)", () => {
  beforeAll(() => setSite('de.localhost', { signups: 'with_trafficsource' }));
  afterAll(() => setSite('de.localhost', { signups: 'all' }));

  it('refuses a signup without a source with the translated notice, and changes nothing', async () => {
    const v = new Visitor(web.app, 'de.localhost');
    await v.get('/');
    const body = newSignup();
    const res = await v.post('/api/signup', body);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'signups_closed', message: de.errors.signups_closed });
    expect(await storedTracking(body.email)).toBeUndefined();
  });

  it('accepts one from a visitor who landed with a source', async () => {
    const v = new Visitor(web.app, 'de.localhost');
    await v.get('/?network=partner&sub1=s1');
    const body = newSignup();
    expect((await v.post('/api/signup', body)).statusCode).toBe(202);
    expect(await storedTracking(body.email)).toEqual({ network: 'partner', sub1: 's1' });
  });
});

describe("logged-out search 'with traffic source' (spec §4)", () => {
  beforeAll(() =>
    setSite('de.localhost', { logged_out_search: 'none', logged_out_search_trafficsource: 'all' }),
  );
  afterAll(() =>
    setSite('de.localhost', { logged_out_search: 'all', logged_out_search_trafficsource: 'all' }),
  );

  it('answers results to a visitor who carries a source', async () => {
    const v = new Visitor(web.app, 'de.localhost');
    await v.get('/members?sub=campaign7');
    const res = await v.get('/api/search');
    expect(res.statusCode).toBe(200);
    expect(res.json().members.length).toBeGreaterThan(0);
    expect((await v.get('/api/settings.php')).json().traffic_source).toBe(true);
  });

  it('asks a visitor without one to log in', async () => {
    const v = new Visitor(web.app, 'de.localhost');
    await v.get('/members');
    const res = await v.get('/api/search');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('authentication_required');
    expect((await v.get('/api/settings.php')).json().traffic_source).toBe(false);
  });

  it('stays closed when the traffic-source variant is off too', async () => {
    await setSite('de.localhost', { logged_out_search_trafficsource: 'none' });
    const v = new Visitor(web.app, 'de.localhost');
    await v.get('/?network=n');
    expect((await v.get('/api/search')).statusCode).toBe(403);
  });
});

describe('the site-entry warning dismissal', () => {
  it('reaches the server through its cookie', async () => {
    const v = new Visitor(web.app);
    expect((await v.get('/api/settings.php')).json().entry_warning_dismissed).toBe(false);
    v.cookies.set('amora_entry_ok', String(Date.now()));
    expect((await v.get('/api/settings.php')).json().entry_warning_dismissed).toBe(true);
    v.cookies.set('amora_entry_ok', 'yes<script>');
    expect((await v.get('/api/settings.php')).json().entry_warning_dismissed).toBe(false);
  });
});
