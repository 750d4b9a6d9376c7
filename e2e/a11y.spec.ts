import AxeBuilder from '@axe-core/playwright';
import { expect, siteUrl, test } from './fixtures.ts';

/**
 * Automated accessibility checks (axe-core, WCAG 2.1 A and AA rules) on the main pages, as a
 * visitor and as a member. People and tests find controls by role and label; this keeps it so.
 */
async function audit(page: import('@playwright/test').Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

// One test per page: an audit takes seconds on a busy machine, and a test per page keeps each one
// far from its time limit (and names the page that failed).
test.describe('accessibility', () => {
  for (const path of [
    '/',
    '/login',
    '/signup',
    '/reset-password',
    '/pages/privacy',
    '/members',
    '/pricing',
    '/no-such-page',
  ])
    test(`visitor page ${path} passes axe`, async ({ entered: page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await audit(page), path).toEqual([]);
    });

  async function logIn(page: import('@playwright/test').Page) {
    await page.goto(siteUrl('nl', '/login'));
    await page.locator('input[type=email]').fill('demo1@hartjes-nl.test');
    await page.locator('input[type=password]').fill('amora-demo-2026');
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/members/);
  }

  // Two members' tests of a few pages each: every login counts against the login rate limit the
  // whole suite shares (one address).
  test('member pages /members and /profile pass axe', async ({ entered: page }) => {
    await logIn(page);
    for (const path of ['/members', '/profile']) {
      await page.goto(siteUrl('nl', path));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await audit(page), path).toEqual([]);
    }
  });

  test('member pages of buying credits pass axe', async ({ entered: page }) => {
    await logIn(page);
    for (const path of ['/credits', '/credits/p2', '/premium', '/transactions', '/directdebit?package=p1']) {
      await page.goto(siteUrl('nl', path));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await audit(page), path).toEqual([]);
    }
  });

  test("member pages /notifications, /complaints and another member's page pass axe", async ({
    entered: page,
  }) => {
    await logIn(page);
    for (const path of ['/notifications', '/complaints']) {
      await page.goto(siteUrl('nl', path));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await audit(page), path).toEqual([]);
    }
    await page.goto(siteUrl('nl', '/members'));
    await page.locator('a.member-tile').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await audit(page), 'member page').toEqual([]);
  });
});
