import { expect, linkPath, mailTo, signUpAndActivate, signUpThroughUi, test, tr } from './fixtures.ts';
import { TIME_SCALE } from './time-scale.ts';

/**
 * Issue 11 items 4, 5 and 8 in the browser: spec messages a member must be able to see (a used
 * reset link says so on opening; a visitor is told to log in to send a gift), the composer's
 * price is the server's (free messages counted down, then the price), and a session that ended
 * behind the tab's back logs the member out without an error reaching the page.
 */

test('a visitor who wants to send a gift is told to log in first (spec §6)', async ({ entered: page }) => {
  const featured = await (await page.request.get('/api/members/featured?limit=13')).json();
  await page.goto(`/members/${featured.members[0].id}`);
  await page.getByRole('button', { name: tr('memberGift.send') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(tr('errors.login_to_gift'))).toBeVisible();
  await expect(dialog.getByRole('link', { name: tr('nav.login') })).toBeVisible();
});

test('a used reset link says it is expired as it opens, before any password is typed (spec §8)', async ({
  entered: page,
}) => {
  // Signup, a reset mail and a new password (two password hashes): 15 s quiet, 36 s in a loaded CI run.
  test.setTimeout(120_000);
  const me = await signUpThroughUi(page, { tag: 'Reset' });
  await page.goto('/reset-password');
  await page.getByLabel(tr('auth.email')).fill(me.email);
  await page.getByRole('button', { name: tr('auth.reset.submit') }).click();
  const link = linkPath(await mailTo(me.email, '/reset-password/do'), '/reset-password/do');

  // Fresh: the form, and opening it used nothing up.
  await page.goto(link);
  await page.reload();
  const password = page.getByLabel(tr('auth.newPassword.password'), { exact: true });
  await expect(password).toBeVisible();
  await password.fill('a brand new passphrase');
  await page.getByLabel(tr('auth.newPassword.repeat')).fill('a brand new passphrase');
  await page.getByRole('button', { name: tr('auth.newPassword.submit') }).click();
  await expect(page.getByText(tr('auth.newPassword.done'))).toBeVisible();

  // Used: said at once, with the way to a new mail, and no form to fill in for nothing.
  await page.goto(link);
  await expect(page.getByText(tr('errors.reset_link_invalid'))).toBeVisible();
  await expect(page.getByRole('link', { name: tr('auth.newPassword.requestNew') })).toBeVisible();
  await expect(page.getByLabel(tr('auth.newPassword.password'), { exact: true })).toHaveCount(0);
});

test('the composer shows what a message costs: free ones counted down, then the price; an ended session logs out quietly', async ({
  entered: page,
}) => {
  test.setTimeout(90_000);
  await signUpAndActivate(page, { tag: 'Price', gender: 'female', seeking: 'male' });
  const partner = await page.evaluate(
    async () => (await (await fetch('/api/search')).json()).members[0] as { id: string },
  );
  await page.goto(`/members/${partner.id}/chat`);
  const composer = page.getByLabel(tr('chat.composer.label'));
  const price = page.locator('.composer__meta');
  await expect(price).toContainText('Free message (3 free messages left)');
  for (const [n, left] of [
    [1, 'Free message (2 free messages left)'],
    [2, 'Free message (1 free message left)'],
    [3, '1 credit per message'],
  ] as const) {
    await composer.fill(`Message number ${n}`);
    await composer.press('Enter');
    await expect(price).toContainText(left);
  }
  await expect(price).not.toContainText('free');

  // The session is gone behind the tab's back (as when it expires): the next call logs the member
  // out and goes home (spec §2: logout goes to '/'); no error reaches the page.
  await page.context().clearCookies({ name: 'auth.session' });
  // The member's next click calls the API and logs out, unless a call of the page's own (the
  // navigation's polling, the socket's reconnect) got there first and the home page is already
  // loading: then the menu is gone, and the click has nothing left to finish (issue 31). Either
  // way the member ends on the logged-out home page, which is what is checked. Settings, not Likes:
  // a page whose data this tab has not loaded yet (the likes may still be fresh from the
  // navigation's counters, shown from the cache without a call, and nothing would log out).
  void (async () => {
    await page.getByRole('button', { name: tr('nav.account') }).click({ timeout: 10_000 * TIME_SCALE });
    await page.getByRole('menuitem', { name: tr('nav.settings') }).click({ timeout: 10_000 * TIME_SCALE });
  })().catch(() => {});
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: tr('nav.login') }).first()).toBeVisible();
  await expect(page.getByText(tr('errors.authentication_required'))).toHaveCount(0);
});
