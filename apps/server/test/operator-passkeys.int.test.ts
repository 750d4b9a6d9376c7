import { describe, expect, it } from 'vitest';
import { totpCode } from '../src/features/admin/totp.ts';
import { useTestApp, Visitor } from './helpers.ts';
import { auditOf, consoleClient, newOperator } from './operators.ts';
import { assert, createCredential, placeOf, type SoftCredential } from './soft-authenticator.ts';

/** Issue 30 item 4: a passkey as the console's second factor, beside the authenticator app. */
const t = useTestApp();
const here = placeOf('localhost:3999');

const login = (v: Visitor, email: string, password: string) =>
  v.post('/api/admin/session', { email, password });

/** An operator (admin) who registered a passkey in their console account. */
async function withPasskey() {
  const { v, operator } = await consoleClient(t, [{ role: 'admin' }]);
  const { options } = (await v.post('/api/admin/account/passkeys/options')).json();
  const { credential, response } = createCredential(options, here);
  const added = await v.post('/api/admin/account/passkeys', { response, name: 'Console key' });
  expect(added.statusCode).toBe(200);
  return { v, operator, credential, passkeys: added.json().passkeys as { id: string; name: string }[] };
}

/** The second step with the passkey, after the password. */
async function secondStep(v: Visitor, credential: SoftCredential, counter?: number) {
  const start = await v.post('/api/admin/session/passkey/options');
  expect(start.statusCode).toBe(200);
  const { options } = start.json();
  return v.post('/api/admin/session/passkey', {
    response: assert(credential, options.challenge, here, counter),
  });
}

describe('console: a passkey as the second factor', () => {
  it('once registered, the password alone opens nothing; the passkey completes the login', async () => {
    const { operator, credential, passkeys } = await withPasskey();
    expect(passkeys).toMatchObject([{ name: 'Console key', last_used_at: null }]);
    const v = new Visitor(t.app);
    const first = await login(v, operator.email, operator.password);
    expect(first.json()).toMatchObject({ operator: null, next: 'totp', factors: ['passkey'] });
    expect((await v.get('/api/admin/dashboard')).statusCode).toBe(404);
    const done = await secondStep(v, credential);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ next: null, operator: { email: operator.email } });
    expect((await v.get('/api/admin/dashboard')).statusCode).toBe(200);
    const actions = (await auditOf(t, operator.id)).map((e) => [e.action, e.details]);
    expect(actions).toContainEqual(['operator.passkey_add', { name: 'Console key' }]);
    expect(actions).toContainEqual(['session.login', { passkey: true }]);
  });

  it('refuses a replayed answer, a counter gone back, and a passkey without the password first', async () => {
    const { operator, credential } = await withPasskey();
    // Without a half-done login there is no second step.
    expect((await new Visitor(t.app).post('/api/admin/session/passkey/options')).statusCode).toBe(404);

    const a = new Visitor(t.app);
    await login(a, operator.email, operator.password);
    const { options } = (await a.post('/api/admin/session/passkey/options')).json();
    const response = assert(credential, options.challenge, here, 7);
    expect((await a.post('/api/admin/session/passkey', { response })).statusCode).toBe(200);

    const b = new Visitor(t.app);
    await login(b, operator.email, operator.password);
    const replay = await b.post('/api/admin/session/passkey', { response });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('passkey_refused');
    const back = await secondStep(b, credential, 3);
    expect(back.json().error.code).toBe('passkey_refused');
    expect((await b.get('/api/admin/dashboard')).statusCode).toBe(404);
    expect((await secondStep(b, credential, 8)).statusCode).toBe(200);
  });

  it("another site's console does not take it, and the authenticator app still works beside it", async () => {
    const { operator, credential, v } = await withPasskey();
    const { secret } = (await v.post('/api/admin/account/totp/setup')).json();
    await v.post('/api/admin/account/totp', { code: totpCode(secret, Date.now()) });

    const nl = new Visitor(t.app, 'nl.localhost:3999');
    const first = await login(nl, operator.email, operator.password);
    expect(first.json()).toMatchObject({ next: 'totp', factors: ['totp'] });
    expect((await nl.post('/api/admin/session/passkey/options')).statusCode).toBe(404);
    const forged = await nl.post('/api/admin/session/passkey', {
      response: assert(credential, 'AAAA', placeOf('nl.localhost:3999')),
    });
    expect(forged.statusCode).toBe(400);
    expect(
      (await nl.post('/api/admin/session/totp', { code: totpCode(secret, Date.now() + 30_000) })).statusCode,
    ).toBe(200);
  });

  it('a required second factor: a passkey sets it up, and the last one cannot be removed', async () => {
    const { v: admin } = await consoleClient(t, [{ role: 'admin' }]);
    const op = await newOperator(t, [{ role: 'support', site: 'localhost' }]);
    await admin.put(`/api/admin/operators/${op.id}/totp-required`, { required: true });
    const v = new Visitor(t.app);
    expect((await login(v, op.email, op.password)).json()).toMatchObject({ next: 'totp_setup' });
    const { options } = (await v.post('/api/admin/account/passkeys/options')).json();
    const { response } = createCredential(options, here);
    const added = await v.post('/api/admin/account/passkeys', { response });
    expect(added.statusCode).toBe(200);
    expect((await v.get('/api/admin/session')).json()).toMatchObject({
      next: null,
      operator: { email: op.email },
    });
    const [only] = added.json().passkeys;
    const refused = await v.request('DELETE', `/api/admin/account/passkeys/${only.id}`);
    expect(refused.statusCode).toBe(409);
    expect((await v.get('/api/admin/account/passkeys')).json().passkeys).toHaveLength(1);
    // Another operator cannot remove it either.
    expect((await admin.request('DELETE', `/api/admin/account/passkeys/${only.id}`)).statusCode).toBe(404);
  });

  it('removing a passkey brings back the password-only login', async () => {
    const { operator, passkeys, v } = await withPasskey();
    const removed = await v.request('DELETE', `/api/admin/account/passkeys/${passkeys[0]!.id}`);
    expect(removed.json()).toEqual({ passkeys: [] });
    const again = await login(new Visitor(t.app), operator.email, operator.password);
    expect(again.json()).toMatchObject({ next: null, operator: { email: operator.email } });
  });
});
