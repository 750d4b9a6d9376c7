import type { Browser, Page } from '@playwright/test';
import { activateFromMail, catalog, expect, signUpThroughUi, test, waitForHydration } from './fixtures.ts';

/**
 * Chat between two new members in two browser contexts: A opens B's profile, starts the chat and
 * sends; B, with /chats already open, sees it arrive live (WebSocket) with the Messages badge;
 * B opens it (the badge clears) and replies; A sees the reply live.
 */
const en = catalog('en');
const tr = (key: string, vars: Record<string, string | number> = {}): string =>
  (key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], en) as string).replace(
    /\{\{(\w+)\}\}/g,
    (_, v: string) => String(vars[v] ?? ''),
  );

/** Uncaught script errors of either member's page: the test fails on any. */
const pageErrors: string[] = [];

/** A browser context like the `entered` fixture: past the entry warning, no auto-like modal. */
async function enteredPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    window.localStorage.setItem('amora.dismissed.entryWarning', String(Date.now()));
    window.sessionStorage.setItem('amora.autoLike', String(Date.now()));
  });
  const page = waitForHydration(await context.newPage());
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return page;
}

/** Signs up through /signup and activates from the mail; returns the new member's id. */
async function signUp(
  page: Page,
  who: string,
  gender: 'male' | 'female',
): Promise<{ id: string; name: string }> {
  const { email, name } = await signUpThroughUi(page, {
    tag: `Chat${who}`,
    gender,
    password: 'a chat passphrase',
    birth: ['12', '8', '1988'],
  });
  await activateFromMail(page, email);
  const id = await page.evaluate(async () => {
    const res = await fetch('/api/user.php', { headers: { 'x-request-type': 'client' } });
    return ((await res.json()) as { user: { id: string } }).user.id;
  });
  return { id, name };
}

/** The Messages entry of the main navigation (its name carries the unread count when there is one). */
const messagesLink = (page: Page) =>
  page
    .getByRole('navigation', { name: tr('nav.main') })
    .getByRole('link', { name: new RegExp(`^${tr('nav.messages')}`) })
    .first();

test('two members chat live', async ({ browser }) => {
  test.setTimeout(90_000);
  const a = await enteredPage(browser);
  const b = await enteredPage(browser);
  const [alice, bob] = await Promise.all([signUp(a, 'A', 'male'), signUp(b, 'B', 'female')]);

  // B waits on /chats (nothing yet).
  await b.goto('/chats');
  await expect(b.getByRole('heading', { name: tr('chat.title'), level: 1 })).toBeVisible();
  await expect(b.getByText(tr('chat.noChats'))).toBeVisible();

  // A opens B's profile, then Chat: an empty conversation offers the icebreaker.
  await a.goto(`/members/${bob.id}`);
  await a
    .getByRole('link', { name: tr('member.chat') })
    .first()
    .click();
  await expect(a).toHaveURL(new RegExp(`/members/${bob.id}/chat$`));
  const icebreaker = a.getByRole('dialog', { name: tr('chat.icebreaker.title') });
  await expect(icebreaker).toBeVisible();
  const line = tr('chat.icebreaker.line1', { name: bob.name });
  await icebreaker.getByRole('button', { name: line }).click();
  await expect(icebreaker).toBeHidden();
  const composerA = a.getByLabel(tr('chat.composer.label'));
  await expect(composerA).toHaveValue(line);

  const hello = `Hello from A ${Date.now()}`;
  await composerA.fill(hello);
  await composerA.press('Enter');
  const logA = a.getByRole('log');
  await expect(logA.getByText(hello)).toBeVisible();
  await expect(composerA).toHaveValue('');

  // B sees it arrive without a reload, with the Messages badge.
  const entry = b.getByRole('link', { name: new RegExp(alice.name) });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(hello);
  await expect(messagesLink(b)).toContainText('1');
  await expect(messagesLink(b)).toHaveAccessibleName(new RegExp(tr('nav.unreadMessages_one', { count: 1 })));

  // B opens it: read, the badge clears; B replies.
  await entry.click();
  await expect(b.getByRole('log').getByText(hello)).toBeVisible();
  await expect(messagesLink(b)).toHaveAccessibleName(tr('nav.messages'));
  const reply = `Hi A, B here ${Date.now()}`;
  const composerB = b.getByLabel(tr('chat.composer.label'));
  await composerB.fill(reply);
  await b.getByRole('button', { name: tr('chat.composer.send') }).click();
  await expect(b.getByRole('log').getByText(reply)).toBeVisible();

  // A sees the reply live, in the open conversation.
  await expect(logA.getByText(reply)).toBeVisible();

  expect(pageErrors).toEqual([]);
  await a.context().close();
  await b.context().close();
});
