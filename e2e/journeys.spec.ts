import type { Page } from '@playwright/test';
import { activateFromMail, catalog, expect, linkPath, mailTo, signUpThroughUi, test } from './fixtures.ts';

/**
 * The whole life of an account in a real browser, with the mail going through a real SMTP
 * server (e2e/smtp-sink.mjs): sign up, activate from the mail, log out, fail a login, reset
 * the password from the mail, log in, delete the account and bring it back from the mail.
 */
const en = catalog('en');
const tr = (key: string): string =>
  key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], en) as string;

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel(tr('auth.email')).fill(email);
  await page.getByLabel(tr('auth.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: tr('auth.login.submit') }).click();
}

test('@phone an account from signup to deletion and back, with every mail', async ({ entered: page }) => {
  // Every mail of an account's life: 29-30 s in a loaded CI run.
  test.setTimeout(120_000);
  const password = 'my first passphrase';
  // Sign up (the /signup page works at every width), then activate from the mail: logged in, active.
  const { email } = await signUpThroughUi(page, {
    tag: 'Journey',
    gender: 'male',
    seeking: 'female',
    password,
    birth: ['12', '8', '1988'],
  });
  const activation = await activateFromMail(page, email);
  expect(activation).toContain('Amora Media LLC');
  const menu = page.getByRole('button', { name: tr('nav.account') });
  await expect(menu).toBeVisible();

  // Log out through the account menu.
  await menu.click();
  await page.getByRole('menuitem', { name: tr('nav.logout') }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('navigation', { name: tr('nav.main') }).getByRole('link', { name: tr('nav.login') }),
  ).toBeVisible();

  // A wrong password is refused.
  await page.goto('/login');
  await logIn(page, email, 'not my passphrase');
  await expect(page.getByRole('alert')).toHaveText(tr('errors.login_failed'));

  // Reset the password from the mail.
  await page.getByRole('link', { name: tr('auth.login.forgot') }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel(tr('auth.email')).fill(email);
  await page.getByRole('button', { name: tr('auth.reset.submit') }).click();
  const reset = await mailTo(email, '/reset-password/do');
  await page.goto(linkPath(reset, '/reset-password/do'));
  const newPassword = 'my second passphrase';
  await page.getByLabel(tr('auth.newPassword.password'), { exact: true }).fill(newPassword);
  await page.getByLabel(tr('auth.newPassword.repeat')).fill(newPassword);
  await page.getByRole('button', { name: tr('auth.newPassword.submit') }).click();
  await expect(page.getByText(tr('auth.newPassword.done'))).toBeVisible();
  await mailTo(email, 'password');

  // The old password no longer works; the new one does.
  await page.goto('/login');
  await logIn(page, email, password);
  await expect(page.getByRole('alert')).toHaveText(tr('errors.login_failed'));
  await logIn(page, email, newPassword);
  await expect(menu).toBeVisible();

  // Delete the account from the settings.
  await page.goto('/notifications');
  await page.getByLabel(tr('settings.delete.reason')).selectOption('found_someone');
  const deleteSection = page.locator('section').filter({ hasText: tr('settings.delete.title') });
  await deleteSection.getByLabel(tr('settings.currentPassword')).fill(newPassword);
  await deleteSection.getByRole('button', { name: tr('settings.delete.submit') }).click();
  // The site has delete_discount: a personal code is offered first; declining goes on.
  await page
    .getByRole('dialog', { name: tr('settings.delete.offer.title') })
    .getByRole('button', { name: tr('settings.delete.offer.decline') })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: tr('settings.delete.confirm') })
    .click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('auth.deleted.title'));

  // While pending deletion, logging in explains how to come back.
  await page.goto('/login');
  await logIn(page, email, newPassword);
  await expect(page.getByRole('alert')).toHaveText(tr('errors.account_pending_deletion'));

  // Reactivate from the mail, then log in again.
  const reactivation = await mailTo(email, '/api/reactivate.php');
  await page.goto(linkPath(reactivation, '/api/reactivate.php'));
  await expect(page).toHaveURL(/\/login\?reactivated=1$/);
  await expect(page.getByText(tr('auth.login.reactivated'))).toBeVisible();
  await logIn(page, email, newPassword);
  await expect(menu).toBeVisible();
});
