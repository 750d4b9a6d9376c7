import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.ts';
import { jpegWithGps, uploadPhoto } from './images.ts';

const t = useTestApp({ members: 24 });

const featuredIds = async (host = 'localhost') =>
  (await t.app.inject({ url: '/api/members/featured?limit=13', headers: { host } }))
    .json()
    .members.map((m: { id: string }) => m.id) as string[];

/** Fills in the profile (city, about-me), makes the member `days` old and the most recently active. */
async function settle(id: string, over: { days?: number; city?: string | null; about?: string } = {}) {
  await t.db.query('UPDATE profiles SET city = $2, about = $3 WHERE user_id = $1', [
    id,
    over.city === undefined ? 'Springfield' : over.city,
    over.about ?? 'I like long walks and good books.',
  ]);
  await t.db.query(
    `UPDATE users SET signup_date = now() - make_interval(days => $2), last_active_at = now() + interval '1 hour'
      WHERE id = $1`,
    [id, over.days ?? 30],
  );
}

async function setApproval(policy: 'auto' | 'manual') {
  await t.db.query(
    `UPDATE sites SET config = config || jsonb_build_object('photo_approval', $1::text) WHERE domain = 'localhost'`,
    [policy],
  );
  await t.app.sites.reload();
}

describe('featured members (public home page)', () => {
  it('shows only members who are visible, not new, with a photo that passed the policy and a complete profile', async () => {
    const jpeg = await jpegWithGps(400, 500);
    // With 'auto' a photo is active at once: a fresh sign-up's photo is live...
    const fresh = await t.member();
    const up = await uploadPhoto(fresh.v, jpeg);
    expect(up.statusCode).toBe(201);
    expect(up.json().status).toBe('active');
    // ...but a sign-up of minutes ago, without city or about-me, is not on the home page.
    await t.db.query(`UPDATE users SET last_active_at = now() + interval '1 hour' WHERE id = $1`, [fresh.id]);
    expect(await featuredIds()).not.toContain(fresh.id);
    // Complete and a week old, the same member is.
    await settle(fresh.id, { days: 8 });
    expect(await featuredIds()).toContain(fresh.id);

    const withPhoto = async (settleAs: Parameters<typeof settle>[1]) => {
      const m = await t.member();
      expect((await uploadPhoto(m.v, jpeg)).statusCode).toBe(201);
      await settle(m.id, settleAs);
      return m;
    };
    const sixDays = await withPhoto({ days: 6 });
    const noCity = await withPhoto({ city: null });
    const blankCity = await withPhoto({ city: '  ' });
    const noAbout = await withPhoto({ about: ' ' });
    const invisible = await withPhoto({});
    await invisible.v.put('/api/account/invisible', { invisible: true });
    const noPhoto = await t.member();
    await settle(noPhoto.id);
    let ids = await featuredIds();
    for (const m of [sixDays, noCity, blankCity, noAbout, invisible, noPhoto])
      expect(ids).not.toContain(m.id);
    expect(ids).toContain(fresh.id);

    // With 'manual', a new photo waits for approval and stays off public pages until then.
    await setApproval('manual');
    try {
      const waiting = await t.member();
      const pending = await uploadPhoto(waiting.v, jpeg);
      expect(pending.json().status).toBe('pending');
      await settle(waiting.id);
      ids = await featuredIds();
      expect(ids).not.toContain(waiting.id);
      await t.db.query(`UPDATE photos SET status = 'active' WHERE id = $1`, [pending.json().id]);
      expect(await featuredIds()).toContain(waiting.id);
    } finally {
      await setApproval('auto');
    }
  });
});
