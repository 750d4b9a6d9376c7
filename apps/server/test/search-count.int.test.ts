import { describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../src/features/members/search.ts';
import { useTestApp } from './helpers.ts';

const t = useTestApp({ members: 10 });

/** `n` searchable women aged about 40 in `region` of the local site, as sign-ups would leave them. */
async function addMembers(prefix: string, region: string, n: number) {
  const siteId = await t.siteId();
  await t.db.query(
    `INSERT INTO users (id, site_id, email, status, language, last_active_at, signup_date)
     SELECT md5($2 || i)::uuid, $1, $2 || i || '@count.test', 'active', 'en', now() - i * interval '1 minute', now()
       FROM generate_series(1, $3::int) AS i`,
    [siteId, prefix, n],
  );
  await t.db.query(
    `INSERT INTO profiles (user_id, site_id, name, gender, seeking, sexuality, birth_date, country, region, city, last_active_at)
     SELECT u.id, $1, 'Count ' || u.id, 'female', 'male', 'hetero', now() - interval '40 years 2 months', 'US', $3, 'Springfield', u.last_active_at
       FROM users u WHERE u.email LIKE $2 || '%@count.test'`,
    [siteId, prefix, region],
  );
}

describe('search total', () => {
  it('counts matches exactly up to the cap and says "more" past it, with every page still reachable', async () => {
    await addMembers('many', 'Count Plains', COUNT_CAP + 30);
    await addMembers('few', 'Count Isle', 7);
    const viewer = await t.member();

    const few = (await viewer.v.get('/api/search?countryregion=Count%20Isle')).json();
    expect(few).toMatchObject({ total: 7, total_capped: false });
    expect(few.members).toHaveLength(7);

    const many = (await viewer.v.get('/api/search?countryregion=Count%20Plains&limit=48')).json();
    expect(many.total).toBe(COUNT_CAP);
    expect(many.total_capped).toBe(true);
    // The cap bounds the count, not the results: paging goes past it to the last match.
    let seen = many.members.length;
    let cursor: string | null = many.next_cursor;
    while (cursor) {
      const next = (
        await viewer.v.get(
          `/api/search?countryregion=Count%20Plains&limit=48&cursor=${encodeURIComponent(cursor)}`,
        )
      ).json();
      seen += next.members.length;
      cursor = next.next_cursor;
    }
    expect(seen).toBe(COUNT_CAP + 30);
  });
});
