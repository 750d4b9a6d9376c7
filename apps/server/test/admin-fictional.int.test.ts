import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as fictional from '../src/features/fictional/fictional.service.ts';
import * as sites from '../src/features/sites/sites.admin.service.ts';
import type { Site } from '../src/platform/sites.ts';
import { sendText, useTestApp } from './helpers.ts';
import { jpegWithGps, multipart } from './images.ts';
import { auditActor, auditOf, consoleClient, fictionalProfileInput, refusal } from './operators.ts';

// The console's fictional profiles (issue 17 item 8): made and edited by operators, answered from
// the inbox through the chat's own send, the operator recorded and never shown to the member, the
// mark kept while they chat, and a site switch that hides them everywhere.
const t = useTestApp({ members: 12 });

let site: Site;
let actor: { id: string; name: string };

beforeAll(async () => {
  site = await t.app.sites.forHost('localhost');
  actor = await auditActor(t, 'answer@example.org', 'Olga');
});

async function fictionalWithPhoto() {
  const p = await fictional.createProfile(t.db, site, actor, fictionalProfileInput());
  await t.db.query(
    `INSERT INTO photos (user_id, site_id, storage_key, status, is_main, position, width, height)
     VALUES ($1, $2, $3, 'active', true, 0, 960, 1200)`,
    [p.id, site.id, `demo/${p.id}-0`],
  );
  return p;
}

describe('fictional profiles', () => {
  it('an operator makes one; it is marked everywhere and its mark stays while it chats', async () => {
    const p = await fictionalWithPhoto();
    expect(p).toMatchObject({ fictional: true, conversations: 0 });
    const m = await t.member();
    const page = await m.v.get(`/api/members/${p.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ fictional: true });

    expect((await sendText(m.v, p.id, 'Hello Julian')).statusCode).toBe(200);
    const err = await refusal(
      fictional.editProfile(t.db, site, actor, p.id, {
        ...fictionalProfileInput(),
        name: p.name,
        fictional: false,
      }),
    );
    expect(err).toMatchObject({ status: 409, code: 'fictional_has_conversations' });
    const [u] = await t.db.query<{ fictional: boolean }>('SELECT fictional FROM users WHERE id = $1', [p.id]);
    expect(u!.fictional).toBe(true);
    // The database keeps the rule for any other writer too.
    await expect(t.db.query('UPDATE users SET fictional = false WHERE id = $1', [p.id])).rejects.toThrow(
      /fictional_has_conversations/,
    );

    // Without conversations the mark can go, and every edit is in the audit log.
    const q = await fictional.createProfile(t.db, site, actor, fictionalProfileInput());
    const edited = await fictional.editProfile(t.db, site, actor, q.id, {
      ...fictionalProfileInput(),
      name: q.name,
      city: 'Salem',
      fictional: false,
    });
    expect(edited).toMatchObject({ fictional: false, city: 'Salem' });
    const log = await auditOf(t, q.id);
    expect(log.map((l) => l.action)).toEqual(['fictional.create', 'fictional.mark']);
  });

  it('an operator answers from the inbox as the fictional profile; the member gets it, the operator stays in the console', async () => {
    const p = await fictionalWithPhoto();
    const m = await t.member();
    const credits = (await m.v.get('/api/user.php')).json().user.credits as number;
    expect((await sendText(m.v, p.id, 'Are you real?')).statusCode).toBe(200);

    const inbox = await fictional.inbox(t.db, site, 1);
    const entry = inbox.entries.find((e) => e.fictional.id === p.id && e.member.id === m.id)!;
    expect(entry).toMatchObject({ unanswered: true, last_body: 'Are you real?' });
    // Unanswered conversations come first.
    const firstAnswered = inbox.entries.findIndex((e) => !e.unanswered);
    expect(firstAnswered === -1 || inbox.entries.indexOf(entry) < firstAnswered).toBe(true);

    const opened = await fictional.reply(t.app, site, actor, entry.conversation_id, {
      client_id: randomUUID(),
      body: 'I am a fictional chat partner, but happy to talk.',
    });
    expect(opened.entry.unanswered).toBe(false);
    expect(opened.messages.at(-1)).toMatchObject({ from_fictional: true, operator_name: 'Olga' });

    // The member's conversation has it, from the fictional profile, with nothing about the operator.
    const chat = await m.v.get(`/api/chat/${entry.conversation_id}/messages`);
    const last = chat.json().messages.at(-1);
    expect(last).toMatchObject({
      sender_id: p.id,
      body: 'I am a fictional chat partner, but happy to talk.',
      mine: false,
    });
    const chats = await m.v.get('/api/chats.php');
    const mine = chats.json().chats.find((c: { profile: { id: string } }) => c.profile.id === p.id);
    expect(mine.profile.fictional).toBe(true);
    for (const body of [chat.body, chats.body, (await m.v.get(`/api/members/${p.id}`)).body]) {
      expect(body).not.toContain('Olga');
      expect(body).not.toContain(actor.id);
    }
    // The server keeps who wrote it; the fictional side paid nothing, the member paid as always.
    const [rec] = await t.db.query<{ operator_id: string; cost: number }>(
      `SELECT om.operator_id, m.cost FROM operator_messages om JOIN messages m ON m.id = om.message_id
        WHERE m.id = $1`,
      [last.id],
    );
    expect(rec).toEqual({ operator_id: actor.id, cost: 0 });
    const [f] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM credit_ledger WHERE user_id = $1',
      [p.id],
    );
    expect(f!.n).toBe(0);
    expect((await m.v.get('/api/user.php')).json().user.credits).toBeLessThanOrEqual(credits);
  });

  it('switched off on the site, fictional profiles show nowhere and cannot be written to; on again, they are back', async () => {
    const p = await fictionalWithPhoto();
    const m = await t.member();
    expect((await sendText(m.v, p.id, 'Hi there')).statusCode).toBe(200);
    await t.db.query('INSERT INTO likes (liker_id, liked_id, site_id) VALUES ($1, $2, $3)', [
      p.id,
      m.id,
      site.id,
    ]);
    // m has liked someone, so an auto-like could come (likes.service autoLike) but for the switch.
    const other = await t.member();
    await t.db.query('INSERT INTO likes (liker_id, liked_id, site_id) VALUES ($1, $2, $3)', [
      m.id,
      other.id,
      site.id,
    ]);
    const seeded = await t.db.query<{ id: string }>('SELECT id FROM users WHERE site_id = $1 AND fictional', [
      site.id,
    ]);
    const surfaces = async () => ({
      search: (await m.v.get('/api/search')).body,
      page: (await m.v.get(`/api/members/${p.id}`)).statusCode,
      chats: (await m.v.get('/api/chats.php')).body,
      likes: (await m.v.get('/api/likes.php')).body,
      home: (await m.v.get('/api/members/featured?limit=24')).body,
      swipe: (await m.v.get('/api/swipe')).body,
      finder: (await m.v.get('/api/match-finder')).body,
    });
    const on = await surfaces();
    expect(on.search).toContain(p.id);
    expect(on.page).toBe(200);
    expect(on.chats).toContain(p.id);
    expect(on.likes).toContain(p.id);

    const toggle = async (value: boolean) => {
      const s = await t.app.sites.forHost('localhost');
      await sites.editSite({ db: t.db, sites: t.app.sites, realtime: t.app.realtime }, actor, s.id, {
        domain: s.domain,
        aliases: (
          await t.db.query<{ aliases: string[] }>('SELECT aliases FROM sites WHERE id = $1', [s.id])
        )[0]!.aliases,
        config: { ...s.config, fictional_profiles: value },
      });
      site = await t.app.sites.forHost('localhost');
    };
    await toggle(false);
    const off = await surfaces();
    expect(off.page).toBe(404);
    for (const [surface, body] of Object.entries(off)) {
      if (typeof body !== 'string') continue;
      for (const f of [p.id, ...seeded.map((s) => s.id)])
        expect(body, `${surface} shows ${f}`).not.toContain(f);
    }
    const auto = await m.v.get('/api/auto-like.php');
    expect(auto.json()).toMatchObject({ profile: null });
    expect((await sendText(m.v, p.id, 'Still there?')).statusCode).toBe(404);
    expect((await m.v.get('/api/settings.php')).json()).toMatchObject({ fictional_profiles: false });
    const inbox = await fictional.inbox(t.db, site, 1);
    expect(inbox.switched_off).toBe(true);
    const err = await refusal(
      fictional.reply(t.app, site, actor, inbox.entries[0]!.conversation_id, {
        client_id: randomUUID(),
        body: 'x',
      }),
    );
    expect(err.code).toBe('fictional_switched_off');

    await toggle(true);
    const back = await surfaces();
    expect(back.page).toBe(200);
    expect(back.search).toContain(p.id);
    expect(back.chats).toContain(p.id);
  });

  it('through the console: support answers from the inbox, the member sees it; profiles are for admins', async () => {
    const p = await fictionalWithPhoto();
    const m = await t.member();
    expect((await sendText(m.v, p.id, 'Hello from the member')).statusCode).toBe(200);
    const { v: support, operator } = await consoleClient(t, [{ role: 'support', site: 'localhost' }]);
    expect((await support.post('/api/admin/fictional/profiles', fictionalProfileInput())).statusCode).toBe(
      404,
    );
    const inbox = await support.get('/api/admin/fictional/inbox');
    expect(inbox.statusCode).toBe(200);
    const entry = inbox.json().entries.find((e: { member: { id: string } }) => e.member.id === m.id) as {
      conversation_id: string;
      member: { name: string };
    };
    const answered = await support.post(`/api/admin/fictional/inbox/${entry.conversation_id}`, {
      client_id: randomUUID(),
      body: 'Hello from the fictional side',
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().messages.at(-1)).toMatchObject({
      from_fictional: true,
      operator_name: operator.name,
    });
    // Beside the conversation, the real member's facts (issue 26 item 17), never their e-mail.
    const opened = await support.get(`/api/admin/fictional/inbox/${entry.conversation_id}`);
    const me = (await m.v.get('/api/user.php')).json().user as { credits: number; email: string };
    expect(opened.json().member).toMatchObject({
      id: m.id,
      name: entry.member.name,
      credits: me.credits,
      premium: false,
    });
    expect(typeof opened.json().member.last_active_at).toBe('string');
    expect(opened.body).not.toContain(me.email);
    const chat = await m.v.get(`/api/chat/${entry.conversation_id}/messages`);
    expect(chat.json().messages.at(-1)).toMatchObject({
      sender_id: p.id,
      body: 'Hello from the fictional side',
    });
    expect(chat.body).not.toContain(operator.name);
    // A member cannot reach the inbox, nor write as the fictional profile.
    expect((await m.v.get('/api/admin/fictional/inbox')).statusCode).toBe(404);

    const { v: admin } = await consoleClient(t, [{ role: 'admin', site: 'localhost' }]);
    const made = await admin.post('/api/admin/fictional/profiles', fictionalProfileInput());
    expect(made.statusCode).toBe(200);
    const off = await admin.put(`/api/admin/fictional/profiles/${p.id}`, {
      ...fictionalProfileInput(),
      name: p.name,
      fictional: false,
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().error.code).toBe('fictional_has_conversations');
  });

  it("an admin adds a photo to a fictional profile: re-encoded as members' are, its main photo for members", async () => {
    const { v: admin } = await consoleClient(t, [{ role: 'admin', site: 'localhost' }]);
    const made = (await admin.post('/api/admin/fictional/profiles', fictionalProfileInput())).json() as {
      id: string;
    };
    const m = multipart('photo', 'portrait.jpg', 'image/jpeg', await jpegWithGps(640, 800));
    const res = await admin.request(
      'POST',
      `/api/admin/fictional/profiles/${made.id}/photos`,
      m.payload,
      m.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().photos).toHaveLength(1);
    expect(res.json().photos[0]).toMatchObject({ is_main: true, status: 'active' });
    const member = await t.member();
    const page = (await member.v.get(`/api/members/${made.id}`)).json();
    expect(page).toMatchObject({ fictional: true });
    expect(page.main_image).toBeTruthy();
    // Support answers, but does not make profiles or their photos.
    const { v: support } = await consoleClient(t, [{ role: 'support', site: 'localhost' }]);
    const again = multipart('photo', 'portrait.jpg', 'image/jpeg', await jpegWithGps(640, 800));
    expect(
      (
        await support.request(
          'POST',
          `/api/admin/fictional/profiles/${made.id}/photos`,
          again.payload,
          again.headers,
        )
      ).statusCode,
    ).toBe(404);
  });
});
