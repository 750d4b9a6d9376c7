import type { Page, Route } from '@playwright/test';
import { expect, newMemberPage, signUpAndActivate, test, tr } from './fixtures.ts';

/**
 * Nothing a member wrote is lost on a crash: the text being typed survives a reload; a message whose
 * answer never came is either in the conversation once (the server had it) or back as not sent, to
 * retry or delete (the server never had it). Logging out leaves nothing of it in the browser.
 */
const SEND = /\/api\/members\/[^/]+\/messages$/;

/**
 * Sends stall as if the tab died mid-send (`reach`: the server gets them first, only the answer is
 * lost). The returned end() lets go of them: call it after the reload, or they would go out.
 */
async function stallSends(page: Page, reach: boolean): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  const handler = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    if (reach) await route.fetch();
    await released;
    await route.abort().catch(() => {});
  };
  await page.route(SEND, handler);
  return async () => {
    release();
    await page.unroute(SEND, handler);
  };
}

const kept = (page: Page) =>
  page.evaluate(() => Object.keys(window.localStorage).filter((k) => k.startsWith('amora.chat.')));

test('what a member wrote survives a reload, a crash mid-send and nothing is sent twice', async ({
  entered: page,
}) => {
  test.setTimeout(60_000);
  const me = await signUpAndActivate(page, { tag: 'Kept', gender: 'female', seeking: 'male' });
  const partner = await page.evaluate(
    async () => (await (await fetch('/api/search')).json()).members[0] as { id: string; name: string },
  );
  await page.goto(`/members/${partner.id}/chat`);
  const composer = page.getByLabel(tr('chat.composer.label'));
  const log = page.getByRole('log');
  /** Sends `text` while the connection is gone (the server never gets it), then the tab reloads. */
  const sendLost = async (text: string) => {
    const stalled = await stallSends(page, false);
    await composer.fill(text);
    await composer.press('Enter');
    await expect(log.getByText(text)).toBeVisible();
    await page.reload();
    await stalled();
    return log.locator('.bubble--failed', { hasText: text });
  };

  // The text being typed is still there after a reload.
  await composer.fill('A draft I do not want to lose');
  await page.reload();
  await expect(composer).toHaveValue('A draft I do not want to lose');

  // Sent; the server stores it, but the answer never comes and the tab reloads: shown once, as sent.
  const stalled = await stallSends(page, true);
  await composer.press('Enter');
  await expect(log.getByText('A draft I do not want to lose')).toBeVisible();
  await expect(composer).toHaveValue('');
  await page.reload();
  await stalled();
  await expect(log.getByText('A draft I do not want to lose')).toHaveCount(1);
  await expect(log.getByText(tr('chat.notSent'))).toHaveCount(0);
  await expect(composer).toHaveValue('');

  // Sent while the connection is gone, then the tab reloads: back as not sent; Retry delivers it once.
  const failed = await sendLost('Second, lost on the way');
  await expect(failed.getByText(tr('chat.notSent'))).toBeVisible();
  await failed.getByRole('button', { name: tr('chat.retry') }).click();
  await expect(log.locator('.bubble--failed')).toHaveCount(0);
  await page.reload();
  await expect(log.getByText('Second, lost on the way')).toHaveCount(1);
  await expect(log.getByText(tr('chat.notSent'))).toHaveCount(0);

  // One that did not go out can be deleted instead; it stays deleted.
  const third = await sendLost('Third, better not');
  await third.getByRole('button', { name: tr('chat.discard') }).click();
  await expect(log.getByText('Third, better not')).toHaveCount(0);
  await page.reload();
  await expect(log.getByText('Second, lost on the way')).toBeVisible();
  await expect(log.getByText('Third, better not')).toHaveCount(0);

  // The server holds exactly the two messages sent.
  const bodies = await page.evaluate(async (id) => {
    const chats = await (await fetch(`/api/chats.php?member=${id}`)).json();
    const c = chats.chats[0].conversation.id;
    return (await (await fetch(`/api/chat/${c}/messages?after=0`)).json()).messages.map(
      (m: { body: string }) => m.body,
    );
  }, partner.id);
  expect(bodies).toEqual(['A draft I do not want to lose', 'Second, lost on the way']);

  // Logging out leaves nothing written behind in this browser.
  await composer.fill('An unsent draft');
  await expect.poll(() => kept(page)).toHaveLength(1);
  await page.getByRole('button', { name: new RegExp(me.name) }).click();
  await page.getByRole('menuitem', { name: tr('nav.logout') }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await kept(page)).toEqual([]);
});

test('a conversation the partner starts while the empty one is open shows their message there', async ({
  entered: page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const me = await signUpAndActivate(page, { tag: 'Open', gender: 'female', seeking: 'male' });
  const problems: string[] = [];
  const other = await newMemberPage(browser, baseURL!, problems);
  try {
    const them = await signUpAndActivate(other, { tag: 'First', gender: 'male', seeking: 'female' });
    // I open the conversation with them before there is one.
    await page.goto(`/members/${them.id}/chat`);
    await expect(page.getByText(tr('chat.empty', { name: them.name }))).toBeVisible();
    // They write first, from their own browser.
    await other.goto(`/members/${me.id}/chat`);
    const composer = other.getByLabel(tr('chat.composer.label'));
    await composer.fill('Hello, I saw you looking');
    await composer.press('Enter');
    await expect(other.getByRole('log').getByText('Hello, I saw you looking')).toBeVisible();
    // It arrives in the page I have open, without a reload, and my answer goes into that conversation.
    await expect(page.getByRole('log').getByText('Hello, I saw you looking')).toBeVisible();
    const mine = page.getByLabel(tr('chat.composer.label'));
    await mine.fill('Hello to you');
    await mine.press('Enter');
    await expect(other.getByRole('log').getByText('Hello to you')).toBeVisible();
    await expect(page.getByRole('log').getByText(tr('chat.notSent'))).toHaveCount(0);
    expect(problems).toEqual([]);
  } finally {
    await other.context().close();
  }
});
