import type { Browser, Page, Route } from '@playwright/test';
import {
  currentUser,
  expect,
  logIn,
  newMemberPage,
  signUpAndActivate,
  test,
  tr,
  waitForHydration,
} from './fixtures.ts';

/**
 * Spec §8, a session that ends behind a tab's back (issue 31): a call of the tab meets the ended
 * session and the tab logs out quietly. The browser's cookie may by then be a newer session of
 * the same browser (a login or an activation link in another tab), which that quiet logout must
 * leave alone. Found in a fresh-clone run: an activation link's new session was ended by the
 * quiet logout of the tab the link was opened from.
 */

/**
 * Holds the page's requests to `url` until `release` is called; `sent` settles when the first
 * leaves. With `asSent`, a request goes on with the cookies the browser had when it left (on the
 * wire, a request carries the session of then; held here, it would take the jar's newer one).
 */
async function hold(page: Page, url: string, { asSent = false } = {}) {
  let sent!: () => void;
  let release!: () => void;
  const left = new Promise<void>((r) => {
    sent = r;
  });
  const gate = new Promise<void>((r) => {
    release = r;
  });
  await page.route(url, async (route: Route) => {
    const jar = await page.context().cookies(route.request().url());
    const cookie = jar.map((c) => `${c.name}=${c.value}`).join('; ');
    sent();
    await gate;
    if (!asSent) return void (await route.continue().catch(() => {}));
    // The server's own answer to the request as it was sent (route.continue would take the jar's
    // cookie of now; an explicit cookie header is kept by route.fetch).
    const response = await route.fetch({ headers: { ...route.request().headers(), cookie } });
    await route.fulfill({ response }).catch(() => {});
  });
  return { sent: left, release };
}

/** A new member, logged in, in a page of their own; `problems` collects its script errors. */
async function newMember(browser: Browser, baseURL: string, tag: string) {
  const problems: string[] = [];
  const a = await newMemberPage(browser, baseURL, problems);
  const member = await signUpAndActivate(a, { tag });
  return { a, member, problems };
}

// Each journey signs a member up (with its mail) and logs in from two contexts: 16-32 s alone on
// this 2-core machine, but past 90 s in a whole run at load 17-19 (2026-11-30).
test.describe.configure({ timeout: 150_000 });

test('a tab that meets its ended session leaves the newer login of the same browser alone', async ({
  browser,
  baseURL,
}) => {
  const { a, member, problems } = await newMember(browser, baseURL!, 'Race');

  // Tab A's settings page asks for the state of its data archive with the session of now (its
  // switches come in its HTML); the request is slow on the way, and so is the reload of its member
  // that the session's end would start.
  const settings = await hold(a, '**/api/data-export', { asSent: true });
  const reload = await hold(a, '**/api/user.php');
  await a.goto('/notifications');
  await settings.sent;

  // Meanwhile, in tab B, the member logs out and in again: the old session ends; the cookie the
  // two tabs share is a new session.
  const b = waitForHydration(await a.context().newPage());
  await b.goto('/members');
  await b.getByRole('button', { name: new RegExp(tr('nav.account')) }).click();
  await b.getByRole('menuitem', { name: tr('nav.logout') }).click();
  await expect(b.getByRole('link', { name: tr('nav.login') })).toBeVisible();
  await logIn(b, member.email, member.password);

  // Tab A's request arrives with the ended session: tab A logs out quietly and leaves its page.
  settings.release();
  await a.waitForURL((u) => u.pathname !== '/notifications');
  reload.release();

  // Tab B's newer session is untouched: it is still the member's, on a fresh page load too.
  await b.reload();
  expect((await currentUser(b))?.id).toBe(member.id);
  await expect(b.getByRole('button', { name: new RegExp(tr('nav.account')) })).toBeVisible();
  expect(problems).toEqual([]);
  await a.context().close();
});

test('a tab whose session a password change ended elsewhere is logged out, and logs in again with the new password', async ({
  browser,
  baseURL,
}) => {
  const { a, member, problems } = await newMember(browser, baseURL!, 'Stale');
  await a.goto('/members');

  // On another device the member changes the password: every other session ends.
  const b = await newMemberPage(browser, baseURL!, problems);
  await logIn(b, member.email, member.password);
  await b.goto('/notifications');
  const section = b.getByRole('region', { name: tr('settings.password.title') });
  await section.getByLabel(tr('settings.password.old')).fill(member.password);
  await section.getByLabel(tr('settings.password.new'), { exact: true }).fill('another long passphrase');
  await section.getByLabel(tr('settings.password.repeat')).fill('another long passphrase');
  await section.getByRole('button', { name: tr('settings.password.submit') }).click();
  await expect(section.getByText(tr('settings.password.done'))).toBeVisible();

  // The first tab learns it (its socket closes, or its next call meets the ended session) and is
  // a visitor; its old cookie is no obstacle to logging in again, with the new password.
  await expect(a.getByRole('link', { name: tr('nav.login') }).first()).toBeVisible();
  await logIn(a, member.email, 'another long passphrase');
  expect((await currentUser(a))?.id).toBe(member.id);
  expect(problems).toEqual([]);
  await a.context().close();
  await b.context().close();
});
