import en from '@amora/i18n/locales/en.json' with { type: 'json' };
import nl from '@amora/i18n/locales/nl.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { useTestApp, Visitor } from './helpers.ts';
import {
  assert,
  createCredential,
  placeOf,
  type SoftCredential,
  strangerCredential,
} from './soft-authenticator.ts';

const t = useTestApp();

const HOST = 'localhost:3999';
const here = placeOf(HOST);
const errors = en.errors as Record<string, string>;

/** A member with a passkey made through the Settings calls; the visitor stays logged in. */
async function memberWithPasskey(name?: string) {
  const m = await t.member();
  const opts = await m.v.post('/api/account/passkeys/options', { password: m.body.password });
  expect(opts.statusCode).toBe(200);
  const { options } = opts.json();
  const { credential, response } = createCredential(options, here);
  const added = await m.v.post('/api/account/passkeys', { response, ...(name ? { name } : {}) });
  expect(added.statusCode).toBe(200);
  return { ...m, credential, passkeys: added.json().passkeys as { id: string; name: string }[] };
}

/** A passkey login from a fresh browser: options, then the authenticator's answer. */
async function passkeyLogin(
  credential: SoftCredential,
  opts: { host?: string; counter?: number; visitor?: Visitor } = {},
) {
  const v = opts.visitor ?? new Visitor(t.app, opts.host ?? HOST);
  const start = await v.post('/api/passkey-login/options', {});
  expect(start.statusCode).toBe(200);
  const { options } = start.json();
  const response = assert(credential, options.challenge, placeOf(v.host), opts.counter);
  const res = await v.post('/api/passkey-login', { response });
  return { v, res, response, options };
}

/** The wrong password's answer (in the site's language: nl.localhost answers in Dutch). */
const loginFailed = (res: { statusCode: number; json: () => unknown }, message = errors.login_failed) => {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ error: { code: 'login_failed', message } });
};

describe('passkeys: adding one in Settings', () => {
  it('needs the current password; a wrong one is a field error and no challenge is given', async () => {
    const m = await t.member();
    const res = await m.v.post('/api/account/passkeys/options', { password: 'not-my-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ password: errors.old_password_wrong });
    expect((await m.v.get('/api/account/passkeys')).json()).toEqual({ passkeys: [] });
    // A visitor without a session has nothing to add to.
    const stranger = new Visitor(t.app);
    expect((await stranger.post('/api/account/passkeys/options', { password: 'x' })).statusCode).toBe(403);
  });

  it('registers a passkey named after the device and date by default, or as the member names it', async () => {
    const { v, passkeys, body } = await memberWithPasskey();
    expect(passkeys).toHaveLength(1);
    expect(passkeys[0]).toMatchObject({ last_used_at: null });
    expect(passkeys[0]!.name).toMatch(/, \d{4}-\d{2}-\d{2}$/);
    // A second authenticator, named by the member.
    const { options } = (await v.post('/api/account/passkeys/options', { password: body.password })).json();
    // The options exclude the member's existing credential (one passkey per authenticator).
    expect(options.excludeCredentials).toHaveLength(1);
    expect(options.rp.id).toBe('localhost');
    expect(options.authenticatorSelection.residentKey).toBe('required');
    const { response } = createCredential(options, here);
    const named = await v.post('/api/account/passkeys', { response, name: 'My phone' });
    expect(named.json().passkeys.map((p: { name: string }) => p.name)).toContain('My phone');
  });

  it('refuses a registration answer given twice, for another origin, or a name too long', async () => {
    const m = await t.member();
    const ask = async () =>
      (await m.v.post('/api/account/passkeys/options', { password: m.body.password })).json().options;
    const first = createCredential(await ask(), here);
    expect((await m.v.post('/api/account/passkeys', { response: first.response })).statusCode).toBe(200);
    const again = await m.v.post('/api/account/passkeys', { response: first.response });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'passkey_invalid', message: errors.passkey_invalid });
    const elsewhere = createCredential(await ask(), { origin: 'http://evil.example', rpId: 'evil.example' });
    expect((await m.v.post('/api/account/passkeys', { response: elsewhere.response })).statusCode).toBe(400);
    const long = createCredential(await ask(), here);
    const tooLong = await m.v.post('/api/account/passkeys', {
      response: long.response,
      name: 'x'.repeat(61),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields).toEqual({ name: errors.passkey_name_long });
    expect((await m.v.get('/api/account/passkeys')).json().passkeys).toHaveLength(1);
  });

  it("another member's challenge is no use to this member", async () => {
    const a = await t.member();
    const b = await t.member();
    const { options } = (
      await a.v.post('/api/account/passkeys/options', { password: a.body.password })
    ).json();
    const { response } = createCredential(options, here);
    expect((await b.v.post('/api/account/passkeys', { response })).statusCode).toBe(400);
    expect((await b.v.get('/api/account/passkeys')).json().passkeys).toEqual([]);
  });
});

describe('passkeys: logging in with one', () => {
  it('logs in without a password and records the use', async () => {
    const { credential, id, v: owner } = await memberWithPasskey('Laptop');
    const { v, res } = await passkeyLogin(credential);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(id);
    expect((await v.get('/api/user.php')).json().user.id).toBe(id);
    const [listed] = (await owner.get('/api/account/passkeys')).json().passkeys;
    expect(listed).toMatchObject({ name: 'Laptop' });
    expect(listed.last_used_at).not.toBeNull();
  });

  it('answers every visitor the same start: no credential named, a fresh challenge', async () => {
    const a = await new Visitor(t.app).post('/api/passkey-login/options', {});
    const b = await new Visitor(t.app).post('/api/passkey-login/options', { email: 'someone@example.test' });
    const oa = a.json().options;
    const ob = b.json().options;
    expect(oa.allowCredentials ?? []).toEqual([]);
    expect(ob.allowCredentials ?? []).toEqual([]);
    expect(oa.challenge).not.toBe(ob.challenge);
    expect({ ...oa, challenge: '' }).toEqual({ ...ob, challenge: '' });
  });

  it('refuses a replayed challenge', async () => {
    const { credential } = await memberWithPasskey();
    const { res, response, v } = await passkeyLogin(credential);
    expect(res.statusCode).toBe(200);
    // The same answer again (its challenge was taken by the first login).
    loginFailed(await new Visitor(t.app).post('/api/passkey-login', { response }));
    loginFailed(await v.post('/api/passkey-login', { response }));
  });

  it('refuses a counter that went back (a cloned authenticator)', async () => {
    const { credential } = await memberWithPasskey();
    expect((await passkeyLogin(credential, { counter: 5 })).res.statusCode).toBe(200);
    loginFailed((await passkeyLogin(credential, { counter: 3 })).res);
    loginFailed((await passkeyLogin(credential, { counter: 5 })).res);
    expect((await passkeyLogin(credential, { counter: 6 })).res.statusCode).toBe(200);
  });

  it("refuses a credential of another site's account", async () => {
    const { credential } = await memberWithPasskey();
    // On nl.localhost the browser would sign for that RP ID; the credential is not of that site.
    loginFailed((await passkeyLogin(credential, { host: 'nl.localhost:3999' })).res, nl.errors.login_failed);
    // And a challenge of one site is no use on another.
    const nlVisitor = new Visitor(t.app, 'nl.localhost:3999');
    const { options } = (await nlVisitor.post('/api/passkey-login/options', {})).json();
    const here2 = new Visitor(t.app, HOST);
    loginFailed(
      await here2.post('/api/passkey-login', { response: assert(credential, options.challenge, here) }),
    );
  });

  it('refuses a removed passkey; only its owner may remove it', async () => {
    const { credential, passkeys, v } = await memberWithPasskey();
    const other = await t.member();
    expect((await other.v.request('DELETE', `/api/account/passkeys/${passkeys[0]!.id}`)).statusCode).toBe(
      404,
    );
    expect((await other.v.request('DELETE', '/api/account/passkeys/not-a-uuid')).statusCode).toBe(404);
    const removed = await v.request('DELETE', `/api/account/passkeys/${passkeys[0]!.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ passkeys: [] });
    loginFailed((await passkeyLogin(credential)).res);
    // Removing needs the session.
    const visitor = new Visitor(t.app);
    expect((await visitor.request('DELETE', `/api/account/passkeys/${passkeys[0]!.id}`)).statusCode).toBe(
      403,
    );
  });

  it('answers an unknown credential exactly as a wrong password', async () => {
    const m = await t.member();
    const wrong = await new Visitor(t.app).post('/api/user.php', {
      email: m.body.email,
      password: 'wrong-one-9',
    });
    const unknown = (await passkeyLogin(strangerCredential())).res;
    loginFailed(unknown);
    expect(unknown.json()).toEqual(wrong.json());
    // A malformed answer is refused before anything is looked up.
    const bad = await new Visitor(t.app).post('/api/passkey-login', { response: { id: 'x' } });
    expect(bad.statusCode).toBe(400);
  });
});
