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
    await expect(page).toHaveTitle('Amora – Online dating and chat');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Amora/);
    await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(8);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', siteUrl('', '/'));
    // Real members with portraits are in the HTML.
    const tiles = page.locator('a.member-tile');
    expect(await tiles.count()).toBeGreaterThanOrEqual(8);
    await expect(tiles.first()).toHaveAttribute('href', /^\/members\/[0-9a-f-]{36}$/);
    // Their portraits come in several widths (srcset, sizes) with their size set (no layout
    // shift): the first screen's at once, the largest first, the rest when scrolled to.
    const imgs = tiles.locator('img');
    for (const img of await imgs.all()) {
      await expect(img).toHaveAttribute('srcset', /[?&]w=240 240w, .*[?&]w=360 360w, \S+ 480w$/);
      await expect(img).toHaveAttribute('sizes', /px/);
      await expect(img).toHaveAttribute('width', '480');
      await expect(img).toHaveAttribute('height', '600');
    }
    await expect(imgs.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(imgs.first()).toHaveAttribute('loading', 'eager');
    await expect(page.locator('.member-grid img').first()).toHaveAttribute('loading', 'lazy');
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

  test('@phone loads member portraits as real images, in the width and format the browser picks', async ({
    entered: page,
  }, testInfo) => {
    const types = new Map<string, string>();
    page.on('response', (r) => types.set(r.url(), r.headers()['content-type'] ?? ''));
    await page.goto('/');
    const img = page.locator('a.member-tile img').first();
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // naturalWidth of an image from a srcset is in CSS pixels (the picture's width over its
    // density); the same address without srcset tells the picture's own width in pixels.
    const { current, natural, candidates } = await img.evaluate(async (el: HTMLImageElement) => {
      const alone = new Image();
      alone.src = el.currentSrc;
      await alone.decode();
      return {
        current: el.currentSrc,
        natural: alone.naturalWidth,
        candidates: el.srcset.split(', ').map((c) => c.split(' ')),
      };
    });
    // The picture is the srcset's candidate the browser chose, as wide as that candidate says,
    // and AVIF (Chromium accepts it).
    const chosen = candidates.find(([url]) => new URL(url!, page.url()).href === current);
    expect(chosen, current).toBeDefined();
    expect(natural).toBe(Number(chosen![1]!.replace('w', '')));
    expect(types.get(current)).toBe('image/avif');
    // On the phone (2.6 device pixels per CSS pixel) the largest copy, the stored 480 px.
    if (testInfo.project.name === 'phone') expect(natural).toBe(480);
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
