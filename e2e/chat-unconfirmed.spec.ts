import { expect, logIn, newMemberPage, signUpThroughUi, test, tr } from './fixtures.ts';

/**
 * Spec §4/§8: a member whose e-mail is not confirmed can write, but the partner cannot reply until
 * it is; each side sees the notice in the conversation.
 */
/** Problems (script or console errors) of either member's page: the test fails on any. */
const problems: string[] = [];

test('a member who has not confirmed the e-mail writes; each side sees why no reply can come', async ({
  browser,
  baseURL,
}) => {
  // Two members, a signup and two logins: 22 s in a loaded CI run.
  test.setTimeout(90_000);
  const a = await newMemberPage(browser, baseURL!, problems, { quietAutoLike: true });
  const b = await newMemberPage(browser, baseURL!, problems, { quietAutoLike: true });
  const bob = await logIn(b, 'demo1@amora-en.test');

  // A signs up and, without confirming, logs in and writes to B.
  const newcomer = await signUpThroughUi(a, { tag: 'Unconfirmed', gender: 'female', seeking: 'male' });
  await logIn(a, newcomer.email, newcomer.password);
  await a.goto(`/members/${bob.id}/chat`);
  const composer = a.getByLabel(tr('chat.composer.label'));
  await composer.fill('Hello before confirming');
  await composer.press('Enter');
  await expect(a.getByRole('log').getByText('Hello before confirming')).toBeVisible();
  await expect(a.getByText(tr('chat.unconfirmedSelf', { name: bob.profile.name }))).toBeVisible();

  // B sees the message and, before trying, that no reply can go out yet.
  await b.goto('/chats');
  await b.getByRole('link', { name: new RegExp(newcomer.name) }).click();
  await expect(b.getByRole('log').getByText('Hello before confirming')).toBeVisible();
  await expect(b.getByText(tr('errors.partner_not_confirmed'))).toBeVisible();

  expect(problems).toEqual([]);
  await a.context().close();
  await b.context().close();
});
