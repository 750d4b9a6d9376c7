import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeMember as activeMemberOf, createTestApp, type TestApp, Visitor } from './helpers.ts';
import { startSmtp } from './smtp.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ smtpUrl: smtp.url, members: 40 });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const member = (over: Record<string, unknown> = {}) => activeMemberOf(t, smtp, over);

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

  it('auto-like brings a fictional chat partner who fits, at most once each', async () => {
    const a = await member({ gender: 'male', seeking: 'female' });
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
});
