import { catalog, expect, expectNoHorizontalScroll, siteUrl, test } from './fixtures.ts';

test.describe('one installation, many sites', () => {
  test('@phone the Dutch site answers in Dutch with its own name and settings', async ({ entered: page }) => {
    await page.goto(siteUrl('nl'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalog('nl').home!.heroTitle!);
    await expect(page.getByRole('link', { name: 'Hartjesdate' }).first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.goto(siteUrl('nl', '/api/settings.php'));
    const settings = JSON.parse((await page.locator('body').textContent()) ?? '{}');
    expect(settings).toMatchObject({ name: 'Hartjesdate', domain: 'nl.localhost', niche: 1 });
  });

  test('@phone the German site of another niche answers in German', async ({ entered: page }) => {
    await page.goto(siteUrl('de'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveTitle(/Kurvenglück/);
    await expectNoHorizontalScroll(page);
    await page.goto(siteUrl('de', '/api/settings.php'));
    expect(JSON.parse((await page.locator('body').textContent()) ?? '{}')).toMatchObject({
      niche: 4,
      name: 'Kurvenglück',
    });
  });

  test('the Dutch entry warning is only for visitors from its countries', async ({ browser }) => {
    const us = await browser.newContext({ extraHTTPHeaders: { 'cf-ipcountry': 'US' } });
    const p1 = await us.newPage();
    await p1.goto(siteUrl('nl'));
    await expect(p1.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(p1.getByRole('dialog')).toHaveCount(0);
    const nl = await browser.newContext({ extraHTTPHeaders: { 'cf-ipcountry': 'NL' } });
    const p2 = await nl.newPage();
    await p2.goto(siteUrl('nl'));
    await expect(p2.getByRole('dialog', { name: catalog('nl').entryWarning!.title! })).toBeVisible();
    await us.close();
    await nl.close();
  });
});

test.describe('every language fits a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('member pages have no sideways scroll in any of the seven languages', async ({ entered: page }) => {
    // The member pages walked in each of the seven languages: 57 s of 60 in one full run
    // and out of time in the next (both with the suite's two workers on two cores).
    test.setTimeout(180_000);
    await page.goto(siteUrl('de', '/login'));
    await page.locator('input[type=email]').fill('demo2@kurven-de.test');
    await page.locator('input[type=password]').fill('amora-demo-2026');
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/members/);
    for (const lang of ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl']) {
      for (const path of ['/members', '/profile', '/notifications']) {
        await page.goto(siteUrl('de', `${path}?lang=${lang}`));
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoHorizontalScroll(page);
      }
    }
  });
});
