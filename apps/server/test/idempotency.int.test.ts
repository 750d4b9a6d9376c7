import de from '@amora/i18n/locales/de.json' with { type: 'json' };
import en from '@amora/i18n/locales/en.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { pruneIdempotencyKeys } from '../src/platform/idempotency.ts';
import { newSignup, useTestApp, Visitor } from './helpers.ts';

const t = useTestApp();

let n = 0;
const newKey = () => `test-key-${Date.now().toString(36)}-${++n}-abcdefgh`;
const report = (text = 'He asked me for money after two messages.') => ({
  reason: 'scam',
  text,
});
const complaintsOf = async (reporterId: string) =>
  (await t.db.query('SELECT id FROM complaints WHERE reporter_id = $1', [reporterId])).length;

/** Issue 11 item 9 (spec §7: every request retries up to 5 times): idempotency keys. */
describe('idempotency keys', () => {
  it('a double submit (two identical POSTs with one key at once) makes one thing, and both get the same answer', async () => {
    const me = await t.member();
    const key = newKey();
    const headers = { 'idempotency-key': key };
    const [a, b] = await Promise.all([
      me.v.post('/api/complaints', report(), headers),
      me.v.post('/api/complaints', report(), headers),
    ]);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    expect(await complaintsOf(me.id)).toBe(1);
    // A retry later gets the kept answer, marked as a replay, and still makes nothing new.
    const later = await me.v.post('/api/complaints', report(), headers);
    expect(later.statusCode).toBe(201);
    expect(later.json()).toEqual(a.json());
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(await complaintsOf(me.id)).toBe(1);
    // Another key is another action (another report: the very same words while the first waits
    // are the same report, complaints.service).
    await me.v.post('/api/complaints', report('And then for a gift card.'), { 'idempotency-key': newKey() });
    expect(await complaintsOf(me.id)).toBe(2);
  });

  it('refuses the same key for other content, in the member language, and changes nothing', async () => {
    const me = await t.member();
    const key = newKey();
    await me.v.post('/api/complaints', report(), { 'idempotency-key': key });
    const other = await me.v.post('/api/complaints', report('Something else entirely happened.'), {
      'idempotency-key': key,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toMatchObject({
      code: 'idempotency_key_reused',
      message: en.errors.idempotency_key_reused,
    });
    // Another path with the same key is other content too.
    const elsewhere = await me.v.put('/api/account/invisible', { invisible: true });
    expect(elsewhere.statusCode).toBe(200);
    const reused = await me.v.request(
      'PUT',
      '/api/account/invisible',
      { invisible: true },
      { 'idempotency-key': key },
    );
    expect(reused.statusCode).toBe(422);
    me.v.cookies.set('i18n_locale', 'de');
    const german = await me.v.post('/api/complaints', report('Noch etwas ganz anderes ist passiert.'), {
      'idempotency-key': key,
    });
    expect(german.json().error.message).toBe(de.errors.idempotency_key_reused);
    expect(await complaintsOf(me.id)).toBe(1);
  });

  it('keeps keys apart per member and per visitor', async () => {
    const a = await t.member();
    const b = await t.member();
    const key = newKey();
    expect((await a.v.post('/api/complaints', report(), { 'idempotency-key': key })).statusCode).toBe(201);
    const forB = await b.v.post('/api/complaints', report(), { 'idempotency-key': key });
    expect(forB.statusCode).toBe(201);
    expect(forB.headers['idempotent-replayed']).toBeUndefined();
    expect(await complaintsOf(b.id)).toBe(1);

    // A visitor's signup sent twice with one key: one account, one mail, the same answer.
    const visitor = new Visitor(t.app);
    const body = newSignup();
    const signupKey = { 'idempotency-key': newKey() };
    const [s1, s2] = await Promise.all([
      visitor.post('/api/signup', body, signupKey),
      visitor.post('/api/signup', body, signupKey),
    ]);
    expect([s1.statusCode, s2.statusCode]).toEqual([202, 202]);
    expect(s2.json()).toEqual(s1.json());
    const rows = await t.db.query('SELECT 1 FROM users WHERE email = $1', [body.email]);
    expect(rows).toHaveLength(1);
    // Another visitor's browser with the same key and body is a request of its own (and, the
    // address being taken, answers as signups do: the same words).
    const again = await new Visitor(t.app).post('/api/signup', body, signupKey);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps routes with their own idempotency working: a chat send retried under its key charges once', async () => {
    const a = await t.member();
    const b = await t.member();
    await t.db.query('UPDATE users SET free_messages_used = 100 WHERE id = $1', [a.id]);
    const key = { 'idempotency-key': newKey() };
    const msg = { client_id: `idem-chat-${Date.now()}`, kind: 'text', body: 'Hello there' };
    const first = await a.v.post(`/api/members/${b.id}/messages`, msg, key);
    const second = await a.v.post(`/api/members/${b.id}/messages`, msg, key);
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    // Without a key, the chat's own client id still makes a retry the same message.
    const third = await a.v.post(`/api/members/${b.id}/messages`, msg);
    expect(third.json().message.id).toBe(first.json().message.id);
    const charged = await t.db.query(
      `SELECT 1 FROM credit_ledger WHERE user_id = $1 AND reason = 'message'`,
      [a.id],
    );
    expect(charged).toHaveLength(1);
  });

  it('does not keep a failed answer a retry could fix, nor a login (its cookie is never stored)', async () => {
    const { body } = await t.member();
    const v = new Visitor(t.app);
    const key = { 'idempotency-key': newKey() };
    const login = await v.post('/api/user.php', { email: body.email, password: body.password }, key);
    expect(login.statusCode).toBe(200);
    expect(login.headers['set-cookie']).toBeDefined();
    const rows = await t.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key['idempotency-key']]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a malformed key and prunes answers older than a day', async () => {
    const me = await t.member();
    const bad = await me.v.post('/api/complaints', report(), { 'idempotency-key': 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('idempotency_key_invalid');
    const key = newKey();
    await me.v.post('/api/complaints', report(), { 'idempotency-key': key });
    await t.db.query(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1`, [
      key,
    ]);
    expect(await pruneIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(1);
    expect(await t.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).toHaveLength(0);
  });
});
