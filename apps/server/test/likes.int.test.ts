import { describe, expect, it } from 'vitest';
import { useTestApp, Visitor } from './helpers.ts';

const t = useTestApp({ members: 40 });

const member = (over: Record<string, unknown> = {}) => t.member(over);

describe('likes and matches', () => {
  it('a like shows as new for the other member until they open the profile; a like back is a match', async () => {
    const a = await member({ gender: 'female', seeking: 'male' });
    const b = await member({ gender: 'male', seeking: 'female' });
    const first = await a.v.post(`/api/likes/${b.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ liked: true, match: false, profile: { id: b.id } });
    // Twice is the same as once.
    expect((await a.v.post(`/api/likes/${b.id}`)).json().match).toBe(false);

    let bLikes = (await b.v.get('/api/likes.php')).json();
    expect(bLikes.liked_by).toEqual([{ id: a.id, like_new: true }]);
    expect(bLikes.total_new_likes).toBe(1);
    expect(bLikes.liked_by_profiles[0].id).toBe(a.id);
    expect(JSON.stringify(bLikes)).not.toContain(a.body.email);

    const profile = (await b.v.get(`/api/members/${a.id}`)).json();
    expect(profile).toMatchObject({ liked: false, match: false });
    // Reading a profile writes nothing; the page that shows it clears the "new" flag explicitly.
    expect((await b.v.get('/api/likes.php')).json().total_new_likes).toBe(1);
    expect((await b.v.post(`/api/likes/${a.id}/seen`)).statusCode).toBe(204);
    bLikes = (await b.v.get('/api/likes.php')).json();
    expect(bLikes.liked_by).toEqual([{ id: a.id, like_new: false }]);
    expect(bLikes.total_new_likes).toBe(0);

    const back = (await b.v.post(`/api/likes/${a.id}`)).json();
    expect(back).toMatchObject({ liked: true, match: true });
    expect((await a.v.get('/api/likes.php')).json().matches).toEqual([b.id]);
    expect((await a.v.get(`/api/members/${b.id}`)).json()).toMatchObject({ liked: true, match: true });

    const un = (await a.v.request('DELETE', `/api/likes/${b.id}`)).json();
    expect(un).toMatchObject({ liked: false, match: false });
    expect((await b.v.get('/api/likes.php')).json().matches).toEqual([]);
  });

  it('a match between members who already talk says so in their conversation, once per match', async () => {
    const a = await member();
    const b = await member();
    const chats = async (v: typeof a.v) => (await v.get('/api/chats.php')).json();
    const notes = async () =>
      t.db.query<{ sender_id: string }>(
        `SELECT m.sender_id FROM messages m JOIN conversations c ON c.id = m.conversation_id
          WHERE m.kind = 'system' AND m.body = 'match' AND $1 IN (c.member_a, c.member_b)`,
        [a.id],
      );
    // A match without a conversation starts none.
    await a.v.post(`/api/likes/${b.id}`);
    expect((await b.v.post(`/api/likes/${a.id}`)).json().match).toBe(true);
    expect((await chats(a.v)).chats).toEqual([]);
    // Unmatched, they talk; matching again writes the note, from the member whose like made it.
    await a.v.request('DELETE', `/api/likes/${b.id}`);
    const hello = { client_id: 'likes-match-hello', kind: 'text', body: 'Hello!' };
    expect((await b.v.post(`/api/members/${a.id}/messages`, hello)).statusCode).toBe(200);
    expect((await a.v.post(`/api/likes/${b.id}`)).json().match).toBe(true);
    // Liking again is the same like: no second note.
    await a.v.post(`/api/likes/${b.id}`);
    expect(await notes()).toEqual([{ sender_id: a.id }]);
    const forB = (await chats(b.v)).chats[0];
    expect(forB.last_message).toMatchObject({ kind: 'system', body: 'match', mine: false, cost: 0 });
    expect(forB.num_unread_messages).toBe(1);
    expect((await chats(a.v)).chats[0].last_message).toMatchObject({ kind: 'system', mine: true });
    // It costs nothing and uses none of the free messages.
    const [usage] = await t.db.query<{ free_messages_used: number }>(
      'SELECT free_messages_used FROM users WHERE id = $1',
      [a.id],
    );
    expect(usage!.free_messages_used).toBe(0);
  });

  it('nobody likes themself, an invisible member, a member of another site, or across a block', async () => {
    const a = await member();
    const b = await member();
    expect((await a.v.post(`/api/likes/${a.id}`)).statusCode).toBe(404);
    await b.v.put('/api/account/invisible', { invisible: true });
    expect((await a.v.post(`/api/likes/${b.id}`)).statusCode).toBe(404);
    await b.v.put('/api/account/invisible', { invisible: false });

    const [nl] = await t.db.query<{ id: string }>(
      `SELECT user_id AS id FROM profiles WHERE site_id = (SELECT id FROM sites WHERE domain = 'nl.localhost') LIMIT 1`,
    );
    expect((await a.v.post(`/api/likes/${nl!.id}`)).statusCode).toBe(404);

    await a.v.post(`/api/likes/${b.id}`);
    await b.v.post(`/api/likes/${a.id}`);
    await b.v.post(`/api/members/${a.id}/block`);
    // The block removed both likes, and neither can like the other now.
    expect((await a.v.get('/api/likes.php')).json()).toMatchObject({
      profiles: [],
      liked_by: [],
      matches: [],
    });
    expect((await a.v.post(`/api/likes/${b.id}`)).statusCode).toBe(404);
    expect((await b.v.post(`/api/likes/${a.id}`)).statusCode).toBe(404);
  });

  it('visitors cannot like or read likes', async () => {
    const v = new Visitor(t.app);
    const b = await member();
    expect((await v.get('/api/likes.php')).statusCode).toBe(403);
    expect((await v.post(`/api/likes/${b.id}`)).json().authentication_required).toBe(true);
    expect((await v.get('/api/auto-like.php')).statusCode).toBe(403);
  });

  it('auto-like is never the first thing a newcomer sees: none before they have liked someone', async () => {
    const a = await member({ gender: 'male', seeking: 'female' });
    const other = await member({ gender: 'female', seeking: 'male' });
    expect((await a.v.get('/api/auto-like.php')).json().profile).toBeNull();
    expect((await a.v.get('/api/likes.php')).json().liked_by).toEqual([]);
    expect((await a.v.post(`/api/likes/${other.id}`)).statusCode).toBeLessThan(300);
    expect((await a.v.get('/api/auto-like.php')).json().profile).not.toBeNull();
  });

  it('auto-like brings a fictional chat partner who fits, at most once each', async () => {
    const a = await member({ gender: 'male', seeking: 'female' });
    const liked = await member({ gender: 'female', seeking: 'male' });
    expect((await a.v.post(`/api/likes/${liked.id}`)).statusCode).toBeLessThan(300);
    const first = (await a.v.get('/api/auto-like.php')).json();
    expect(first.profile).not.toBeNull();
    const [row] = await t.db.query<{ fictional: boolean; gender: string }>(
      'SELECT u.fictional, p.gender FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = $1',
      [first.profile.id],
    );
    expect(row).toEqual({ fictional: true, gender: 'female' });
    const likes = (await a.v.get('/api/likes.php')).json();
    expect(likes.liked_by.map((l: { id: string }) => l.id)).toContain(first.profile.id);
    const second = (await a.v.get('/api/auto-like.php')).json();
    expect(second.profile?.id).not.toBe(first.profile.id);
  });

  it("auto-like keeps to the member's own search (gender sought, who seeks them, age ± 10) and is a like received, not a match", async () => {
    const site = await t.siteId();
    // Only the fictional members made here take part (the demo's are made real for this test).
    await t.db.query('UPDATE users SET fictional = false WHERE site_id = $1 AND fictional', [site]);
    const year = new Date().getUTCFullYear();
    const born = (age: number) => `${year - age - 1}-06-15`; // `age` whole years old all year round
    const me = await member({ gender: 'male', seeking: 'female', date_of_birth: born(40) });
    const fictional = async (over: Record<string, unknown>) => {
      const m = await member(over);
      await t.db.query('UPDATE users SET fictional = true WHERE id = $1', [m.id]);
      return m;
    };
    const tooOld = await fictional({ gender: 'female', seeking: 'male', date_of_birth: born(51) });
    const tooYoung = await fictional({ gender: 'female', seeking: 'male', date_of_birth: born(29) });
    const wrongGender = await fictional({ gender: 'male', seeking: 'female', date_of_birth: born(40) });
    const seeksWomen = await fictional({ gender: 'female', seeking: 'female', date_of_birth: born(38) });
    const alreadyLiked = await fictional({ gender: 'female', seeking: 'both', date_of_birth: born(42) });
    const fits = await fictional({ gender: 'female', seeking: 'male', date_of_birth: born(33) });
    expect((await me.v.post(`/api/likes/${alreadyLiked.id}`)).json().match).toBe(false);

    const res = await me.v.get('/api/auto-like.php');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ profile: { id: fits.id, fictional: true }, match: false });
    // She liked him: a like received (new), not a match; he never liked her.
    const likes = (await me.v.get('/api/likes.php')).json();
    expect(likes.liked_by).toContainEqual({ id: fits.id, like_new: true });
    expect(likes.matches).toEqual([]);
    expect(likes.profiles.map((p: { id: string }) => p.id)).toEqual([alreadyLiked.id]);
    expect((await me.v.get(`/api/members/${fits.id}`)).json()).toMatchObject({ liked: false, match: false });
    // Nobody else fits: the ones outside his age range, of the other gender, not seeking men, or
    // already liked by him (that like back would be a match, not what the modal says) never like him.
    expect((await me.v.get('/api/auto-like.php')).json().profile).toBeNull();
    const likers = await t.db.query<{ liker_id: string }>('SELECT liker_id FROM likes WHERE liked_id = $1', [
      me.id,
    ]);
    expect(likers.map((l) => l.liker_id)).toEqual([fits.id]);
    for (const other of [tooOld, tooYoung, wrongGender, seeksWomen, alreadyLiked])
      expect(likers.map((l) => l.liker_id)).not.toContain(other.id);
    // Liking back makes the match.
    expect((await me.v.post(`/api/likes/${fits.id}`)).json()).toMatchObject({ liked: true, match: true });
  });
});
