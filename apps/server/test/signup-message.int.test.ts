import { describe, expect, it } from 'vitest';
import { newSignup, useTestApp, Visitor } from './helpers.ts';
import { linkIn } from './smtp.ts';

const t = useTestApp();
const path = (link: string) => link.replace(/^https?:\/\/[^/]+/, '');

/**
 * The signup message (spec §3 form state `signup_message`, issue 11 item 15): the first message to
 * the member whose page brought the visitor, kept with the account and sent when it is activated.
 */
describe('the signup message', () => {
  it('is kept with the new account and reaches the member as a chat message on activation', async () => {
    const { v: member, id: memberId } = await t.member({ gender: 'female', seeking: 'male' });
    const visitor = new Visitor(t.app);
    const body = newSignup({
      gender: 'male',
      seeking: 'female',
      signup_message: '  Hi! Your page made me sign up.  ',
      message_to: memberId,
    });
    expect((await visitor.post('/api/signup', body)).statusCode).toBe(202);
    // Nothing reaches the member before the address is proven.
    expect((await member.get('/api/chats.php')).json().chats).toEqual([]);

    const link = path(linkIn(await t.smtp.waitFor(body.email), '/api/activate.php'));
    const activated = await visitor.get(link);
    expect(activated.headers.location).toBe(`/activate/done?chat=${memberId}`);

    const chats = (await member.get('/api/chats.php')).json().chats;
    expect(chats).toHaveLength(1);
    expect(chats[0]).toMatchObject({
      num_unread_messages: 1,
      profile: { name: body.name },
      last_message: { kind: 'text', body: 'Hi! Your page made me sign up.' },
    });
    // Sent once: the link again sends nothing more.
    await visitor.get(link);
    expect((await member.get('/api/chats.php')).json().chats[0].num_unread_messages).toBe(1);
    const [kept] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM signup_messages');
    expect(kept!.n).toBe(0);
  });

  it('is refused when longer than the site allows, for every address alike, and stores nothing', async () => {
    const { id: memberId } = await t.member();
    const visitor = new Visitor(t.app);
    const body = newSignup({ signup_message: 'x'.repeat(2001), message_to: memberId });
    const res = await visitor.post('/api/signup', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ signup_message: 'This message is too long.' });
    const rows = await t.db.query('SELECT 1 FROM users WHERE email = $1', [body.email]);
    expect(rows).toEqual([]);
  });

  it('to someone who is no member of this site is dropped, the signup goes through', async () => {
    const visitor = new Visitor(t.app);
    const body = newSignup({
      signup_message: 'Hello?',
      message_to: '00000000-0000-4000-8000-000000000000',
    });
    expect((await visitor.post('/api/signup', body)).statusCode).toBe(202);
    const link = path(linkIn(await t.smtp.waitFor(body.email), '/api/activate.php'));
    expect((await visitor.get(link)).headers.location).toBe('/activate/done');
  });
});
