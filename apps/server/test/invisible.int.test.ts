import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.ts';

const t = useTestApp();

/**
 * Spec §6 invisible mode: hidden from search, cannot be liked or written to first; the invisible
 * member must like or write first, and is then visible to that member (visibility.ts).
 */
describe('a like from an invisible member', () => {
  it('reaches the liked member, who can see the profile, like back (a match) and answer', async () => {
    const hidden = await t.member({ gender: 'female', seeking: 'male' });
    const liked = await t.member({ gender: 'male', seeking: 'female' });
    const stranger = await t.member({ gender: 'male', seeking: 'female' });
    await hidden.v.put('/api/account/invisible', { invisible: true });
    expect((await hidden.v.post(`/api/likes/${liked.id}`)).statusCode).toBe(200);

    // The like arrives: in liked_by (new) with its card, counted in the badge.
    const likes = (await liked.v.get('/api/likes.php')).json();
    expect(likes.liked_by).toEqual([{ id: hidden.id, like_new: true }]);
    expect(likes.liked_by_profiles.map((p: { id: string }) => p.id)).toEqual([hidden.id]);
    expect(likes.total_new_likes).toBe(1);
    expect((await liked.v.get(`/api/members/${hidden.id}`)).statusCode).toBe(200);

    // Liking back works and makes the match, on both sides.
    const back = await liked.v.post(`/api/likes/${hidden.id}`);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ liked: true, match: true, profile: { id: hidden.id } });
    expect((await liked.v.get('/api/likes.php')).json().matches).toEqual([hidden.id]);
    expect((await hidden.v.get('/api/likes.php')).json().matches).toEqual([liked.id]);

    // And the liked member may write to them (they reached out first).
    const hello = { client_id: 'reply-to-invisible-1', kind: 'text', body: 'Hello you' };
    expect((await liked.v.post(`/api/members/${hidden.id}/messages`, hello)).statusCode).toBe(200);

    // Everybody else still finds nothing: no profile, no like, no message.
    expect((await stranger.v.get(`/api/members/${hidden.id}`)).statusCode).toBe(404);
    expect((await stranger.v.post(`/api/likes/${hidden.id}`)).statusCode).toBe(404);
    const other = { client_id: 'stranger-to-invisible', kind: 'text', body: 'Hi' };
    expect((await stranger.v.post(`/api/members/${hidden.id}/messages`, other)).statusCode).toBe(404);
    const found = (await stranger.v.get('/api/search?gender=female')).json();
    expect(JSON.stringify(found)).not.toContain(hidden.id);
  });

  it('disappears again when the invisible member takes the like back (and they never talked)', async () => {
    const hidden = await t.member();
    const liked = await t.member();
    await hidden.v.put('/api/account/invisible', { invisible: true });
    await hidden.v.post(`/api/likes/${liked.id}`);
    expect((await liked.v.get('/api/likes.php')).json().liked_by).toHaveLength(1);
    await hidden.v.request('DELETE', `/api/likes/${liked.id}`);
    expect((await liked.v.get('/api/likes.php')).json().liked_by).toEqual([]);
    expect((await liked.v.post(`/api/likes/${hidden.id}`)).statusCode).toBe(404);
    expect((await liked.v.get(`/api/members/${hidden.id}`)).statusCode).toBe(404);
  });
});
