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

test.describe('accessibility', () => {
  test('visitor pages pass axe', async ({ entered: page }) => {
    for (const path of [
      '/',
      '/login',
      '/signup',
      '/reset-password',
      '/pages/privacy',
      '/members',
      '/no-such-page',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await audit(page), path).toEqual([]);
    }
  });

  test('member pages pass axe', async ({ entered: page }) => {
    await page.goto(siteUrl('nl', '/login'));
    await page.locator('input[type=email]').fill('demo1@hartjes-nl.test');
    await page.locator('input[type=password]').fill('amora-demo-2026');
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/members/);
    for (const path of ['/members', '/profile', '/notifications', '/complaints']) {
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
