import { CHATS_PAGE } from '@amora/contracts/rules';
import { describe, expect, it } from 'vitest';
import { sendMessage } from '../src/features/chat/chat.service.ts';
import { SiteDirectory } from '../src/platform/sites.ts';
import { useTestApp, Visitor } from './helpers.ts';

const PARTNERS = 2 * CHATS_PAGE + 12;
const t = useTestApp({ members: 2 * PARTNERS });

interface Page {
  chats: { conversation: { id: string }; profile: { id: string }; num_unread_messages: number }[];
  total_unread_messages: number;
  total_messages: number;
  next_cursor: string | null;
}
const pageOf = async (v: Visitor, query = ''): Promise<Page> => {
  const res = await v.get(`/api/chats.php${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
/** Every page from the first, following next_cursor. */
async function allPages(v: Visitor): Promise<Page[]> {
  const pages = [await pageOf(v)];
  while (pages.at(-1)!.next_cursor)
    pages.push(await pageOf(v, `?cursor=${encodeURIComponent(pages.at(-1)!.next_cursor!)}`));
  return pages;
}

describe('the chat list, page by page', () => {
  it('holds every conversation once, newest first, with totals over all of them', async () => {
    const me = await t.member();
    const site = await new SiteDirectory(t.db).forHost('localhost');
    const partners = (
      await t.db.query<{ id: string }>(
        `SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
          WHERE u.site_id = $1 AND u.is_demo AND p.searchable AND NOT u.fictional AND NOT u.paid_user ORDER BY u.id LIMIT $2`,
        [site.id, PARTNERS],
      )
    ).map((r) => r.id);
    expect(partners).toHaveLength(PARTNERS);
    // Each partner writes first; their conversations are ordered by when that happened.
    for (const [i, p] of partners.entries())
      await sendMessage(t.db, site, p, me.id, { client_id: `list-page-${i}`, kind: 'text', body: `Hi ${i}` });
    // Ten conversations at the very same moment, across the first page's end: ties go by id.
    await t.db.query(
      `WITH mine AS (SELECT id, last_message_at FROM conversations WHERE $1 IN (member_a, member_b)
                     ORDER BY last_message_at DESC, id DESC OFFSET $2 LIMIT 10)
       UPDATE conversations SET last_message_at = (SELECT max(last_message_at) FROM mine)
        WHERE id IN (SELECT id FROM mine)`,
      [me.id, CHATS_PAGE - 5],
    );

    const pages = await allPages(me.v);
    expect(pages).toHaveLength(3);
    expect(pages[0]!.chats).toHaveLength(CHATS_PAGE);
    expect(pages.at(-1)!.next_cursor).toBeNull();
    const ids = pages.flatMap((p) => p.chats.map((c) => c.profile.id));
    expect(new Set(ids).size).toBe(PARTNERS);
    expect(ids.slice().sort()).toEqual(partners.slice().sort());
    // Newest first: the partner who wrote last comes first.
    expect(ids[0]).toBe(partners.at(-1));
    for (const p of pages) {
      expect(p.total_unread_messages).toBe(PARTNERS);
      expect(p.total_messages).toBe(PARTNERS);
    }

    // A member blocked on the last page is gone from it, and from the totals on every page.
    const blocked = pages[2]!.chats[0]!.profile.id;
    expect((await me.v.post(`/api/members/${blocked}/block`)).statusCode).toBeLessThan(300);
    const after = await allPages(me.v);
    const left = after.flatMap((p) => p.chats.map((c) => c.profile.id));
    expect(left).toHaveLength(PARTNERS - 1);
    expect(left).not.toContain(blocked);
    expect(after[0]!.total_unread_messages).toBe(PARTNERS - 1);
  });

  it('finds one conversation by its id or by the partner, only among the member’s own', async () => {
    const a = await t.member();
    const b = await t.member();
    const c = await t.member();
    const sent = await a.v.post(`/api/members/${b.id}/messages`, {
      client_id: 'list-one-hello',
      kind: 'text',
      body: 'Hello!',
    });
    const conversation = sent.json().message.conversation_id as string;
    const byId = await pageOf(b.v, `?conversation=${conversation}`);
    expect(byId.chats.map((x) => x.profile.id)).toEqual([a.id]);
    expect(byId.chats[0]!.num_unread_messages).toBe(1);
    expect((await pageOf(a.v, `?member=${b.id}`)).chats.map((x) => x.conversation.id)).toEqual([
      conversation,
    ]);
    // Somebody else's conversation is not there for them.
    expect((await pageOf(c.v, `?conversation=${conversation}`)).chats).toEqual([]);
    expect((await pageOf(c.v, `?member=${a.id}`)).chats).toEqual([]);
  });

  it('refuses a cursor it did not make', async () => {
    const a = await t.member();
    for (const bad of ['nonsense', Buffer.from('["yesterday","x"]').toString('base64url')]) {
      const res = await a.v.get(`/api/chats.php?cursor=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
    expect((await new Visitor(t.app, 'localhost:3999').get('/api/chats.php')).statusCode).toBe(403);
  });
});
