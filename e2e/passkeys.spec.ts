import type { Page } from '@playwright/test';
import { consoleText, createOperator, logInToConsole } from './admin-fixtures.ts';
import { audit } from './axe.ts';
import { currentUser, expect, signUpAndActivate, test, tr } from './fixtures.ts';

/**
 * Passkeys (issue 30 item 4) in Chromium with a virtual authenticator (CDP WebAuthn domain): a new
 * member adds a passkey in Settings, logs out, signs in with it without typing a password, and
 * removes it; a removed passkey no longer opens the account. An operator confirms the console's
 * login with a passkey instead of an authenticator app's code.
 */

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * A browser without passkey autofill (conditional UI), as many are: the login page then offers
 * only the button. Switched per page load by a flag the init script reads.
 */
async function withoutAutofill(page: Page, on: boolean) {
  await page.evaluate((flag) => {
    if (flag) window.localStorage.setItem('e2e.noPasskeyAutofill', '1');
    else window.localStorage.removeItem('e2e.noPasskeyAutofill');
  }, on);
}

async function logOut(page: Page, name: string) {
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.getByRole('menuitem', { name: tr('nav.logout') }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a member adds a passkey, signs in with it without a password, and removes it', async ({
  entered: page,
}) => {
  // A signup through every step, then five logins and two settings visits.
  test.setTimeout(120_000);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await page.addInitScript(() => {
    if (window.localStorage.getItem('e2e.noPasskeyAutofill')) {
      window.PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    }
  });
  const me = await signUpAndActivate(page, { tag: 'Passkey' });

  await page.goto('/notifications');
  const section = page.getByRole('region', { name: tr('settings.passkeys.title') });
  await expect(section.getByText(tr('settings.passkeys.empty'))).toBeVisible();
  // A wrong password adds nothing.
  await section.getByLabel(tr('settings.passkeys.name')).fill('Work laptop');
  await section.getByLabel(tr('settings.currentPassword'), { exact: true }).fill('not my password');
  await section.getByRole('button', { name: tr('settings.passkeys.add') }).click();
  await expect(section.getByText(tr('errors.old_password_wrong'))).toBeVisible();
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toEqual([]);

  await section.getByLabel(tr('settings.currentPassword'), { exact: true }).fill(me.password);
  await section.getByRole('button', { name: tr('settings.passkeys.add') }).click();
  await expect(section.getByRole('status')).toHaveText(tr('settings.passkeys.added'));
  const list = section.getByRole('list', { name: tr('settings.passkeys.listLabel') });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Work laptop');
  await expect(list.getByRole('listitem')).toContainText(tr('settings.passkeys.neverUsed'));
  // The authenticator holds a discoverable credential for this site.
  const [credential] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
  expect(await audit(page)).toEqual([]);

  // In a browser without passkey autofill: the button.
  await logOut(page, me.name);
  await withoutAutofill(page, true);
  await page.goto('/login');
  await page.getByRole('button', { name: tr('auth.login.passkey') }).click();
  await expect(page).toHaveURL(/\/members$/);
  expect((await currentUser(page)).id).toBe(me.id);

  // Where the browser offers passkeys in the e-mail field's autofill (Chromium's virtual
  // authenticator picks the one credential at once), opening the login page is enough.
  await logOut(page, me.name);
  await withoutAutofill(page, false);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/members$/);
  expect((await currentUser(page)).id).toBe(me.id);
  await withoutAutofill(page, true);

  await page.goto('/notifications');
  await expect(list.getByRole('listitem')).not.toContainText(tr('settings.passkeys.neverUsed'));
  await section
    .getByRole('button', { name: tr('settings.passkeys.removeLabel', { name: 'Work laptop' }) })
    .click();
  await expect(section.getByRole('status')).toHaveText(tr('settings.passkeys.removed'));
  await expect(section.getByText(tr('settings.passkeys.empty'))).toBeVisible();

  // The browser still offers the credential; the site no longer takes it, and says so as for a wrong password.
  await logOut(page, me.name);
  await page.goto('/login');
  await page.getByRole('button', { name: tr('auth.login.passkey') }).click();
  await expect(page.getByRole('alert')).toHaveText(tr('errors.login_failed'));
  await expect(page).toHaveURL(/\/login$/);
  // The password stays the way in.
  await page.getByLabel(tr('auth.email')).fill(me.email);
  await page.getByLabel(tr('auth.password'), { exact: true }).fill(me.password);
  await page.getByRole('button', { name: tr('auth.login.submit') }).click();
  await expect(page).toHaveURL(/\/members$/);
});

test('an operator adds a passkey in the console and confirms the next login with it', async ({ page }) => {
  const t = (key: string, vars: Record<string, string> = {}) =>
    consoleText(key).replace(/\{\{(\w+)\}\}/g, (_, v: string) => vars[v] ?? '');
  await virtualAuthenticator(page);
  const operator = await createOperator({ role: 'moderator' });
  await logInToConsole(page, operator, '/admin/account');

  const section = page.getByRole('region', { name: t('account.passkeysTitle') });
  await section.getByLabel(tr('settings.passkeys.name')).fill('Console laptop');
  await section.getByRole('button', { name: t('account.passkeyAdd') }).click();
  await expect(section.getByRole('status')).toHaveText(t('account.passkeyAdded'));
  await expect(section.getByRole('listitem')).toContainText('Console laptop');
  expect(await audit(page)).toEqual([]);

  await page.getByRole('button', { name: t('logout') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('login.title') })).toBeVisible();
  await page.getByLabel(tr('auth.email')).fill(operator.email);
  await page.getByLabel(tr('auth.password'), { exact: true }).fill(operator.password);
  await page.getByRole('button', { name: t('login.submit') }).click();
  // The password alone opens nothing: the second step offers the passkey (no app is set up).
  const usePasskey = page.getByRole('button', { name: t('login.passkey') });
  await expect(usePasskey).toBeVisible();
  await expect(page.getByLabel(t('login.code'))).toHaveCount(0);
  await usePasskey.click();
  await expect(page.getByRole('heading', { level: 1, name: t('login.title') })).toHaveCount(0);
  await page.goto('/admin/account');
  await expect(section.getByRole('listitem')).not.toContainText(tr('settings.passkeys.neverUsed'));
});
