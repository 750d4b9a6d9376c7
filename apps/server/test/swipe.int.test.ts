import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.ts';

const t = useTestApp({ members: 80 });

const member = () => t.member({ gender: 'male', seeking: 'female', date_of_birth: '1985-03-03' });

describe('swipe game and match finder', () => {
  it('suggests members who fit the own profile, not yet liked or passed', async () => {
    const { v, id } = await member();
    const { cards, likes_left } = (await v.get('/api/swipe')).json();
    expect(likes_left).toBe(4);
    expect(cards.length).toBeGreaterThan(2);
    const genders = await t.db.query<{ gender: string }>(
      'SELECT gender FROM profiles WHERE user_id = ANY($1::uuid[])',
      [cards.map((c: { id: string }) => c.id)],
    );
    expect(genders.every((g) => g.gender === 'female')).toBe(true);
    for (const c of cards) {
      expect(c.id).not.toBe(id);
      expect(c.age).toBeGreaterThanOrEqual(30);
      expect(c.age).toBeLessThanOrEqual(52);
    }
    await v.post(`/api/swipe/${cards[0].id}/pass`);
    await v.post(`/api/swipe/${cards[1].id}/like`);
    const next = (await v.get('/api/swipe')).json();
    const ids = next.cards.map((c: { id: string }) => c.id);
    expect(ids).not.toContain(cards[0].id);
    expect(ids).not.toContain(cards[1].id);
    expect(next.likes_left).toBe(3);
    const finder = (await v.get('/api/match-finder')).json();
    expect(finder.members.map((m: { id: string }) => m.id)).not.toContain(cards[1].id);
  });

  it('allows 4 swipe likes a day, even when they race, and a new day starts over', async () => {
    const { v, id } = await member();
    const cards = (await v.get('/api/swipe')).json().cards as { id: string }[];
    expect(cards.length).toBeGreaterThanOrEqual(6);
    const results = await Promise.all(cards.slice(0, 6).map((c) => v.post(`/api/swipe/${c.id}/like`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(refused.json().error.code).toBe('swipe_limit');
    const [likes] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM likes WHERE liker_id = $1',
      [id],
    );
    expect(likes!.n).toBe(4);
    // Likes from a member's profile page are not swipes and stay unlimited.
    expect((await v.post(`/api/likes/${cards[5]!.id}`)).statusCode).toBe(200);
    await t.db.query(`UPDATE swipe_days SET day = day - 1 WHERE user_id = $1`, [id]);
    expect((await v.get('/api/swipe')).json().likes_left).toBe(4);
  });
});
