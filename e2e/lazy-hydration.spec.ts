import type { Browser, Page } from '@playwright/test';
import { ENTRY_WARNING_COOKIE } from '../packages/contracts/src/rules.ts';
import {
  catalog,
  expect,
  fillAccountStep,
  holdApp,
  logIn,
  test,
  tr,
  visitorAddress,
  waitForHydration,
} from './fixtures.ts';

/**
 * A visitor's public pages (home, info pages, landers, pricing, login, signup, password reset) come as complete HTML with a loader of about
 * 1 KiB instead of the app (issue 16 item 6, web entry-loader.ts): the app loads on the visitor's
 * first sign of intent, and a click made before it runs is held and replayed, so nothing is lost.
 * These pages are opened without the suite's hydration wait (a raw page of the context).
 */
const en = catalog('en');

/** The scripts a page requested, by their file name. */
function scripts(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') seen.push(new URL(r.url()).pathname);
  });
  return seen;
}

/** A visitor who passed the entry warning on an earlier visit (its cookie), on a fresh raw page. */
async function returningVisitor(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: visitorAddress() });
  await context.addCookies([{ name: ENTRY_WARNING_COOKIE, value: String(Date.now()), url: baseURL }]);
  return context.newPage();
}

/**
 * A returning visitor's raw page at `path` with the app's entry held: the page is on the loader
 * (`data-hydrate="interaction"`), the only script it fetched.
 */
async function onLoaderOnly(browser: Browser, baseURL: string, path: string) {
  const page = await returningVisitor(browser, baseURL);
  const loaded = scripts(page);
  const release = await holdApp(page);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrate', 'interaction');
  expect(loaded.filter((s) => !/\/assets\/loader-/.test(s))).toEqual([]);
  return { page, loaded, release };
}

test.describe('a visitor page before the app loads', () => {
  // A fresh context each and the first view of the demo portraits: 12 s on a quiet machine, 34 s
  // with six other test runs beside it.
  test.describe.configure({ timeout: 90_000 });
  test('@phone home is read without the app; the entry warning is answered before it loads', async ({
    browser,
    baseURL,
    viewport,
    isMobile,
  }) => {
    const context = await browser.newContext({
      baseURL,
      viewport,
      isMobile,
      extraHTTPHeaders: visitorAddress(),
    });
    const page = await context.newPage();
    const loaded = scripts(page);
    const release = await holdApp(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrate', 'interaction');
    // Home's content and the adults-only warning are there, with its button focused, and the
    // only script fetched is the loader: not the app, not its route chunks.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.home!.heroTitle!);
    const dialog = page.getByRole('dialog', { name: en.entryWarning!.title! });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: en.entryWarning!.enter! })).toBeFocused();
    expect(loaded.filter((s) => !/\/assets\/loader-/.test(s))).toEqual([]);
    // The visitor enters before the app has run: the warning closes at once, without the app (its
    // own form, which the browser answers), and focus is back on the page.
    await dialog.getByRole('button', { name: en.entryWarning!.enter! }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    // The tap was a sign of intent: the app loads, and once it runs the warning stays closed.
    await expect.poll(() => loaded.some((s) => /\/assets\/index-/.test(s))).toBe(true);
    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.home!.heroTitle!);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Remembered like any dismissal: the next page has no warning.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await context.close();
  });

  test('a dismissal kept only in the browser (from before the cookie) closes the warning before the app runs', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: visitorAddress() });
    const answered = Date.now() - 86_400_000;
    await context.addInitScript((at) => {
      window.localStorage.setItem('amora.dismissed.entryWarning', String(at));
    }, answered);
    const page = await context.newPage();
    const release = await holdApp(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrate', 'interaction');
    // The server cannot know (no cookie) and renders the warning; the loader closes it at once and
    // tells the server from now on, with the day the visitor answered.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.home!.heroTitle!);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const cookie = (await context.cookies()).find((c) => c.name === ENTRY_WARNING_COOKIE);
    expect(cookie?.value).toBe(String(answered));
    // The app, once it runs, leaves it closed and focus where the visitor is.
    await page.getByRole('link', { name: en.nav!.login! }).first().focus();
    release();
    await page.mouse.move(5, 5);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '1');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('link', { name: en.nav!.login! }).first()).toBeFocused();
    await context.close();
  });

  test('a lander on a phone: the signup call to action is a link, followed without the app', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
      extraHTTPHeaders: visitorAddress(),
    });
    await context.addCookies([{ name: ENTRY_WARNING_COOKIE, value: String(Date.now()), url: baseURL! }]);
    const page = await context.newPage();
    const loaded = scripts(page);
    // The app never runs on the lander: the tap alone must take the visitor to the signup page.
    await holdApp(page);
    await page.goto('/landers/gallery');
    await expect(page.locator('html')).toHaveAttribute('data-hydrate', 'interaction');
    await page
      .getByRole('link', { name: tr('lander.cta') })
      .first()
      .click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(loaded.some((s) => /\/assets\/loader-/.test(s))).toBe(true);
    await context.close();
  });

  test('a lander: the signup call to action pressed before the app runs opens the signup form', async ({
    browser,
    baseURL,
  }) => {
    const { page, loaded, release } = await onLoaderOnly(browser, baseURL!, '/landers/gallery');
    const cta = page.getByRole('link', { name: tr('lander.cta') }).first();
    await cta.click();
    // Held: no navigation to the plain signup page, no form yet.
    await expect.poll(() => loaded.some((s) => /\/assets\/index-/.test(s))).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/landers/gallery');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '1');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('textbox').first()).toBeVisible();
    await page.context().close();
  });

  test('the login: filled in and sent before the app runs, it logs the member in', async ({
    browser,
    baseURL,
  }) => {
    const { page, release } = await onLoaderOnly(browser, baseURL!, '/login');
    // The form is usable with the loader alone: the visitor types and presses Log in.
    await page.getByLabel(tr('auth.email')).fill('demo1@amora-en.test');
    await page.getByLabel(tr('auth.password'), { exact: true }).fill('amora-demo-2026');
    const submit = page.getByRole('button', { name: tr('auth.login.submit') });
    await submit.click();
    // Held until the app runs (the button says it is working), never sent by the browser itself.
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(new URL(page.url()).pathname).toBe('/login');
    release();
    // The app keeps what was typed and sends it: the member is in the members area.
    await expect(page).toHaveURL(/\/members$/);
    const nav = page.getByRole('navigation', { name: tr('nav.main') });
    await expect(nav.getByRole('link', { name: tr('nav.search') })).toBeVisible();
    await page.context().close();
  });

  test('the signup: typed and chosen before the app runs, nothing is lost', async ({ browser, baseURL }) => {
    const { page, release } = await onLoaderOnly(browser, baseURL!, '/signup');
    // The whole first step with the loader alone: text, the date of birth's selects, the radios.
    await fillAccountStep(page, {
      email: `early-${Date.now().toString(36)}@example.com`,
      name: `early${Date.now().toString(36)}`.slice(0, 20),
      password: 'a long enough passphrase',
      birth: ['29', '2', '1988'],
      gender: 'female',
      seeking: 'male',
    });
    const next = page.getByRole('button', { name: tr('signup.next') });
    await next.click();
    await expect(next).toHaveAttribute('aria-busy', 'true');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    release();
    // The app was given every choice before the held Continue: the step passes its checks (a
    // date of birth or a radio it lost would be an error here) and the photo step follows.
    await expect(page.getByRole('heading', { name: tr('signup.steps.photo.title') })).toBeFocused();
    await page.getByRole('button', { name: tr('common.back') }).click();
    await expect(page.getByLabel(tr('signup.dob.day'))).toHaveValue('29');
    await expect(page.getByLabel(tr('signup.dob.month'))).toHaveValue('2');
    await expect(page.getByLabel(tr('signup.dob.year'))).toHaveValue('1988');
    await expect(page.getByRole('radio', { name: tr('profile.gender.female'), exact: true })).toBeChecked();
    await expect(page.getByRole('radio', { name: tr('profile.seeking.male'), exact: true })).toBeChecked();
    await page.context().close();
  });

  test('a keyboard user: the first key loads the app', async ({ browser, baseURL }) => {
    const page = await returningVisitor(browser, baseURL!);
    const loaded = scripts(page);
    await page.goto('/pages/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(loaded.some((s) => /\/assets\/index-/.test(s))).toBe(false);
    await page.keyboard.press('Tab');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '1');
    await page.context().close();
  });
});

test.describe('a member page', () => {
  test.describe.configure({ timeout: 90_000 });
  test('is painted first; the app and its texts load right after, with no sign of intent', async ({
    browser,
    baseURL,
  }) => {
    const visitor = await returningVisitor(browser, baseURL!);
    await logIn(waitForHydration(visitor), 'demo2@amora-en.test');
    // A page of the member's own, without the suite's hydration wait, the app's entry held.
    const page = await visitor.context().newPage();
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    const release = await holdApp(page);
    await page.goto('/members');
    await expect(page.locator('html')).toHaveAttribute('data-hydrate', 'paint');
    // The page is there to read before any script has run: the navigation, the search's results.
    const nav = page.getByRole('navigation', { name: tr('nav.main') });
    await expect(nav.getByRole('link', { name: tr('nav.search') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Nobody moved or typed: once painted, the loader asks for the app and for the page's texts
    // side by side (the texts before the app has run, which would otherwise ask for them after).
    await expect.poll(() => asked.some((p) => /^\/assets\/index-/.test(p))).toBe(true);
    await expect.poll(() => asked.some((p) => /^\/i18n\/en-[\w-]+\.json$/.test(p))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '1');
    await expect(nav.getByRole('link', { name: tr('nav.search') })).toBeVisible();
    await visitor.context().close();
  });
});
