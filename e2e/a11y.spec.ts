import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { audit, expectFocusNeverObscured } from './axe.ts';
import { expect, logIn, test, tr, waitForHydration } from './fixtures.ts';

/**
 * Accessibility (WCAG 2.2 AA, axe-core: e2e/axe.ts) on every page a visitor or a member reaches,
 * each with a level-1 heading; focus never hidden behind the sticky header or the phone's tab bar;
 * the swipe game's drag has buttons beside it (2.5.7). The member pages share one login (storage
 * state): a login per test would cost seconds and count against the login limits.
 */

// One test per visitor page: an audit takes seconds on a busy machine, and a test per page keeps
// each one far from its time limit (and names the page that failed).
test.describe('accessibility: visitor pages', () => {
  for (const path of [
    '/',
    '/login',
    '/signup',
    '/complete-signup',
    '/signup-matches',
    '/reset-password',
    '/reset-password/do?token=expired-or-unknown',
    '/activate/error',
    '/account-deleted',
    '/pages/privacy',
    '/pages/faq',
    '/members',
    '/pricing',
    '/no-such-page',
  ])
    test(`visitor page ${path} passes axe`, async ({ entered: page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await audit(page), path).toEqual([]);
    });

  test('a visitor member page passes axe', async ({ entered: page }) => {
    await page.goto('/members');
    await page.locator('a.member-tile').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await audit(page), 'member page').toEqual([]);
  });

  test('keyboard focus is never hidden behind the sticky header (a long page)', async ({ entered: page }) => {
    await page.goto('/pages/privacy');
    await expectFocusNeverObscured(page);
  });
});

const state = path.join(os.tmpdir(), `amora-a11y-member-${process.pid}.json`);

/** A page of the member who logged in once for this file (storage state), at the given size. */
async function memberPage(browser: Browser, baseURL: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({
    baseURL,
    viewport,
    storageState: state,
    isMobile: viewport.width < 576,
    hasTouch: viewport.width < 576,
  });
  await context.addInitScript(() => {
    window.localStorage.setItem('amora.dismissed.entryWarning', String(Date.now()));
    window.sessionStorage.setItem('amora.autoLike', String(Date.now()));
  });
  return waitForHydration(await context.newPage());
}

/** Each page: its h1, and no axe violation. */
async function auditPages(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    expect(await audit(page), path).toEqual([]);
  }
}

test.describe('accessibility: member pages', () => {
  // One worker for the group, so the login below happens once. Each test audits four or five
  // pages with axe: 60 s ran out for the credits pages at a load average of 26 on 2 cores.
  test.describe.configure({ mode: 'default', timeout: 150_000 });
  let other: { id: string; conversation: string };

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL });
    await context.addInitScript(() => {
      window.localStorage.setItem('amora.dismissed.entryWarning', String(Date.now()));
      window.sessionStorage.setItem('amora.autoLike', String(Date.now()));
    });
    const page = waitForHydration(await context.newPage());
    await logIn(page, 'demo1@amora-en.test');
    // A conversation to audit: the first member of the search, written to once.
    const member = await page.evaluate(
      async () => (await (await fetch('/api/search')).json()).members[0] as { id: string },
    );
    await page.goto(`/members/${member.id}/chat`);
    const composer = page.getByLabel(tr('chat.composer.label'));
    await expect(composer).toBeVisible();
    if ((await page.getByRole('log').count()) === 0) {
      await composer.fill('Hello, nice to meet you.');
      await composer.press('Enter');
    }
    await expect(page.getByRole('log')).toBeVisible();
    await page.goto('/chats');
    const href = await page
      .getByRole('navigation', { name: tr('chat.conversations') })
      .getByRole('link')
      .first()
      .getAttribute('href');
    other = { id: member.id, conversation: href!.split('/').pop()! };
    await context.storageState({ path: state });
    await context.close();
  });
  test.afterAll(() => fs.rmSync(state, { force: true }));

  test('search, profile, settings and complaints pass axe', async ({ browser, baseURL }) => {
    const page = await memberPage(browser, baseURL!);
    await auditPages(page, ['/members', '/profile', '/notifications', '/complaints']);
  });

  test("likes and another member's page pass axe", async ({ browser, baseURL }) => {
    const page = await memberPage(browser, baseURL!);
    await auditPages(page, ['/likes', '/likes/matches', `/members/${other.id}`, `/likes/m/${other.id}`]);
  });

  test('the pages of buying credits pass axe', async ({ browser, baseURL }) => {
    const page = await memberPage(browser, baseURL!);
    await auditPages(page, [
      '/credits',
      '/credits/p2',
      '/premium',
      '/transactions',
      '/directdebit?package=p1',
    ]);
  });

  test('chats and a conversation pass axe, on a phone too', async ({ browser, baseURL }) => {
    const page = await memberPage(browser, baseURL!);
    await auditPages(page, ['/chats', `/chats/${other.conversation}`]);
    const phone = await memberPage(browser, baseURL!, { width: 390, height: 844 });
    // The phone's conversation view is a page of its own: the partner's name is its h1.
    await auditPages(phone, [`/chats/${other.conversation}`, `/members/${other.id}/chat`, '/chats']);
  });

  test('the swipe game and the match finder pass axe; every drag has buttons', async ({
    browser,
    baseURL,
  }) => {
    const page = await memberPage(browser, baseURL!, { width: 390, height: 844 });
    await auditPages(page, ['/match-finder', '/swipe-game']);
    // WCAG 2.5.7: liking and passing work without dragging the card.
    const stack = page.getByRole('region', { name: tr('swipe.stackLabel') });
    await expect(
      stack.getByRole('button', { name: new RegExp(tr('swipe.like').replace('{{name}}', '.+')) }),
    ).toBeVisible();
    await expect(
      stack.getByRole('button', { name: new RegExp(tr('swipe.pass').replace('{{name}}', '.+')) }),
    ).toBeVisible();
  });

  test('keyboard focus is never hidden behind the header or the phone tab bar', async ({
    browser,
    baseURL,
  }) => {
    const page = await memberPage(browser, baseURL!, { width: 390, height: 844 });
    await page.goto('/profile');
    await expectFocusNeverObscured(page);
  });
});
