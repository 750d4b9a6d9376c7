import { catalog, expect, siteUrl, test, tr } from './fixtures.ts';

const en = catalog('en');

test.describe('home page', () => {
  test('is rendered on the server: content, title, description, lang and hreflang without JavaScript', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.home!.heroTitle!);
    await expect(page).toHaveTitle('Amora – Meet singles near you');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Amora/);
    await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(8);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', siteUrl('', '/'));
    // Real members with portraits are in the HTML.
    const tiles = page.locator('a.member-tile');
    expect(await tiles.count()).toBeGreaterThanOrEqual(8);
    await expect(tiles.first()).toHaveAttribute('href', /^\/members\/[0-9a-f-]{36}$/);
    // A member's page is server-rendered too: the name is in the HTML.
    const name = (await tiles.first().locator('strong').textContent())!;
    await page.goto((await tiles.first().getAttribute('href'))!);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    await context.close();
  });

  test('@phone shows the adults-only warning once; entering dismisses it for good', async ({ page }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: en.entryWarning!.title! });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: en.entryWarning!.enter! })).toBeFocused();
    // Escape does not skip the age confirmation.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: en.entryWarning!.enter! }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('@phone loads member portraits as real images', async ({ entered: page }) => {
    await page.goto('/');
    const img = page.locator('a.member-tile img').first();
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(480);
  });
});

test.describe('a visitor', () => {
  test('@phone reaches the login form in one click from Log in, on home and in the search', async ({
    entered: page,
  }) => {
    for (const start of ['/', '/members']) {
      await page.goto(start);
      await page
        .getByRole('navigation', { name: en.nav!.main! })
        .getByRole('link', { name: en.nav!.login! })
        .click();
      await expect(page).toHaveURL(/\/login\?redirect=%2Fmembers$/);
      await expect(page.getByLabel(en.auth!.email!)).toBeVisible();
      await expect(page.getByRole('button', { name: tr('auth.login.submit') })).toBeVisible();
    }
  });

  test('reads on home what the photo policy does (auto: no claim of a check)', async ({ entered: page }) => {
    const settings = (await (await page.request.get('/api/settings.php')).json()) as {
      photo_approval: 'auto' | 'manual';
    };
    expect(settings.photo_approval).toBe('auto');
    await page.goto('/');
    await expect(page.getByText(en.home!.trustPhotosClean!)).toBeVisible();
    await expect(page.getByText(en.home!.trustVerified!)).toHaveCount(0);
  });
});
