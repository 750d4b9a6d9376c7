import { catalog, expect, test } from './fixtures.ts';

test.describe('error pages', () => {
  test('@phone an unknown page answers 404 with the message and a link home', async ({ entered: page }) => {
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    const en = catalog('en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.errorPage!.notFound!);
    await page.getByRole('link', { name: en.errorPage!.backHome! }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.home!.heroTitle!);
  });

  test('the 404 page speaks the visitor language', async ({ entered: page, context }) => {
    await context.addCookies([
      { name: 'i18n_locale', value: 'pl', url: `http://localhost:${process.env.E2E_PORT ?? 3100}` },
    ]);
    const res = await page.goto('/members/unknown/landing3');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalog('pl').errorPage!.notFound!);
  });

  test('a member page of nobody answers 404 in its status, as the API does', async ({ entered: page }) => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await page.goto(`/members/${id}`);
      expect(res?.status(), id).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalog('en').errorPage!.notFound!);
    }
  });

  test('a client-side navigation to an unknown page shows the 404 page too', async ({ entered: page }) => {
    await page.goto('/');
    // Every linked page exists now; the router follows a history step to one that does not, as it
    // would a link (React Router listens to popstate), without loading the document again.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
      window.history.pushState({}, '', '/no-such-page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalog('en').errorPage!.notFound!);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
  });
});
