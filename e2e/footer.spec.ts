import { catalog, expect, infoPages, test } from './fixtures.ts';

const en = catalog('en');
const footerKeys = [
  'terms',
  'privacy',
  'cookies',
  'ban',
  'pricing',
  'complaints',
  'returnPolicy',
  'faq',
  'support',
];

test.describe('footer', () => {
  test('every footer link leads to a page or the 404 page, never an error', async ({
    entered: page,
    request,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const key of footerKeys) {
      const link = footer.getByRole('link', { name: en.footer![key]! });
      const href = await link.getAttribute('href');
      const res = await request.get(href!);
      expect([200, 404], `${href}`).toContain(res.status());
    }
    await expect(footer).toContainText('© 2025 Amora Media LLC');
    await expect(footer.getByTestId('us-footer')).toContainText('302-555-0147');
  });

  test('@phone the info pages show their content with the site company details', async ({
    entered: page,
  }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: en.footer!.privacy! }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(infoPages('en').privacy!.title!);
    await expect(page.locator('article')).toContainText('Amora Media LLC');
    await expect(page).toHaveTitle(/Amora/);
  });

  test('the US footer shows for English only', async ({ entered: page }) => {
    await page.goto('/?lang=fr');
    await expect(page.getByTestId('us-footer')).toHaveCount(0);
  });
});
