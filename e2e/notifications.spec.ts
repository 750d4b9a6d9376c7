import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { audit } from './axe.ts';
import {
  catalog,
  currentUser,
  expect,
  expectNoHorizontalScroll,
  logIn,
  newMemberPage,
  signUpAndActivate,
  test,
  tr,
} from './fixtures.ts';

/**
 * E-mail notification preferences and unsubscribe (issue 15 items 2-3), as members live them:
 * B switches "Likes and matches" off in Settings (reached from the account menu) and it stays off
 * after a reload; B and C leave the site; A likes both. The likes mail waits 15 minutes for more
 * likes: the development tools' POST /dev/jobs/run-due lets its time come now. C, who kept the
 * switch on, gets the mail; B gets none. C opens the mail's visible unsubscribe link logged out,
 * in German, confirms, and finds the switch off in Settings. axe audits both pages as they are.
 */

const root = path.resolve(import.meta.dirname, '..');
const mailCatalog = JSON.parse(fs.readFileSync(path.join(root, 'packages/i18n/mail/en.json'), 'utf8')) as {
  layout: { unsubscribe: string };
  notifyLike: { subject: string };
};
const de = catalog('de') as unknown as {
  mailNotifications: {
    types: Record<string, { label: string }>;
    unsubscribe: Record<string, string>;
  };
};
const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? `{{${k}}}`);

const LIKES_JOB = 'mail.notify.likes';
const port = process.env.E2E_PORT ?? '3100';
const sink = `http://127.0.0.1:${process.env.E2E_SINK_PORT ?? 2580}`;

/**
 * Lets the time of the named queued jobs come now (the development tools, as the developer on
 * this machine: loopback, no forwarded address); answers once they and the mail they send are done.
 */
async function runDueJobs(names: string[]) {
  const res = await fetch(`http://localhost:${port}/dev/jobs/run-due`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ names }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Every mail the SMTP sink received for this address (raw, decoded). */
async function mailsFor(email: string): Promise<string[]> {
  const res = await fetch(`${sink}/messages?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { text: string }[]).map((m) => m.text);
}

interface Member {
  page: Page;
  id: string;
  name: string;
  email: string;
}

async function member(
  browser: Browser,
  baseURL: string,
  problems: string[],
  tag: string,
  gender: 'male' | 'female',
): Promise<Member> {
  const page = await newMemberPage(browser, baseURL, problems, { quietAutoLike: true });
  const { id, name, email } = await signUpAndActivate(page, { tag, gender, birth: ['3', '4', '1989'] });
  return { page, id, name, email };
}

const likesSwitch = (within: Page | Locator) =>
  within.getByRole('switch', { name: tr('mailNotifications.types.like.label'), exact: true });

test('a type switched off in Settings sends no such mail; with it on the mail comes, and its unsubscribe link works logged out', async ({
  browser,
  baseURL,
}) => {
  // Two signups through the UI: 40 s on a quiet machine, up to three times that on a loaded one.
  test.setTimeout(180_000);
  const problems: string[] = [];
  // A, who likes them, is a demo member (a woman; B and C are men looking for women): a login is
  // quicker than a third signup.
  const liker = async () => {
    const page = await newMemberPage(browser, baseURL!, problems, { quietAutoLike: true });
    const user = await logIn(page, 'demo1@amora-en.test');
    return { page, id: user.id, name: user.profile.name };
  };
  const [a, b, c] = await Promise.all([
    liker(),
    member(browser, baseURL!, problems, 'NotiB', 'male'),
    member(browser, baseURL!, problems, 'NotiC', 'male'),
  ]);

  await test.step('B switches likes off in Settings; it stays off after a reload', async () => {
    await b.page.getByRole('button', { name: new RegExp(tr('nav.account')) }).click();
    await b.page.getByRole('menuitem', { name: tr('nav.settings') }).click();
    await expect(b.page).toHaveURL(/\/notifications$/);
    await expect(b.page.getByRole('heading', { level: 1 })).toHaveText(tr('settings.title'));
    await expect(b.page).toHaveTitle(tr('meta.settingsTitle', { siteName: 'Amora' }));
    const mail = b.page.getByRole('region', { name: tr('mailNotifications.title') });
    const likes = likesSwitch(mail);
    // Named by its type; the hint describes it.
    await expect(likes).toHaveAccessibleDescription(tr('mailNotifications.types.like.hint'));
    await expect(likes).toBeChecked();
    await likes.click();
    await expect(likes).not.toBeChecked();
    // The row says it is saved (the page's live region says which and how).
    await expect(mail.getByRole('listitem').filter({ has: likesSwitch(b.page) })).toContainText(
      tr('mailNotifications.savedShort'),
    );
    await b.page.reload();
    await expect(likesSwitch(b.page)).not.toBeChecked();
    await expect(
      b.page.getByRole('switch', { name: tr('mailNotifications.types.new_conversations.label') }),
    ).toBeChecked();
    await expect(
      b.page.getByRole('switch', { name: tr('mailNotifications.types.news.label') }),
    ).not.toBeChecked();
    expect(await audit(b.page), '/notifications').toEqual([]);
  });

  await test.step('B and C leave the site; A likes both', async () => {
    // Closing the tab tells the server at once (the page-hidden beacon): they are away.
    await Promise.all([b.page.close(), c.page.close()]);
    for (const liked of [b, c]) {
      await a.page.goto(`/members/${liked.id}`);
      await expect(a.page.getByRole('heading', { level: 1 })).toContainText(liked.name);
      await a.page.getByRole('button', { name: tr('likes.like'), exact: true }).click();
      await expect(a.page.getByRole('button', { name: tr('likes.unlike'), exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    }
  });

  let unsubscribeUrl = '';
  await test.step('the likes mail comes to C (switch on), none to B (switch off)', async () => {
    await runDueJobs([LIKES_JOB]);
    const toC = (await mailsFor(c.email)).filter((m) => m.includes(a.name));
    expect(toC).toHaveLength(1);
    expect(toC[0]).toContain(fill(mailCatalog.notifyLike.subject, { names: a.name }));
    expect((await mailsFor(b.email)).filter((m) => m.includes(a.name))).toEqual([]);
    // The visible unsubscribe link of the mail (its HTML part), not the List-Unsubscribe header's.
    const label = mailCatalog.layout.unsubscribe;
    const link = toC[0]!.match(new RegExp(`<a href="(https?://[^"]+)"[^>]*>${label}</a>`))?.[1];
    expect(link, 'visible unsubscribe link').toBeDefined();
    const url = new URL(link!.replace(/&amp;/g, '&'));
    expect(url.pathname).toBe('/unsubscribe');
    unsubscribeUrl = url.pathname + url.search;
  });

  await test.step('C unsubscribes from the link, logged out, in German', async () => {
    // A browser of its own, without C's session (past the adults-only entry warning, as in
    // every journey), whose visitor chose German.
    const page = await newMemberPage(browser, baseURL!, problems);
    await page.context().addCookies([{ name: 'i18n_locale', value: 'de', url: baseURL! }]);
    await page.goto(unsubscribeUrl);
    expect(await currentUser(page)).toBeNull();
    const u = de.mailNotifications.unsubscribe;
    const type = de.mailNotifications.types.like!.label;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(u.title!);
    await expect(page).toHaveTitle(new RegExp(`^${u.title} – `));
    await expect(page.getByText(fill(u.question!, { type, siteName: 'Amora' }))).toBeVisible();
    expect(await audit(page), '/unsubscribe').toEqual([]);
    await page.getByRole('button', { name: u.confirm, exact: true }).click();
    const done = page.getByRole('status').filter({ hasText: fill(u.done!, { type }) });
    await expect(done).toBeVisible();
    await expect(page.getByRole('button', { name: u.confirm, exact: true })).toHaveCount(0);
    await page.context().close();
  });

  await test.step('C finds likes switched off in Settings', async () => {
    const page = await c.page.context().newPage();
    await page.goto('/notifications');
    await expect(likesSwitch(page)).not.toBeChecked();
    await expect(
      page.getByRole('switch', { name: tr('mailNotifications.types.new_messages.label') }),
    ).toBeChecked();
  });

  expect(problems).toEqual([]);
});

test('@phone the settings fit a phone in German and Polish: no row pushes its switch aside', async ({
  entered: page,
}) => {
  await logIn(page, 'demo1@amora-en.test');
  for (const locale of ['de', 'pl']) {
    await page.context().addCookies([{ name: 'i18n_locale', value: locale, url: page.url() }]);
    await page.goto('/notifications');
    const switches = page.getByRole('switch');
    await expect(switches).toHaveCount(10); // 8 e-mail types, typing and read receipts
    await expectNoHorizontalScroll(page);
    const width = page.viewportSize()!.width;
    for (const row of await page.locator('.switch-row').all()) {
      const text = (await row.locator('.switch-row__text').boundingBox())!;
      const track = (await row.locator('.switch__track').boundingBox())!;
      expect(text.x + text.width, locale).toBeLessThanOrEqual(track.x);
      expect(track.x + track.width, locale).toBeLessThanOrEqual(width);
    }
  }
});
