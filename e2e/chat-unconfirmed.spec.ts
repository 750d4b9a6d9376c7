import type { Browser, Page } from '@playwright/test';
import { expect, signUpThroughUi, test, tr, waitForHydration } from './fixtures.ts';

/**
 * Spec §4/§8: a member whose e-mail is not confirmed can write, but the partner cannot reply until
 * it is; each side sees the notice in the conversation.
 */
const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, v: string) => vars[v] ?? '');

/** Uncaught script errors of either page: the test fails on any. */
const pageErrors: string[] = [];

async function entered(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    window.localStorage.setItem('amora.dismissed.entryWarning', String(Date.now()));
    window.sessionStorage.setItem('amora.autoLike', String(Date.now()));
  });
  const page = waitForHydration(await context.newPage());
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return page;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(tr('auth.email')).fill(email);
  await page.getByLabel(tr('auth.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: tr('auth.login.submit') }).click();
  await expect(page).toHaveURL(/\/members/);
  return page.evaluate(
    async () =>
      (await (await fetch('/api/user.php')).json()).user as { id: string; profile: { name: string } },
  );
}

test('a member who has not confirmed the e-mail writes; each side sees why no reply can come', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const a = await entered(browser);
  const b = await entered(browser);
  const bob = await logIn(b, 'demo1@amora-en.test', 'amora-demo-2026');

  // A signs up and, without confirming, logs in and writes to B.
  const newcomer = await signUpThroughUi(a, { tag: 'Unconfirmed', gender: 'female', seeking: 'male' });
  await logIn(a, newcomer.email, newcomer.password);
  await a.goto(`/members/${bob.id}/chat`);
  const icebreaker = a.getByRole('dialog', { name: tr('chat.icebreaker.title') });
  await icebreaker.getByRole('button', { name: tr('chat.icebreaker.no') }).click();
  const composer = a.getByLabel(tr('chat.composer.label'));
  await composer.fill('Hello before confirming');
  await composer.press('Enter');
  await expect(a.getByRole('log').getByText('Hello before confirming')).toBeVisible();
  await expect(a.getByText(fill(tr('chat.unconfirmedSelf'), { name: bob.profile.name }))).toBeVisible();

  // B sees the message and, before trying, that no reply can go out yet.
  await b.goto('/chats');
  await b.getByRole('link', { name: new RegExp(newcomer.name) }).click();
  await expect(b.getByRole('log').getByText('Hello before confirming')).toBeVisible();
  await expect(b.getByText(tr('errors.partner_not_confirmed'))).toBeVisible();

  expect(pageErrors).toEqual([]);
  await a.context().close();
  await b.context().close();
});
