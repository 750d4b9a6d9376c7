import { LANDER_DESIGNS, type LanderPageData } from '@amora/contracts';
import { describe, expect, it } from 'vitest';
import { landerPage } from '../src/features/landers/landers.service.ts';
import { AppError } from '../src/platform/errors.ts';
import { newSignup, useTestApp, Visitor } from './helpers.ts';
import { linkIn } from './smtp.ts';

/**
 * Landers and member landers (issue 16 items 1-3): the data each page is rendered from (ssr.ts
 * prefetches it through landers.service), and the member lander's way into that member's chat.
 * The pages themselves, their status and HTML, are walked by e2e/landers.spec.ts against the build.
 */
const t = useTestApp({ members: 16 });
const visitor = { locale: 'en' as const, country: 'US' };
const site = (host = 'localhost') => t.app.sites.forHost(host);

async function lander(need: { design: string; slug?: string; member?: string }, host = 'localhost') {
  return landerPage(t.db, await site(host), visitor, need);
}

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    if (err instanceof AppError) return err.status;
    throw err;
  }
}

/** Every photo key of these members, with its owner, whether main and active. */
async function photosOf(ids: string[]) {
  return t.db.query<{ user_id: string; storage_key: string; is_main: boolean; status: string }>(
    'SELECT user_id, storage_key, is_main, status FROM photos WHERE user_id = ANY($1::uuid[])',
    [ids],
  );
}

describe('landers', () => {
  it('each of the nine shows members of its own site only, with their approved main photo alone and the fictional mark', async () => {
    const localhost = await t.siteId('localhost');
    for (const design of LANDER_DESIGNS) {
      const page = await lander({ design });
      expect(page.design).toBe(design);
      expect(page.members.length, design).toBeGreaterThan(0);
      const ids = page.members.map((m) => m.id);
      const rows = await t.db.query<{ id: string; site_id: number; fictional: boolean }>(
        'SELECT id, site_id, fictional FROM users WHERE id = ANY($1::uuid[])',
        [ids],
      );
      expect(rows.every((r) => r.site_id === localhost)).toBe(true);
      const photos = await photosOf(ids);
      const json = JSON.stringify(page);
      for (const m of page.members) {
        const main = photos.find((p) => p.user_id === m.id && p.is_main);
        expect(main?.status).toBe('active');
        expect(m.main_image).toContain(main!.storage_key);
        expect(m.fictional).toBe(rows.find((r) => r.id === m.id)!.fictional);
      }
      // No other photo of these members travels with the page (a second photo may be private).
      for (const p of photos.filter((p) => !p.is_main)) expect(json).not.toContain(p.storage_key);
      // Nothing but card fields: no e-mail, birth date or coordinates.
      expect(json).not.toMatch(/@|birth_date|"lat"|"lon"/);
    }
    const nl = await lander({ design: 'gallery' }, 'nl.localhost');
    const nlSite = await t.siteId('nl.localhost');
    const nlRows = await t.db.query<{ site_id: number }>(
      'SELECT site_id FROM users WHERE id = ANY($1::uuid[])',
      [nl.members.map((m) => m.id)],
    );
    expect(nlRows.every((r) => r.site_id === nlSite)).toBe(true);
  });

  it('leaves out a member who turned invisible', async () => {
    const before = await lander({ design: 'gallery' });
    const hidden = before.members[0]!.id;
    await t.db.query('UPDATE users SET invisible = true WHERE id = $1', [hidden]);
    try {
      expect((await lander({ design: 'gallery' })).members.map((m) => m.id)).not.toContain(hidden);
    } finally {
      await t.db.query('UPDATE users SET invisible = false WHERE id = $1', [hidden]);
    }
  });

  it('reads the slug: niche and language, auto as the visitor locale, one canonical path; unknown is 404', async () => {
    expect(await lander({ design: 'collagelanding', slug: 'she-de' })).toMatchObject({
      niche: 'she',
      locale: 'de',
      canonical: '/landers/collagelanding',
    });
    expect(await lander({ design: 'video', slug: 'eng' })).toMatchObject({ niche: 'plain', locale: 'en' });
    expect(await lander({ design: 'video', slug: 'gay-auto' })).toMatchObject({ niche: 'gay', locale: 'en' });
    expect(await lander({ design: 'video' })).toMatchObject({
      niche: 'plain',
      locale: 'en',
      canonical: '/landers/video',
    });
    expect(await status(lander({ design: 'video', slug: 'xx' }))).toBe(404);
    expect(await status(lander({ design: 'video', slug: 'kinky-de' }))).toBe(404);
    expect(await status(lander({ design: 'nope' }))).toBe(404);
  });

  it('shows the members of its niche, and a site of a niche picks it when the address names none (issue 26 item 15)', async () => {
    const profilesOf = (ids: string[]) =>
      t.db.query<{ gender: string; seeking: string; age: number; body_type: string | null }>(
        `SELECT gender, seeking, body_type, date_part('year', age(birth_date))::int AS age
           FROM profiles WHERE user_id = ANY($1::uuid[])`,
        [ids],
      );
    const plain = await profilesOf((await lander({ design: 'collagelanding' })).members.map((m) => m.id));
    expect(new Set(plain.map((p) => p.gender))).toEqual(new Set(['male', 'female']));
    // "Women who make the first move" shows women only, "Men meeting men" men who seek men.
    const she = await profilesOf(
      (await lander({ design: 'collagelanding', slug: 'she-eng' })).members.map((m) => m.id),
    );
    expect(she.length).toBeGreaterThan(0);
    expect(she.every((p) => p.gender === 'female')).toBe(true);
    const gay = await profilesOf(
      (await lander({ design: 'tinderswipe', slug: 'gay-eng' })).members.map((m) => m.id),
    );
    expect(gay.every((p) => p.gender === 'male' && p.seeking !== 'female')).toBe(true);
    const milf = await profilesOf(
      (await lander({ design: 'gallery', slug: 'milf-eng' })).members.map((m) => m.id),
    );
    expect(milf.every((p) => p.gender === 'female' && p.age >= 35 && p.age <= 55)).toBe(true);
    // A site whose own niche is 2 ('she'): its lander without a slug is that niche, words and members.
    const own = await site();
    const sheSite = { ...own, config: { ...own.config, niche: 2 } };
    const page = await landerPage(t.db, sheSite, visitor, { design: 'collagelanding' });
    expect(page.niche).toBe('she');
    expect((await profilesOf(page.members.map((m) => m.id))).every((p) => p.gender === 'female')).toBe(true);
  });

  it('draws the map from region data: city dots and pins of members living in that country', async () => {
    const page: LanderPageData = await lander({ design: 'maplanding' });
    const map = page.map!;
    expect(map.places.length).toBeGreaterThan(10);
    for (const p of map.pins) {
      const m = page.members.find((x) => x.id === p.id)!;
      expect(m.country).toBe(map.country);
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('member landers', () => {
  it("show the member's teaser to a visitor, and are 404 for a member hidden, leaving, unknown or of another site", async () => {
    const { id } = await t.member({ gender: 'female', about: 'Hello from the lander test.' });
    for (const design of ['landing', 'landing2', 'landing3', 'signup']) {
      const page = await lander({ design, member: id });
      expect(page.member).toMatchObject({ id, about: 'Hello from the lander test.', fictional: false });
      expect(page.canonical).toBe(`/members/${id}/${design}`);
      expect(JSON.stringify(page.member)).not.toMatch(/@|birth_date/);
    }
    expect(await lander({ design: 'landing2', slug: 'milf-pl', member: id })).toMatchObject({
      niche: 'milf',
      locale: 'pl',
    });
    expect(await status(lander({ design: 'landing3', slug: 'xx', member: id }))).toBe(404);
    expect(await status(lander({ design: 'landing9', member: id }))).toBe(404);
    // Another site's member, an unknown id, not an id at all.
    expect(await status(lander({ design: 'landing', member: id }, 'nl.localhost'))).toBe(404);
    expect(await status(lander({ design: 'landing', member: '00000000-0000-4000-8000-000000000000' }))).toBe(
      404,
    );
    expect(await status(lander({ design: 'landing', member: 'abc' }))).toBe(404);
    // Invisible, then leaving (pending deletion).
    await t.db.query('UPDATE users SET invisible = true WHERE id = $1', [id]);
    expect(await status(lander({ design: 'landing', member: id }))).toBe(404);
    await t.db.query("UPDATE users SET invisible = false, status = 'pending_deletion' WHERE id = $1", [id]);
    expect(await status(lander({ design: 'signup', member: id }))).toBe(404);
  });

  it("carry the member through signup without a message: activation leads to that member's chat", async () => {
    const { v: member, id: memberId } = await t.member({ gender: 'female', seeking: 'male' });
    const v = new Visitor(t.app);
    const body = newSignup({ gender: 'male', seeking: 'female', message_to: memberId });
    expect((await v.post('/api/signup', body)).statusCode).toBe(202);
    const link = linkIn(await t.smtp.waitFor(body.email), '/api/activate.php').replace(
      /^https?:\/\/[^/]+/,
      '',
    );
    expect((await v.get(link)).headers.location).toBe(`/activate/done?to=${memberId}`);
    // No message was written, so none is sent; the new member opens the chat and writes first.
    expect((await member.get('/api/chats.php')).json().chats).toEqual([]);
    const [kept] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM signup_messages');
    expect(kept!.n).toBe(0);
  });
});
