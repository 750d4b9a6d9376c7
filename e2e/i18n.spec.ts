import { catalog, expect, test } from './fixtures.ts';

test.describe('languages', () => {
  test.describe('a German-speaking visitor in the US', () => {
    // The dropdown offers the current locale, the country's (US: en, es) and the browser's (de).
    test.use({ locale: 'de-DE' });
    test('@phone switching language changes the text, sets the cookie and survives a reload', async ({
      entered: page,
      context,
    }) => {
      await page.goto('/');
      const de = catalog('de');
      const select = page.getByRole('combobox', { name: catalog('en').nav!.language! });
      await expect(select.locator('option')).toHaveText(['English', 'Español', 'Deutsch']);
      await select.selectOption('de');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.home!.heroTitle!);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      const cookie = (await context.cookies()).find((c) => c.name === 'i18n_locale');
      expect(cookie?.value).toBe('de');
      // 365 days, give or take the test's own runtime.
      expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 86400);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.home!.heroTitle!);
      await expect(page.getByRole('link', { name: de.footer!.terms! })).toBeVisible();
    });
  });

  for (const locale of ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl']) {
    test(`renders the home page and footer in ${locale}`, async ({ entered: page }) => {
      const c = catalog(locale);
      await page.goto(`/?lang=${locale}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.home!.heroTitle!);
      await expect(page.getByRole('link', { name: c.footer!.privacy! })).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: c.nav!.main! }).getByRole('link', { name: c.nav!.login! }),
      ).toBeVisible();
    });
  }

  test('offers all languages to a visitor whose country differs from the chosen one', async ({
    entered: page,
    context,
  }) => {
    await context.addCookies([
      { name: 'country', value: 'DE', url: `http://localhost:${process.env.E2E_PORT ?? 3100}` },
    ]);
    await page.goto('/');
    const options = page.getByRole('combobox', { name: 'Language' }).locator('option');
    await expect(options).toHaveCount(7);
  });
});
