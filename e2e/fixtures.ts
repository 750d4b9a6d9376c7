import fs from 'node:fs';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
  type Route,
} from '@playwright/test';
import { ENTRY_WARNING_COOKIE } from '../packages/contracts/src/rules.ts';
import { TIME_SCALE } from './time-scale.ts';

const root = path.resolve(import.meta.dirname, '..');
/** The real catalogs: tests look for what a visitor reads, in the visitor's language. */
export function catalog(locale: string): Record<string, Record<string, string>> {
  return JSON.parse(fs.readFileSync(path.join(root, 'packages/i18n/locales', `${locale}.json`), 'utf8'));
}
export function infoPages(locale: string): Record<string, { title: string }> {
  return JSON.parse(fs.readFileSync(path.join(root, 'packages/i18n/pages', `${locale}.json`), 'utf8'));
}

/**
 * Holds the app's entry script until `release` is called: the page shows only the server's HTML,
 * so a test acts before hydration for sure.
 */
export async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/**
 * A person waits for a page to respond; a test must too: input given before React has hydrated
 * the page can be lost (a click on a plain button does nothing, a select's choice is reset). So
 * every navigation of this page to an HTML document waits until the app marks itself interactive.
 * A visitor's public page loads the app on the first sign of intent (web entry-loader.ts): there
 * the test moves the mouse first, as a person's pointer would (e2e/lazy-hydration.spec.ts tests
 * the page before that).
 */
let pointer = 0;
export function waitForHydration(page: Page): Page {
  const hydrated = async (response: Awaited<ReturnType<Page['goto']>>) => {
    if (response?.headers()['content-type']?.includes('text/html')) {
      if (await page.evaluate(() => document.documentElement.dataset.hydrate === 'interaction')) {
        pointer = (pointer + 1) % 50;
        await page.mouse.move(5 + pointer, 5 + pointer);
      }
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === '1', undefined, {
        timeout: 15_000 * TIME_SCALE,
      });
    }
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => hydrated(await goto(url, options));
  page.reload = async (options) => hydrated(await reload(options));
  return page;
}

/** Collects the page's uncaught script errors and console errors (blocked inline scripts too) into `problems`. */
function collectProblems(page: Page, problems: string[]) {
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // Chromium logs every 4xx answer; the ones a journey provokes on purpose (404, wrong password) are fine.
    if (
      m.type() === 'error' &&
      !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())
    )
      problems.push(`console: ${m.text()}`);
  });
}

/**
 * Every page opened here is past the adults-only entry warning and has put off the push option's
 * banner ("Not now": e2e/push.spec.ts tests it). With `quietAutoLike`, the once-a-session auto-like
 * match modal stays away too: it would cover the pages under test (e2e/likes.spec.ts tests it).
 */
function enterQuietly(target: Page | BrowserContext, quietAutoLike: boolean) {
  return target.addInitScript((quiet) => {
    window.localStorage.setItem('amora.dismissed.entryWarning', String(Date.now()));
    window.localStorage.setItem('amora.dismissed.push', String(Date.now()));
    if (quiet) window.sessionStorage.setItem('amora.autoLike', String(Date.now()));
  }, quietAutoLike);
}

/**
 * `page` fails the test on any uncaught script error or blocked (CSP) inline script, so a page
 * that only looks right is not enough. `entered` is a page whose visitor already passed the
 * adults-only entry warning.
 */
let visitors = 0;
/**
 * A network address of its own for each browser context (sent as X-Forwarded-For, which the e2e
 * server believes from loopback): each context is another person to the per-address rate limits.
 */
export function visitorAddress(): Record<string, string> {
  visitors++;
  return {
    'x-forwarded-for': `10.${process.pid % 250}.${Math.floor(visitors / 250) % 250}.${(visitors % 250) + 1}`,
  };
}

export const test = base.extend<{ entered: Page }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: it must be one.
  // biome-ignore lint/correctness/noEmptyPattern: this fixture depends on no other
  extraHTTPHeaders: async ({}, use) => use(visitorAddress()),
  page: async ({ page }, use) => {
    // A person waits for a page to respond; a test must too: input given before React has
    // hydrated the page can be reset by hydration (a select's choice, for one). So every
    // navigation to an HTML page waits until the app marks itself interactive.
    waitForHydration(page);
    const problems: string[] = [];
    collectProblems(page, problems);
    await use(page);
    expect(problems).toEqual([]);
  },
  entered: async ({ page, baseURL }, use) => {
    await enterQuietly(page, true);
    // The dismissal's cookie too, as a returning visitor has it: the server leaves the warning out.
    // With the stored dismissal alone the page came with the warning open, and the app closed it
    // after hydration, giving focus back where it was: under load that landed in the middle of a
    // keyboard walk (a11y.spec, a hog run) and scrolled the page back to the top.
    await page
      .context()
      .addCookies([{ name: ENTRY_WARNING_COOKIE, value: String(Date.now()), url: baseURL! }]);
    await use(page);
  },
});

// What a spec sets as its own budget is scaled as the config's is (time-scale.ts).
const setTimeoutAsGiven = test.setTimeout.bind(test);
test.setTimeout = (ms: number) => setTimeoutAsGiven(ms * TIME_SCALE);
const configureAsGiven = test.describe.configure.bind(test.describe);
test.describe.configure = (options) =>
  configureAsGiven(options?.timeout ? { ...options, timeout: options.timeout * TIME_SCALE } : options);

/**
 * A page in a fresh browser context of its own (a second member beside the test's `page`), past
 * the entry warning, hydration-waiting like `page`; script errors are collected into `problems`.
 */
export async function newMemberPage(
  browser: Browser,
  baseURL: string,
  problems: string[],
  opts: { quietAutoLike?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: visitorAddress(),
  });
  await enterQuietly(context, !!opts.quietAutoLike);
  const page = waitForHydration(await context.newPage());
  collectProblems(page, problems);
  return page;
}

/**
 * The text of a development viewer (/dev/sms) as this machine's developer sees it: from a context
 * without a forwarded address (the viewers answer only direct local requests).
 */
export async function devViewerText(browser: Browser, url: string): Promise<string> {
  const context = await browser.newContext({ extraHTTPHeaders: {} });
  try {
    const page = await context.newPage();
    const res = await page.goto(url);
    if (res?.status() !== 200) throw new Error(`${url} answered ${res?.status()}`);
    return await page.content();
  } finally {
    await context.close();
  }
}

/** The page is no wider than the screen (nothing pushes a phone layout sideways). */
export async function expectNoHorizontalScroll(page: Page) {
  const [scroll, inner] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(inner!);
}

export function siteUrl(sub: string, pathname = '/'): string {
  const port = process.env.E2E_PORT ?? '3100';
  return `http://${sub ? `${sub}.` : ''}localhost:${port}${pathname}`;
}

export { expect };

/** Waits for a mail to `to` whose text contains `contains`, from the SMTP sink; returns its text. */
export async function mailTo(to: string, contains: string): Promise<string> {
  let text: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(
          `http://127.0.0.1:${process.env.E2E_SINK_PORT ?? 2580}/messages?to=${encodeURIComponent(to)}`,
        );
        const mails = (await res.json()) as { text: string }[];
        text = mails.reverse().find((m) => m.text.includes(contains))?.text;
        return Boolean(text);
      },
      { timeout: 15_000 * TIME_SCALE },
    )
    .toBe(true);
  return text!;
}

/** The first link in a mail text whose path starts with `path`, made relative to the site. */
export function linkPath(text: string, path: string): string {
  const m = text.match(new RegExp(`https?://[^\\s"<>]+(${path.replace(/[.?]/g, '\\$&')}[^\\s"<>]*)`));
  if (!m) throw new Error(`no ${path} link in mail`);
  return m[1]!.replace(/&amp;/g, '&');
}

/** A catalog text by its dotted key, with `vars` filled in (tr for English, textIn for others). */
export type Text = (key: string, vars?: Record<string, string | number>) => string;

/**
 * The texts of a locale's catalog by dotted key, with `vars` filled in; a placeholder without a
 * value stays as it is (`{{name}}`), for tests that match the template itself.
 */
export function textIn(locale: string): Text {
  const texts = catalog(locale);
  return (key, vars = {}) =>
    (
      key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], texts) as string
    ).replace(/\{\{(\w+)\}\}/g, (_, v: string) => (v in vars ? String(vars[v]) : `{{${v}}}`));
}

/** An English catalog text (see textIn). */
export const tr = textIn('en');

/** The logged-in member of this page, as the app's own call returns it. */
export function currentUser(page: Page): Promise<{ id: string; profile: { name: string } }> {
  return page.evaluate(
    async () =>
      (await (await fetch('/api/user.php', { headers: { 'x-request-type': 'client' } })).json()).user,
  );
}

/** Every demo member's password (seed/demo). */
export const DEMO_PASSWORD = 'amora-demo-2026';

/**
 * Logs in through the login form at `loginUrl` (another site's: absolute, in its language: `text`)
 * and waits for the members area; returns the member.
 */
export async function logInAt(
  page: Page,
  loginUrl: string,
  email: string,
  { password = DEMO_PASSWORD, text = tr }: { password?: string; text?: Text } = {},
) {
  await page.goto(loginUrl);
  await page.getByLabel(text('auth.email')).fill(email);
  await page.getByLabel(text('auth.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text('auth.login.submit') }).click();
  await expect(page).toHaveURL(/\/members/);
  return currentUser(page);
}

/** Logs in through the English login form; returns the member. */
export const logIn = (page: Page, email: string, password = DEMO_PASSWORD) =>
  logInAt(page, '/login', email, { password });

/**
 * After a send the member cannot pay for: the not-enough-credits alert offers credits (its text
 * does not say its title again); Escape closes it, and a message the server refused waits in `log`
 * with a retry (`sent`; a text the composer knew it could not pay for was never sent).
 */
export async function expectNoCredits(page: Page, log: Locator, text: Text = tr, { sent = true } = {}) {
  const broke = page.getByRole('alertdialog', { name: text('chat.noCredits.title') });
  await expect(broke).toBeVisible();
  await expect(broke).not.toContainText(text('errors.not_enough_credits'));
  await expect(broke.getByRole('link', { name: text('chat.noCredits.buy') })).toHaveAttribute(
    'href',
    '/credits',
  );
  await broke.press('Escape');
  await expect(broke).toBeHidden();
  if (sent) await expect(log.getByRole('button', { name: text('chat.retry') })).toBeVisible();
}

export interface NewMember {
  email: string;
  name: string;
  password: string;
}

/** Fills the signup's first step (e-mail, username, password, date of birth, gender, seeking) as a person does. */
export async function fillAccountStep(
  page: Page,
  a: NewMember & {
    birth: [string, string, string];
    gender: 'male' | 'female';
    seeking: 'male' | 'female';
  },
) {
  await page.getByLabel(tr('auth.email')).fill(a.email);
  await page.getByLabel(tr('signup.username')).fill(a.name);
  await page.getByLabel(tr('auth.password'), { exact: true }).fill(a.password);
  await page.getByLabel(tr('signup.dob.day')).selectOption(a.birth[0]);
  await page.getByLabel(tr('signup.dob.month')).selectOption(a.birth[1]);
  await page.getByLabel(tr('signup.dob.year')).selectOption(a.birth[2]);
  await page.getByRole('radio', { name: tr(`profile.gender.${a.gender}`), exact: true }).check();
  await page.getByRole('radio', { name: tr(`profile.seeking.${a.seeking}`), exact: true }).check();
}

/**
 * Signs a new member up through /signup (every step, as a person does) and waits for
 * "confirm your e-mail". Returns what was entered; `activateFromMail` finishes the job.
 */
export async function signUpThroughUi(
  page: Page,
  opts: {
    tag: string;
    gender?: 'male' | 'female';
    seeking?: 'male' | 'female';
    password?: string;
    birth?: [string, string, string];
  },
): Promise<NewMember> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${opts.tag.toLowerCase()}-${id}@example.com`;
  const name = `${opts.tag}${id}`.slice(0, 20);
  const password = opts.password ?? 'a long enough passphrase';
  const gender = opts.gender ?? 'male';
  const seeking = opts.seeking ?? (gender === 'male' ? 'female' : 'male');
  const [day, month, year] = opts.birth ?? ['12', '8', '1988'];
  await page.goto('/signup');
  await fillAccountStep(page, { email, name, password, birth: [day, month, year], gender, seeking });
  // Photo (skipped: e2e/signup-steps.spec.ts adds one), looks, situation.
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: tr('signup.next') }).click();
  await page.getByRole('button', { name: tr('signup.submit') }).click();
  await skipPushStep(page);
  await expect(page.getByRole('heading', { name: tr('signup.complete.title') })).toBeVisible({
    timeout: 15_000 * TIME_SCALE,
  });
  return { email, name, password };
}

/**
 * The signup's push opt-in step (spec §4), shown after the account is sent where the browser can
 * still be asked for notifications (Chromium: yes): skipped, as most journeys are about other
 * things (e2e/push.spec.ts allows them).
 */
export async function skipPushStep(scope: Page | Locator) {
  const complete = scope.getByRole('heading', { name: tr('signup.complete.title') });
  const skip = scope.getByRole('button', { name: tr('push.signup.skip') });
  await expect(complete.or(skip)).toBeVisible({ timeout: 15_000 * TIME_SCALE });
  if (await skip.isVisible()) await skip.click();
}

/**
 * A new member for a journey about what comes after signup: the account sent as the signup form
 * sends it (POST /api/signup, in this page's browser context: its cookies, address and language)
 * and activated from the real mail (ends logged in): what was entered, and the member's id. The
 * signup form itself, step by step, is signUpThroughUi's (journeys.spec.ts, signup-steps.spec.ts
 * and the journeys that use it); one request instead of six steps keeps these journeys well
 * inside their time on a busy machine.
 */
export async function signUpAndActivate(
  page: Page,
  opts: Parameters<typeof signUpThroughUi>[1],
): Promise<NewMember & { id: string }> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const member = {
    email: `${opts.tag.toLowerCase()}-${id}@example.com`,
    name: `${opts.tag}${id}`.slice(0, 20),
    password: opts.password ?? 'a long enough passphrase',
  };
  const gender = opts.gender ?? 'male';
  const [day, month, year] = opts.birth ?? ['12', '8', '1988'];
  // From the site's own origin in the browser (another site's host, nl.localhost, is the
  // browser's to resolve): its first answer sets the CSRF cookie, which the app echoes in a header
  // (contracts rules.ts CSRF_COOKIE, CSRF_HEADER).
  await page.goto('/api/user.php');
  const body = {
    ...member,
    date_of_birth: `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`,
    gender,
    seeking: opts.seeking ?? (gender === 'male' ? 'female' : 'male'),
  };
  const res = await page.evaluate(async (data) => {
    const csrf = document.cookie.match(/(?:^|; )auth\.csrf=([^;]*)/)?.[1] ?? '';
    const r = await fetch('/api/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify(data),
    });
    return { status: r.status, text: await r.text() };
  }, body);
  expect(res.status, res.text).toBe(202);
  await activateFromMail(page, member.email);
  return { ...member, id: (await currentUser(page)).id };
}

/**
 * Pays at the sandbox's checkout the pay button led to: paid, back on the order's page, which says
 * the credits came.
 */
export async function payAtSandbox(page: Page, credits: number) {
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: tr('sandbox.outcome_paid'), exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('status').filter({ hasText: tr('credits.order.completed_other', { count: credits }) }),
  ).toBeVisible();
}

/** Opens the activation link of the member's mail; the member ends logged in. Returns the mail text. */
export async function activateFromMail(page: Page, email: string): Promise<string> {
  const activation = await mailTo(email, '/api/activate.php');
  await page.goto(linkPath(activation, '/api/activate.php'));
  await expect(page).toHaveURL(/\/activate\/done$/);
  return activation;
}
