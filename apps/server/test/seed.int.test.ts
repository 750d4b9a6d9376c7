import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/platform/migrate.ts';
import { verifyPassword } from '../src/platform/passwords.ts';
import { DEMO_PASSWORD, smallDemoSites } from '../src/seed/demo-sites.ts';
import { demoLogin, seedDemo } from '../src/seed/seed.ts';
import { createTestApp, freshDb, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ members: 30 });
});
afterAll(async () => t?.close());

const counts = async () =>
  t.db.query<{ site: string; n: number }>(
    `SELECT s.domain AS site, count(u.id)::int AS n FROM sites s LEFT JOIN users u ON u.site_id = s.id
      GROUP BY s.domain ORDER BY s.domain`,
  );

describe('demo seed', () => {
  it('seeds three sites with their members, and a second run adds nothing', async () => {
    const before = await counts();
    expect(before).toEqual([
      { site: 'de.localhost', n: 30 },
      { site: 'localhost', n: 30 },
      { site: 'nl.localhost', n: 30 },
    ]);
    const again = await seedDemo(t.db, t.config, undefined, smallDemoSites(30));
    expect(again.members).toBe(0);
    expect(await counts()).toEqual(before);
  });

  it('is deterministic: another empty database gets the same members', async () => {
    const other = await freshDb();
    try {
      await migrate(other.db);
      await seedDemo(other.db, t.config, undefined, smallDemoSites(30));
      const q =
        'SELECT p.user_id, p.name, p.birth_date::text AS b, p.city FROM profiles p ORDER BY p.user_id';
      expect(await other.db.query(q)).toEqual(await t.db.query(q));
    } finally {
      await other.drop();
    }
  });

  it('gives every site three documented demo logins with the documented password', async () => {
    const [row] = await t.db.query<{ password_hash: string; status: string }>(
      `SELECT u.password_hash, u.status FROM users u JOIN sites s ON s.id = u.site_id
        WHERE s.domain = 'nl.localhost' AND u.email = $1`,
      [demoLogin({ key: 'hartjes-nl' }, 2)],
    );
    expect(row?.status).toBe('active');
    expect(await verifyPassword(row!.password_hash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(row!.password_hash, 'wrong')).toBe(false);
  });

  it('fits members to the niche: the German curvy site is mostly women', async () => {
    const rows = await t.db.query<{ gender: string; n: number }>(
      `SELECT gender, count(*)::int AS n FROM profiles p JOIN sites s ON s.id = p.site_id
        WHERE s.domain = 'de.localhost' GROUP BY gender`,
    );
    const women = rows.find((r) => r.gender === 'female')?.n ?? 0;
    expect(women).toBeGreaterThan(15);
  });
});

describe('public member cards', () => {
  it('show name, age, city and photo, never e-mail, birth date or flags', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/members/featured?limit=5',
      headers: { host: 'nl.localhost' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.members).toHaveLength(5);
    expect(body.total).toBe(30);
    for (const m of body.members) {
      // The one card of every list: the fictional mark and activity travel with it, nothing private.
      expect(Object.keys(m).sort()).toEqual([
        'activity',
        'age',
        'city',
        'country',
        'fictional',
        'id',
        'main_image',
        'name',
        'region',
      ]);
      expect(m.age).toBeGreaterThanOrEqual(18);
      expect(['NL', 'BE']).toContain(m.country);
      expect(m.main_image).toMatch(/^\/media\/demo\/[0-9a-f-]{36}-0-m\.jpg\?e=\d+&s=[\w-]{22}$/);
    }
    expect(res.body).not.toMatch(/@|birth|invisible|email/);
  });

  it('draw a demo portrait on first request, as a JPEG with nosniff', async () => {
    const list = (
      await t.app.inject({ url: '/api/members/featured?limit=1', headers: { host: 'localhost' } })
    ).json();
    const img = await t.app.inject({ url: list.members[0].main_image, headers: { host: 'localhost' } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const again = await t.app.inject({ url: list.members[0].main_image, headers: { host: 'localhost' } });
    expect(again.rawPayload.equals(img.rawPayload)).toBe(true);
    const missing = await t.app.inject({ url: '/media/demo/00000000-0000-4000-8000-000000000000-0.jpg' });
    expect(missing.statusCode).toBe(404);
  });
});
