import { describe, expect, it } from 'vitest';
import { useTestApp, Visitor } from './helpers.ts';
import { consoleClient } from './operators.ts';
import { useStubWebApp } from './stub-web.ts';

/**
 * The public page cache (issue 16 item 6; platform/page-cache.ts, ssr.ts): a visitor's home, info
 * pages and landers are rendered once and served from memory for a few seconds, to every visitor
 * whose page would be the same, never to anyone whose page differs. On the real application and
 * database with a stand-in for the built web app whose page shows what it was rendered from, and
 * its render number (the same number twice: the second visitor got the first one's page).
 */
const t = useTestApp({ members: 16 });
let now = Date.now();
const web = useStubWebApp(
  t,
  `{
    html: '<main>render ' + renders + ' ' + JSON.stringify({
      locale: state.locale,
      dismissed: state.settings.entry_warning_dismissed,
      source: state.settings.traffic_source,
      country: state.settings.geoip_selected_country,
      user: state.queries[0].data ? state.queries[0].data.id : null,
      name: state.settings.name,
      members: (state.queries.find((q) => q.key[0] === 'lander')?.data.members ?? []).map((m) => m.id),
    }) + '</main>',
    head: '',
    status: url.startsWith('/pages/missing') ? 404 : 200,
  }`,
  {
    pageData: `((m) => (m ? [{ kind: 'lander', design: m[1], slug: m[2] }] : []))(
      /^\\/landers\\/([^/]+)(?:\\/([^/]+))?$/.exec(pathname))`,
    pageCache: { now: () => now },
  },
);

interface Shown {
  render: number;
  locale: string;
  dismissed: boolean;
  source: boolean;
  country: string;
  user: string | null;
  name: string;
  members: string[];
}

/** What a page answer shows: the stand-in's render number and what it rendered from. */
function shown(res: { statusCode: number; body: string }): Shown {
  const m = /<main>render (\d+) (.*?)<\/main>/s.exec(res.body);
  if (!m) throw new Error(`no page in the answer (${res.statusCode}): ${res.body.slice(0, 200)}`);
  return { render: Number(m[1]), ...JSON.parse(m[2]!) };
}

/** A browser on the stand-in app (cookies kept per visitor). */
const visitor = (host = 'localhost:3999') => new Visitor(web.app, host);
const open = async (v: Visitor, url: string) => {
  const res = await v.get(url, { accept: 'text/html' });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return shown(res);
};
const setCookies = (res: { headers: Record<string, unknown> }): string[] =>
  [(res.headers['set-cookie'] as string | string[] | undefined) ?? []].flat();

describe('a public page', () => {
  it('renders once for visitors whose page is the same, each still getting their own cookies', async () => {
    const first = await open(visitor(), '/pages/faq');
    // A browser's first request, without any cookie yet.
    const res = await web.app.inject({ url: '/pages/faq', headers: { host: 'localhost:3999' } });
    // The second visitor gets the page the first one's visit rendered...
    expect(shown(res).render).toBe(first.render);
    // ...with a CSRF token of their own (set per answer, never part of the cached page).
    const csrf = setCookies(res).find((c) => c.startsWith('auth.csrf='));
    expect(csrf).toBeDefined();
    expect(res.body).not.toContain(csrf!.split(';')[0]!.slice('auth.csrf='.length));

    // A traffic source from the URL is kept in each visitor's own cookie, cached page or not.
    const c = visitor();
    const d = visitor();
    const landed = await open(c, '/?ref=partner7');
    expect(landed.source).toBe(true);
    const again = await d.get('/?ref=partner7');
    expect(shown(again).render).toBe(landed.render);
    expect(setCookies(again).some((x) => x.startsWith('amora_src='))).toBe(true);
    // A later page of that visitor knows the source too (its own page, not the sourceless one).
    const plain = await open(visitor(), '/pages/terms');
    expect(plain.source).toBe(false);
    expect((await open(d, '/pages/terms')).source).toBe(true);
  });

  it('differs for visitors of other languages, dismissals and countries, each getting their own', async () => {
    const plain = visitor();
    const german = visitor();
    german.cookies.set('i18n_locale', 'de');
    const dismissed = visitor();
    dismissed.cookies.set('amora_entry_ok', String(Date.now()));
    const first = await open(plain, '/pages/privacy');
    const de = await open(german, '/pages/privacy');
    const ok = await open(dismissed, '/pages/privacy');
    expect([first.locale, first.dismissed]).toEqual(['en', false]);
    expect([de.locale, de.dismissed]).toEqual(['de', false]);
    expect([ok.locale, ok.dismissed]).toEqual(['en', true]);
    // And back: each gets the page of their own kind again.
    expect(await open(visitor(), '/pages/privacy')).toEqual(first);
    const other = visitor();
    other.cookies.set('i18n_locale', 'de');
    expect(await open(other, '/pages/privacy')).toEqual(de);
    // ?lang= picks the page's language; the visitor keeps it (set on the cached answer too).
    const it1 = await visitor().get('/pages/privacy?lang=it');
    const it2 = await visitor().get('/pages/privacy?lang=it');
    expect([shown(it1).locale, shown(it2).render]).toEqual(['it', shown(it1).render]);
    expect(setCookies(it2)).toContainEqual(expect.stringMatching(/^i18n_locale=it;/));
    // A visitor the CDN places elsewhere sees their own country.
    const fr = await visitor().get('/pages/privacy', { 'cf-ipcountry': 'FR' });
    expect(shown(fr).country).toBe('FR');
    expect((await open(visitor(), '/pages/privacy')).country).toBe(first.country);
  });

  it('is never a visitor’s page for a member, nor a member’s page for a visitor', async () => {
    const m = await t.member();
    const member = visitor();
    for (const [k, v] of m.v.cookies) member.cookies.set(k, v);
    const before = await open(visitor(), '/landers/gallery');
    expect(before.user).toBeNull();
    const mine = await open(member, '/landers/gallery');
    expect(mine.user).toBe(m.id);
    expect(await open(member, '/landers/gallery')).toMatchObject({ user: m.id });
    expect(await open(visitor(), '/landers/gallery')).toEqual(before);
    // A session cookie that names no session is no visitor's either: rendered for itself.
    const stale = visitor();
    stale.cookies.set('auth.session', 'x'.repeat(43));
    const own = await open(stale, '/landers/gallery');
    expect(own.user).toBeNull();
    expect(own.render).not.toBe(before.render);
    expect(await open(visitor(), '/landers/gallery')).toEqual(before);
  });

  it('renders once when many visitors ask for it at the same moment', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => visitor().get('/landers/collage')));
    expect(new Set(answers.map((r) => shown(r).render)).size).toBe(1);
  });

  it('is not kept when it is no page (404)', async () => {
    const a = await visitor().get('/pages/missing');
    const b = await visitor().get('/pages/missing');
    expect([a.statusCode, b.statusCode]).toEqual([404, 404]);
    expect(shown(b).render).not.toBe(shown(a).render);
  });

  it('shows a site setting the console saves on the next request', async () => {
    const site = await web.app.sites.forHost('nl.localhost');
    const before = await open(visitor('nl.localhost'), '/pages/faq');
    expect(before.name).toBe(site.config.name);
    const { v: admin } = await consoleClient({ app: web.app, db: t.db }, [{ role: 'admin' }]);
    const save = (name: string) =>
      admin.put(`/api/admin/sites/${site.id}`, {
        domain: site.domain,
        aliases: [],
        config: { ...site.config, name },
      });
    expect((await save('Liefdesbrief')).statusCode).toBe(200);
    try {
      expect((await open(visitor('nl.localhost'), '/pages/faq')).name).toBe('Liefdesbrief');
    } finally {
      expect((await save(site.config.name)).statusCode).toBe(200);
    }
    expect((await open(visitor('nl.localhost'), '/pages/faq')).name).toBe(site.config.name);
  });

  it('loses a member hidden by moderation at once, and one who turned invisible within 30 seconds', async () => {
    const lander = async () => (await open(visitor(), '/landers/gallery')).members;
    const shownNow = await lander();
    const cached = await open(visitor(), '/landers/gallery');
    expect(cached.members).toEqual(shownNow);
    const facts = await t.db.query<{ id: string; fictional: boolean }>(
      'SELECT id, fictional FROM users WHERE id = ANY($1::uuid[])',
      [shownNow],
    );
    const real = facts.filter((f) => !f.fictional).map((f) => f.id);
    expect(real.length).toBeGreaterThan(1);
    const [reported, invisible] = real as [string, string];

    // A report upheld by a moderator in the console hides the member: gone from the next page.
    const reporter = await t.member();
    const filed = await reporter.v.post('/api/complaints', {
      member_id: reported,
      reason: 'fake_profile',
      text: 'These photos are of someone else.',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const { v: moderator } = await consoleClient({ app: web.app, db: t.db }, [
      { role: 'moderator', site: 'localhost' },
    ]);
    const decided = await moderator.post(`/api/admin/moderation/reports/${filed.json().id}`, {
      action: 'hide_profile',
      category: 'fake_profile',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await lander()).not.toContain(reported);

    // A member who turns invisible (their own setting) is gone once the cached page expires.
    const showing = await lander();
    expect(showing).toContain(invisible);
    await t.db.query('UPDATE users SET invisible = true WHERE id = $1', [invisible]);
    try {
      now += 30_000;
      expect(await lander()).not.toContain(invisible);
    } finally {
      await t.db.query('UPDATE users SET invisible = false WHERE id = $1', [invisible]);
    }
  });
});
