import type { Route } from '@playwright/test';
import { expect, signUpAndActivate, test, tr } from './fixtures.ts';

/**
 * A member page's form runs without react-hook-form until it is used (web app/lazy-form.tsx,
 * issue 16 item 6): the page does not load it by itself; what is chosen, typed and submitted
 * before it has loaded is kept, and the submit goes through once it has.
 */
test('@phone the complaint form loads react-hook-form on first use and keeps what was done before', async ({
  entered: page,
}) => {
  await signUpAndActivate(page, { tag: 'Lazyform', gender: 'female' });
  const library: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/index\.esm-[^/]+\.js$/.test(r.url())) library.push(r.url());
  });
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/assets\/index\.esm-[^/]+\.js$/, async (route: Route) => {
    await gate;
    await route.continue();
  });

  await page.goto('/complaints');
  await expect(page.getByRole('heading', { name: tr('complaints.title') })).toBeVisible();
  await page.waitForTimeout(500);
  expect(library, 'react-hook-form before any use').toEqual([]);

  const text = 'Somebody kept sending me the same rude message.';
  await page.getByLabel(tr('complaints.reason')).selectOption('harassment');
  await page.getByLabel(tr('complaints.text')).fill(text);
  await page.getByRole('button', { name: tr('complaints.submit') }).click();
  expect(library.length, 'react-hook-form asked for on first use').toBe(1);
  await expect(page.getByRole('heading', { name: tr('complaints.doneTitle') })).toHaveCount(0);

  release();
  await expect(page.getByRole('heading', { name: tr('complaints.doneTitle') })).toBeVisible();
});
