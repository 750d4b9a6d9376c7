import de from '@amora/i18n/locales/de.json' with { type: 'json' };
import en from '@amora/i18n/locales/en.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { newSignup, useTestApp, Visitor } from './helpers.ts';
import { linkIn } from './smtp.ts';

const t = useTestApp();

/** Issue 11 item 4: the messages of spec §5 and §8 reach the member when they apply. */
describe('username equal to the e-mail address (spec §5)', () => {
  it("answers 'Username may not be the same as your e-mail address.' even when other fields are missing", async () => {
    const v = new Visitor(t.app);
    const { gender: _g, seeking: _s, ...partial } = newSignup();
    const email = `Same.Name${Date.now()}@example.test`;
    const res = await v.post('/api/signup', { ...partial, email, name: email.toLowerCase() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.name).toBe(en.errors.username_equals_email);
    // In the visitor's language.
    const german = new Visitor(t.app);
    german.cookies.set('i18n_locale', 'de');
    const de1 = await german.post('/api/signup', { ...partial, email, name: email });
    expect(de1.json().error.fields.name).toBe(de.errors.username_equals_email);
  });
});

describe('a password reset link checked on opening (spec §8)', () => {
  const resetToken = async (email: string) => {
    await new Visitor(t.app).post('/api/password-reset', { email });
    const mail = await t.smtp.waitFor(email, (m) => m.text.includes('/reset-password/do'));
    return new URL(linkIn(mail, '/reset-password/do')).searchParams.get('token')!;
  };
  const check = (token: string) =>
    new Visitor(t.app).get(`/api/password-reset/check?token=${encodeURIComponent(token)}`);

  it('says a fresh link works, any number of times, without using it up', async () => {
    const { body } = await t.member();
    const token = await resetToken(body.email);
    for (let i = 0; i < 3; i++) expect((await check(token)).json()).toEqual({ valid: true });
    const set = await new Visitor(t.app).post('/api/password-reset/do', {
      token,
      password: 'a-new-secret-9',
      password_repeat: 'a-new-secret-9',
    });
    expect(set.statusCode).toBe(204);
    // Used: the page now says so as it opens.
    expect((await check(token)).json()).toEqual({ valid: false });
  });

  it('says an expired, unknown or malformed link does not work', async () => {
    const { body } = await t.member();
    const token = await resetToken(body.email);
    await t.db.query(
      `UPDATE tokens SET expires_at = now() - interval '1 second' WHERE kind = 'password_reset'`,
    );
    expect((await check(token)).json()).toEqual({ valid: false });
    expect((await check('x'.repeat(43))).json()).toEqual({ valid: false });
    expect((await check('short')).json()).toEqual({ valid: false });
    expect((await new Visitor(t.app).get('/api/password-reset/check')).json()).toEqual({ valid: false });
  });
});
