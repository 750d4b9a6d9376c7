import type { Browser, BrowserContext, Page } from '@playwright/test';
import { formatMoney } from '../packages/contracts/src/money.ts';
import type { PricingResponse } from '../packages/contracts/src/payments.ts';
import { ENTRY_WARNING_COOKIE } from '../packages/contracts/src/rules.ts';
import {
  expect,
  holdApp,
  logIn,
  newMemberPage,
  signUpAndActivate,
  test,
  tr,
  visitorAddress,
  waitForHydration,
} from './fixtures.ts';

/**
 * Pages whose data is in the server's HTML (issue 26 item 11, issue 29 item 3): a member's search
 * shows its first page of tiles, with photos and names, and /pricing its packages and prices, to a
 * browser without JavaScript; with it, the same tiles and prices are there at the first paint
 * (before the app has run) and stay the same once it has, without the page asking for them again.
 */

/** The calls a page makes to the API paths named, as they go out. */
function calls(page: Page, paths: RegExp): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (paths.test(url.pathname)) seen.push(url.pathname);
  });
  return seen;
}

/** A new member (a man seeking women), logged in, in a browser context of their own (its cookies to reuse). */
async function memberContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const problems: string[] = [];
  const page = await newMemberPage(browser, baseURL, problems, { quietAutoLike: true });
  await signUpAndActivate(page, { tag: 'Tiles' });
  expect(problems).toEqual([]);
  await page.close();
  return page.context();
}

/** A visitor past the entry warning (its cookie) who chose `country`, with scripts or without. */
async function visitor(browser: Browser, baseURL: string, country: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    extraHTTPHeaders: visitorAddress(),
  });
  await context.addCookies([
    { name: ENTRY_WARNING_COOKIE, value: String(Date.now()), url: baseURL },
    { name: 'country', value: country, url: baseURL },
  ]);
  return context;
}

/** The prices /api/pricing answers this context, as an English page writes them. */
async function pricesFor(context: BrowserContext): Promise<string[]> {
  const res = await context.request.get('/api/pricing');
  const pricing = (await res.json()) as PricingResponse;
  return pricing.packages.map((p) => formatMoney(p.amount, p.currency, 'en-US'));
}

const results = (page: Page) => page.getByRole('list', { name: tr('search.results') });

test.describe('without JavaScript', () => {
  test("a member's search shows the first page of tiles with their photos and names", async ({
    browser,
    baseURL,
  }) => {
    const member = await memberContext(browser, baseURL!);
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      storageState: await member.storageState(),
      extraHTTPHeaders: visitorAddress(),
    });
    const page = await context.newPage();
    await page.goto('/members');
    const tiles = results(page).getByRole('link');
    await expect(tiles.first()).toBeVisible();
    expect(await tiles.count()).toBeGreaterThan(0);
    await expect(page.getByText(tr('common.loading'))).toHaveCount(0);
    await expect(tiles.first().locator('strong')).not.toBeEmpty();
    // The portraits are signed addresses, as the API gives them, and they load. The first tile
    // with one: members other journeys signed up a moment ago, without a photo, may come first.
    const portrait = results(page).locator('a img').first();
    await expect(portrait).toHaveAttribute('src', /\/media\/.+\?e=\d+&s=/);
    await expect
      .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await context.close();
    await member.close();
  });

  test("/pricing shows each visitor's packages with their country's prices", async ({ browser, baseURL }) => {
    const seen: string[][] = [];
    for (const country of ['PL', 'DE']) {
      const context = await visitor(browser, baseURL!, country, false);
      const page = await context.newPage();
      await page.goto('/pricing');
      const packages = page.getByRole('list', { name: tr('credits.packages') }).getByRole('listitem');
      const prices = await pricesFor(context);
      await expect(packages).toHaveCount(prices.length);
      for (const [i, price] of prices.entries()) await expect(packages.nth(i)).toContainText(price);
      seen.push(prices);
      await context.close();
    }
    // Two countries, two currencies: złoty and euro.
    expect(seen[0]!.join(' ')).toContain('PLN');
    expect(seen[1]!.join(' ')).toContain('€');
  });
});

test.describe('with JavaScript', () => {
  test("a member's search: the tiles are there at the first paint and stay, asked for once", async ({
    browser,
    baseURL,
  }) => {
    const member = await memberContext(browser, baseURL!);
    const page = await member.newPage();
    const asked = calls(page, /^\/api\/(search|profile)$/);
    const errors: string[] = [];
    page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
    const release = await holdApp(page);
    await page.goto('/members', { waitUntil: 'commit' });
    const tiles = results(page).getByRole('link');
    await expect(tiles.first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    // Their words (textContent: innerText follows the styles, which may still be on their way here).
    const before = await tiles.allTextContents();
    const photos = await tiles.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '1');
    expect(await tiles.allTextContents()).toEqual(before);
    expect(await tiles.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')))).toEqual(
      photos,
    );
    // The app found the results and the member's own profile in the page: nothing asked again.
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
    await member.close();
  });

  test('the profile editor and the settings: styled and filled at the first paint, nothing moves when the app runs', async ({
    browser,
    baseURL,
  }) => {
    const member = await memberContext(browser, baseURL!);
    const page = await member.newPage();
    const asked = calls(page, /^\/api\/(profile|notifications\/mail|chat\/privacy)$/);
    const pages = [
      { path: '/profile', first: page.getByRole('heading', { name: tr('profileEdit.completenessLabel') }) },
      {
        path: '/notifications',
        first: page.getByRole('switch', { name: tr('mailNotifications.types.new_messages.label') }),
      },
    ];
    for (const { path, first } of pages) {
      const release = await holdApp(page);
      await page.goto(path, { waitUntil: 'commit' });
      // Before the app runs: the member's own data is there (no "Loading…" for the lists to
      // push down), and so are the page's own stylesheets (a page whose sheets came with its
      // script was laid out twice: the profile editor's grid, issue 29 item 1).
      await expect(first).toBeVisible();
      await expect(page.getByText(tr('common.loading'))).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      const main = page.locator('main');
      await expect(main.locator('.profile-page__sections, .settings-page__sections')).toHaveCSS(
        'display',
        'grid',
      );
      const before = await first.boundingBox();
      release();
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '1');
      expect(await first.boundingBox()).toEqual(before);
    }
    // The app found the member's data in the pages: nothing asked again.
    expect(asked).toEqual([]);
    await member.close();
  });

  test("/pricing: a visitor's prices are there with the loader alone, stay when the app runs, and the app asks for none", async ({
    browser,
    baseURL,
  }) => {
    const context = await visitor(browser, baseURL!, 'PL', true);
    const page = await context.newPage();
    const asked = calls(page, /^\/api\/pricing$/);
    const scripts = calls(page, /\.js$/);
    const release = await holdApp(page);
    await page.goto('/pricing', { waitUntil: 'commit' });
    const packages = page.getByRole('list', { name: tr('credits.packages') });
    await expect(packages).toBeVisible();
    // A visitor's pricing is a public page: the 1 KiB loader, not the app, until a sign of intent.
    await expect(page.locator('html')).toHaveAttribute('data-hydrate', 'interaction');
    expect(scripts.filter((s) => !/\/assets\/loader-/.test(s))).toEqual([]);
    const texts = await packages.getByRole('listitem').allTextContents();
    release();
    await page.mouse.move(10, 10);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '1');
    expect(await packages.getByRole('listitem').allTextContents()).toEqual(texts);
    expect(asked).toEqual([]);
    for (const price of await pricesFor(context)) await expect(packages).toContainText(price);
    await context.close();
  });
});

test.describe("a member's likes and chats", () => {
  // Four browser contexts and two logins: 32-37 s alone on this 2-core machine, past 90 s in a
  // whole run at load 17-19 (2026-11-30).
  test.describe.configure({ timeout: 150_000 });
  test('are in the HTML, without JavaScript too; the chat times follow the member’s own clock', async ({
    browser,
    baseURL,
  }) => {
    // A new member far from the server's time zone, who liked a demo member and wrote to them
    // (a demo member as the partner: other journeys count their own new members' badges).
    const other = await browser.newContext({ baseURL, extraHTTPHeaders: visitorAddress() });
    await other.addCookies([{ name: ENTRY_WARNING_COOKIE, value: String(Date.now()), url: baseURL! }]);
    const target = await logIn(waitForHydration(await other.newPage()), 'demo3@amora-en.test');
    await other.close();
    const writer = await memberContext(browser, baseURL!);
    const context = await browser.newContext({
      baseURL,
      timezoneId: 'Pacific/Auckland',
      storageState: await writer.storageState(),
      extraHTTPHeaders: visitorAddress(),
    });
    await writer.close();
    const problems: string[] = [];
    const page = waitForHydration(await context.newPage());
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) problems.push(m.text());
    });
    await page.goto('/members');
    const sent = await page.evaluate(async (id) => {
      const csrf = decodeURIComponent(document.cookie.match(/auth\.csrf=([^;]+)/)![1]!);
      const liked = await fetch(`/api/likes/${id}`, { method: 'POST', headers: { 'x-csrf-token': csrf } });
      const wrote = await fetch(`/api/members/${id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify({ client_id: crypto.randomUUID(), kind: 'text', body: 'Hello from far away' }),
      });
      return [liked.status, wrote.status];
    }, target.id);
    expect(sent).toEqual([200, 200]);

    // Without JavaScript: the likes and the chat list are in the page.
    const plain = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      storageState: await context.storageState(),
      extraHTTPHeaders: visitorAddress(),
    });
    const noScript = await plain.newPage();
    await noScript.goto('/likes/sent');
    await expect(noScript.getByRole('link', { name: new RegExp(target.profile.name) }).first()).toBeVisible();
    await noScript.goto('/chats');
    const list = noScript.getByRole('navigation', { name: tr('chat.conversations') });
    await expect(list.getByRole('link', { name: new RegExp(target.profile.name) })).toBeVisible();
    await expect(list.getByText('Hello from far away')).toBeVisible();
    await expect(noScript.getByText(tr('common.loading'))).toHaveCount(0);
    await plain.close();

    // With it, in Auckland: the same list hydrates without a mismatch, and the last message's time
    // is the member's own (the server, in UTC, leaves the times to the browser). (Once its live
    // connection is open, the app reloads the list anyway: what came between the page and it.)
    await page.goto('/chats');
    const time = page
      .getByRole('navigation', { name: tr('chat.conversations') })
      .getByRole('link', { name: new RegExp(target.profile.name) })
      .locator('time');
    const expected = await time.evaluate((el) =>
      new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' }).format(
        new Date(el.getAttribute('datetime')!),
      ),
    );
    await expect(time).toHaveText(expected);

    // The app tells the server its time zone once the page is idle (app/time-zone.ts): the
    // conversation's messages are then in the server's HTML, their days and times Auckland's, and
    // hydrate as they are.
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'amora_tz')?.value)
      .toBe(encodeURIComponent('Pacific/Auckland'));
    const html = await (await page.request.get(`/members/${target.id}/chat`)).text();
    expect(html).toContain('class="chat-day"');
    expect(html).toContain('Hello from far away');
    await page.goto(`/members/${target.id}/chat`);
    const log = page.getByRole('region', { name: tr('chat.with', { name: target.profile.name }) });
    await expect(log.getByText('Hello from far away')).toBeVisible();
    await expect(log.getByText(expected)).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();
  });
});
