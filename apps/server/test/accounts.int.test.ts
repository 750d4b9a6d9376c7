import en from '@amora/i18n/locales/en.json' with { type: 'json' };
import nlMail from '@amora/i18n/mail/nl.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { eraseExpiredAccounts } from '../src/features/accounts/erase.job.ts';
import { newSignup, useTestApp, Visitor } from './helpers.ts';
import { linkIn } from './smtp.ts';

const t = useTestApp();

const errors = en.errors as Record<string, string>;
const path = (link: string) => link.replace(/^https?:\/\/[^/]+/, '');

/** Signs up and activates a member through the real mails; returns a logged-in visitor. */
const activeMember = (over: Record<string, unknown> = {}, host = 'localhost:3999') => t.member(over, host);

describe('signup and activation', () => {
  it('creates a not yet confirmed account, mails a single-use link built from the site domain', async () => {
    const v = new Visitor(t.app, 'evil.example');
    const body = newSignup();
    const res = await v.post('/api/signup', body);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'check_email', email: body.email });
    const mail = await t.smtp.waitFor(body.email);
    const link = linkIn(mail, '/api/activate.php');
    // Unknown hosts are served by the default site, and links use its configured origin, never the Host header.
    expect(link).toMatch(/^http:\/\/localhost:3999\/api\/activate\.php\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain('Amora Media LLC');
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);

    const first = await v.get(path(link));
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/activate/done');
    const me = (await v.get('/api/user.php')).json().user;
    expect(me).toMatchObject({ email: body.email, status: 'active', profile: { name: body.name } });

    // The link again: still "done", but it logs nobody in.
    const other = new Visitor(t.app, 'evil.example');
    const again = await other.get(path(link));
    expect(again.headers.location).toBe('/activate/done');
    expect((await other.get('/api/user.php')).json().user).toBeNull();
  });

  it('sends an expired or unknown link to the activation error page', async () => {
    const v = new Visitor(t.app);
    const body = newSignup();
    await v.post('/api/signup', body);
    const link = path(linkIn(await t.smtp.waitFor(body.email), '/api/activate.php'));
    await t.db.query(`UPDATE tokens SET expires_at = now() - interval '1 second' WHERE kind = 'activation'`);
    expect((await v.get(link)).headers.location).toBe('/activate/error');
    expect((await v.get('/api/activate.php?token=nonsense')).headers.location).toBe('/activate/error');
    expect((await v.get('/api/user.php')).json().user).toBeNull();
  });

  it('writes each mail in the site language', async () => {
    const v = new Visitor(t.app, 'nl.localhost:3999');
    const body = newSignup();
    await v.post('/api/signup', body);
    const mail = await t.smtp.waitFor(body.email);
    expect(mail.subject).toBe(nlMail.activation.subject.replace('{{siteName}}', 'Hartjesdate'));
    expect(linkIn(mail, '/api/activate.php')).toMatch(/^http:\/\/nl\.localhost:3999\//);
  });

  it.each([
    [{ name: 'same@example.test', email: 'same@example.test' }, 'name', 'username_equals_email'],
    [{ name: '@anna' }, 'name', 'username_starts_with_at'],
    [{ email: 'anna@@example' }, 'email', 'email_invalid'],
    [{ date_of_birth: '2015-01-01' }, 'date_of_birth', 'dob_invalid'],
    [{ date_of_birth: '1990-02-30' }, 'date_of_birth', 'dob_invalid'],
    [{ password: 'short' }, 'password', 'password_too_short'],
    [{ password: 'password123' }, 'password', 'password_common'],
  ])('refuses %o with the message of spec §5 and creates nothing', async (over, field, code) => {
    const v = new Visitor(t.app);
    const body = newSignup(over);
    const res = await v.post('/api/signup', body);
    expect(res.statusCode).toBe(400);
    const expected = errors[code]!.replace('{{min_age}}', '18');
    expect(res.json().error.fields[field]).toBe(expected);
    const rows = await t.db.query('SELECT 1 FROM users WHERE email = $1', [String(body.email).toLowerCase()]);
    expect(rows).toHaveLength(0);
  });

  it('accepts long passphrases up to 128 characters', async () => {
    const v = new Visitor(t.app);
    const res = await v.post(
      '/api/signup',
      newSignup({ password: 'correct horse battery staple '.repeat(4).slice(0, 100) }),
    );
    expect(res.statusCode).toBe(202);
  });

  it('refuses a username already taken on the site', async () => {
    const { body } = await activeMember();
    const res = await new Visitor(t.app).post('/api/signup', newSignup({ name: body.name.toLowerCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.name).toBe(errors.username_taken);
  });
});

describe('no account enumeration', () => {
  it('signup answers the same for a registered address, and only its mailbox learns why', async () => {
    const { body } = await activeMember();
    const fresh = newSignup();
    const a = await new Visitor(t.app).post('/api/signup', newSignup({ email: body.email }));
    const b = await new Visitor(t.app).post('/api/signup', fresh);
    expect(a.statusCode).toBe(b.statusCode);
    expect(Object.keys(a.json())).toEqual(Object.keys(b.json()));
    expect(a.headers['set-cookie']).toEqual(b.headers['set-cookie']);
    const mail = await t.smtp.waitFor(body.email, (m) => m.subject.includes('already have an account'));
    expect(linkIn(mail, '/reset-password')).toBe('http://localhost:3999/reset-password');
    const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [
      body.email,
    ]);
    expect(row!.n).toBe(1);
  });

  it('login answers the same for a wrong password and an unknown address', async () => {
    const { body } = await activeMember();
    const wrong = await new Visitor(t.app).post('/api/user.php', {
      email: body.email,
      password: 'not-the-password',
    });
    const unknown = await new Visitor(t.app).post('/api/user.php', {
      email: 'nobody-here@example.test',
      password: 'x',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe(errors.login_failed);
  });

  it('password reset answers the same for every address', async () => {
    const { body } = await activeMember();
    const known = await new Visitor(t.app).post('/api/password-reset', { email: body.email });
    const unknown = await new Visitor(t.app).post('/api/password-reset', {
      email: 'nobody-at-all@example.test',
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json().status).toEqual(unknown.json().status);
  });
});

describe('login, lockout and sessions', () => {
  it('sets a 30-day HttpOnly SameSite=Lax session cookie and a new session id at each login', async () => {
    const { body } = await activeMember();
    const v = new Visitor(t.app);
    const res = await v.post('/api/user.php', { email: body.email, password: body.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(body.email);
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('auth.session='))!;
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const first = v.cookies.get('auth.session');
    await v.post('/api/user.php', { email: body.email, password: body.password });
    expect(v.cookies.get('auth.session')).not.toBe(first);
    // The replaced session is gone.
    const stale = new Visitor(t.app);
    stale.cookies.set('auth.session', first!);
    expect((await stale.get('/api/user.php')).json().user).toBeNull();
  });

  it('marks the cookie Secure on a real domain', async () => {
    const { body } = await activeMember();
    const res = await new Visitor(t.app, 'amora.example').post('/api/user.php', {
      email: body.email,
      password: body.password,
    });
    expect([res.headers['set-cookie']].flat().find((c) => c?.startsWith('auth.session='))).toMatch(/Secure/);
  });

  it('blocks an address after 5 failures for 15 minutes, even with the right password, registered or not', async () => {
    const { body } = await activeMember();
    const v = new Visitor(t.app);
    for (let i = 0; i < 4; i++) {
      expect((await v.post('/api/user.php', { email: body.email, password: `wrong-${i}` })).statusCode).toBe(
        401,
      );
    }
    const fifth = await v.post('/api/user.php', { email: body.email, password: 'wrong-5' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.message).toBe(errors.login_blocked!.replace('{{minutes}}', '15'));
    const right = await v.post('/api/user.php', { email: body.email, password: body.password });
    expect(right.statusCode).toBe(429);
    // The same for an address without an account.
    for (let i = 0; i < 5; i++)
      await v.post('/api/user.php', { email: 'ghost@example.test', password: `w${i}` });
    expect((await v.post('/api/user.php', { email: 'ghost@example.test', password: 'w' })).statusCode).toBe(
      429,
    );
    // When the block is over, the right password works again.
    await t.db.query(`UPDATE login_throttle SET blocked_until = now() - interval '1 second'`);
    expect((await v.post('/api/user.php', { email: body.email, password: body.password })).statusCode).toBe(
      200,
    );
  });

  it('logout ends the session on the server', async () => {
    const { v } = await activeMember();
    const token = v.cookies.get('auth.session')!;
    await v.get('/api/logout.php');
    const replay = new Visitor(t.app);
    replay.cookies.set('auth.session', token);
    expect((await replay.get('/api/user.php')).json().user).toBeNull();
  });

  it('a session of one site does not work on another', async () => {
    const { v } = await activeMember();
    const elsewhere = new Visitor(t.app, 'nl.localhost:3999');
    elsewhere.cookies.set('auth.session', v.cookies.get('auth.session')!);
    expect((await elsewhere.get('/api/user.php')).json().user).toBeNull();
  });

  it('refuses mutating calls without the CSRF token', async () => {
    const { v } = await activeMember();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      headers: {
        host: v.host,
        cookie: `auth.session=${v.cookies.get('auth.session')}`,
        'content-type': 'application/json',
      },
      payload: { language: 'de' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('csrf');
    const forged = await v.request('PUT', '/api/user.php', { language: 'de' }, { 'x-csrf-token': 'forged' });
    expect(forged.statusCode).toBe(403);
    const ok = await v.put('/api/user.php', { language: 'de' });
    expect(ok.json().user.language).toBe('de');
  });

  it('members-only calls answer 403 authentication_required to visitors', async () => {
    const res = await new Visitor(t.app).put('/api/user.php', { language: 'de' });
    expect(res.statusCode).toBe(403);
    expect(res.json().authentication_required).toBe(true);
  });
});

describe('password reset', () => {
  it('sets a new password from a single-use link and ends every session', async () => {
    const { v, body } = await activeMember();
    await new Visitor(t.app).post('/api/password-reset', { email: body.email });
    const mail = await t.smtp.waitFor(body.email, (m) => m.text.includes('/reset-password/do'));
    const token = new URL(linkIn(mail, '/reset-password/do')).searchParams.get('token')!;
    const anon = new Visitor(t.app);
    const mismatch = await anon.post('/api/password-reset/do', {
      token,
      password: 'a-new-secret-9',
      password_repeat: 'other',
    });
    expect(mismatch.json().error.fields.password_repeat).toBe(errors.passwords_mismatch);
    const common = await anon.post('/api/password-reset/do', {
      token,
      password: 'iloveyou',
      password_repeat: 'iloveyou',
    });
    expect(common.json().error.fields.password).toBe(errors.password_common);
    const ok = await anon.post('/api/password-reset/do', {
      token,
      password: 'a-new-secret-9',
      password_repeat: 'a-new-secret-9',
    });
    expect(ok.statusCode).toBe(204);
    const reuse = await anon.post('/api/password-reset/do', {
      token,
      password: 'another-one-77',
      password_repeat: 'another-one-77',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.message).toBe(errors.reset_link_invalid);
    expect((await v.get('/api/user.php')).json().user).toBeNull();
    expect(
      (await anon.post('/api/user.php', { email: body.email, password: body.password })).statusCode,
    ).toBe(401);
    expect(
      (await anon.post('/api/user.php', { email: body.email, password: 'a-new-secret-9' })).statusCode,
    ).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { body } = await activeMember();
    await new Visitor(t.app).post('/api/password-reset', { email: body.email });
    const mail = await t.smtp.waitFor(body.email, (m) => m.text.includes('/reset-password/do'));
    const token = new URL(linkIn(mail, '/reset-password/do')).searchParams.get('token')!;
    await t.db.query(
      `UPDATE tokens SET expires_at = now() - interval '1 second' WHERE kind = 'password_reset'`,
    );
    const res = await new Visitor(t.app).post('/api/password-reset/do', {
      token,
      password: 'x-new-pass-1',
      password_repeat: 'x-new-pass-1',
    });
    expect(res.json().error.code).toBe('reset_link_invalid');
  });

  it('allows 3 reset mails a day per address, registered or not', async () => {
    for (const email of ['limit-known@example.test', 'limit-unknown@example.test']) {
      const v = new Visitor(t.app);
      for (let i = 0; i < 3; i++)
        expect((await v.post('/api/password-reset', { email })).statusCode).toBe(202);
      const fourth = await v.post('/api/password-reset', { email });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().error.message).toBe(errors.reset_too_many);
    }
  });
});

describe('account settings', () => {
  it('changes the password with the old one; other sessions end, this one stays', async () => {
    const { v, body } = await activeMember();
    const other = new Visitor(t.app);
    await other.post('/api/user.php', { email: body.email, password: body.password });
    const bad = await v.post('/api/account/password', {
      old_password: 'nope',
      new_password: 'fresh-pass-42',
      new_password_repeat: 'fresh-pass-42',
    });
    expect(bad.json().error.fields.old_password).toBe(errors.old_password_wrong);
    const ok = await v.post('/api/account/password', {
      old_password: body.password,
      new_password: 'fresh-pass-42',
      new_password_repeat: 'fresh-pass-42',
    });
    expect(ok.statusCode).toBe(204);
    expect((await v.get('/api/user.php')).json().user).not.toBeNull();
    expect((await other.get('/api/user.php')).json().user).toBeNull();
  });

  it('changes the e-mail through a link to the new address and tells the old one', async () => {
    const { v, body } = await activeMember();
    const taken = (await activeMember()).body.email;
    // An address with an account: the same answer as a free one (no enumeration); its owner is told.
    const dup = await v.post('/api/account/email', { new_email: taken, password: body.password });
    expect(dup.statusCode).toBe(202);
    expect(dup.json()).toEqual({ status: 'check_email', email: taken });
    const told = await t.smtp.waitFor(taken, (m) => /already belongs to your account/.test(m.text));
    expect(told.text).not.toContain('/mail-change/do');
    const invalid = await v.post('/api/account/email', {
      new_email: 'not-an-address',
      password: body.password,
    });
    expect(invalid.json().error.fields.new_email).toBe(errors.new_email_invalid);
    const wrongPw = await v.post('/api/account/email', { new_email: 'new-home@example.test', password: 'x' });
    expect(wrongPw.json().error.fields.password).toBe(errors.old_password_wrong);

    const newEmail = `moved-${Date.now()}@example.test`;
    expect(
      (await v.post('/api/account/email', { new_email: newEmail, password: body.password })).statusCode,
    ).toBe(202);
    const mail = await t.smtp.waitFor(newEmail);
    const token = new URL(linkIn(mail, '/mail-change/do')).searchParams.get('token')!;
    const res = await v.post('/api/account/email/confirm', { token });
    expect(res.json().user.email).toBe(newEmail);
    await t.smtp.waitFor(body.email, (m) => m.text.includes(newEmail));
    const again = await v.post('/api/account/email/confirm', { token });
    expect(again.json().error.code).toBe('mail_change_invalid');
  });
});

describe('deletion and reactivation', () => {
  it('hides the account at once, mails a reactivation link valid 14 days, and erases it after', async () => {
    const { v, body } = await activeMember();
    const [{ id } = { id: '' }] = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      body.email,
    ]);
    const res = await v.post('/api/account/delete', {
      reason: 'found_someone',
      remarks: 'Thanks!',
      password: body.password,
    });
    expect(res.statusCode).toBe(204);
    expect((await v.get('/api/user.php')).json().user).toBeNull();
    const featured = (await v.get('/api/members/featured?limit=24')).json();
    expect(featured.members.map((m: { id: string }) => m.id)).not.toContain(id);

    const login = await new Visitor(t.app).post('/api/user.php', {
      email: body.email,
      password: body.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe('account_pending_deletion');

    const mail = await t.smtp.waitFor(body.email, (m) => m.text.includes('/api/reactivate.php'));
    const back = await new Visitor(t.app).get(path(linkIn(mail, '/api/reactivate.php')));
    expect(back.headers.location).toBe('/login?reactivated=1');
    expect(
      (await new Visitor(t.app).post('/api/user.php', { email: body.email, password: body.password }))
        .statusCode,
    ).toBe(200);
  });

  it('erases the personal data once the 14 days are over', async () => {
    const { v, body } = await activeMember();
    const [{ id } = { id: '' }] = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      body.email,
    ]);
    await v.post('/api/account/delete', { reason: 'time', password: body.password });
    const mail = await t.smtp.waitFor(body.email, (m) => m.text.includes('/api/reactivate.php'));
    await t.db.query(`UPDATE users SET deletion_requested_at = now() - interval '15 days' WHERE id = $1`, [
      id,
    ]);
    expect(await eraseExpiredAccounts(t.db, t.app.media.photos, t.app.media.chat)).toBeGreaterThanOrEqual(1);
    const [user] = await t.db.query<{ email: string; status: string; password_hash: string | null }>(
      'SELECT email, status, password_hash FROM users WHERE id = $1',
      [id],
    );
    expect(user).toEqual({ email: `erased-${id}@invalid`, status: 'deleted', password_hash: null });
    expect(await t.db.query('SELECT 1 FROM profiles WHERE user_id = $1', [id])).toHaveLength(0);
    expect(await t.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [id])).toHaveLength(0);
    const late = await new Visitor(t.app).get(path(linkIn(mail, '/api/reactivate.php')));
    expect(late.headers.location).toBe('/activate/error?reason=reactivation');
  });
});

describe('signup matches', () => {
  it('lists members of the gender sought who seek the new member, about the same age', async () => {
    const res = await new Visitor(t.app).get('/api/signup-matches?gender=male&seeking=female&age=40');
    expect(res.statusCode).toBe(200);
    for (const m of res.json().members) {
      expect(m.age).toBeGreaterThanOrEqual(32);
      expect(m.age).toBeLessThanOrEqual(48);
    }
  });
});
