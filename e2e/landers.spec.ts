import type { Page } from '@playwright/test';
import { LANDER_DESIGNS } from '../packages/contracts/src/landers.ts';
import { audit } from './axe.ts';
import { catalog, expect, linkPath, mailTo, signUpThroughUi, test, tr, visitorAddress } from './fixtures.ts';

/**
 * Landers (issue 16 items 1-3): each of the nine renders its members and leads to signup without
 * JavaScript and with it, on a phone and a desktop; slugs pick language and niche and name one
 * canonical URL; a member lander leads through signup and activation into that member's chat.
 */

/** Each lander's call to action (most say "Sign up free"). */
const CTA: Record<string, string> = { alonetonight: 'lander.alone.cta', tinderswipe: 'lander.swipe.cta' };
const ctaName = (design: string) => tr(CTA[design] ?? 'lander.cta');

/** The lander's content as a visitor sees it: a headline, member photos, a way to sign up. */
async function expectLander(page: Page, design: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('lander.niche.plain.title'));
  await expect(page.locator('main img[src*="/media/"]').first()).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/landers/${design}$`),
  );
  await expect(page.locator('main a[href^="/signup"]').first()).toBeAttached();
}

for (const design of LANDER_DESIGNS) {
  test(`${design}: renders and leads to signup without JavaScript and with it @phone`, async ({
    page,
    browser,
    baseURL,
    viewport,
    isMobile,
  }) => {
    // Two contexts (without and with JavaScript) and an axe audit: 17-21 s in a loaded CI run; photos now
    // made in widths and AVIF on first view, one at a time: up to 1.6 min at a load average of 40.
    test.setTimeout(150_000);
    // Without JavaScript: the server's HTML alone, and a plain link to the signup page.
    const context = await browser.newContext({
      baseURL,
      viewport,
      isMobile,
      javaScriptEnabled: false,
      extraHTTPHeaders: visitorAddress(),
    });
    const plain = await context.newPage();
    const res = await plain.goto(`/landers/${design}`);
    expect(res?.status()).toBe(200);
    await expectLander(plain, design);
    await plain
      .getByRole('link', { name: ctaName(design) })
      .first()
      .click();
    await expect(plain).toHaveURL(/\/signup(\?|$)/);
    await context.close();

    // With JavaScript: the same page, hydrated; the call to action opens the signup modal on a
    // desktop and the signup page on a phone.
    await page.goto(`/landers/${design}/eng`);
    await expectLander(page, design);
    expect(await audit(page)).toEqual([]);
    if (design === 'tinderswipe') {
      // The deck swipes: Like sends the top card away and shows the next.
      const top = page.getByRole('link', { name: tr('lander.swipe.like') }).first();
      const names = page.locator('.deck__card:not([aria-hidden]) .lander-caption strong');
      const first = await names.first().textContent();
      await top.click();
      await expect(names.first()).not.toHaveText(first ?? '');
    }
    const cta = page.getByRole('link', { name: ctaName(design) }).first();
    await cta.click();
    if (isMobile) await expect(page).toHaveURL(/\/signup$/);
    else
      await expect(
        page.getByRole('dialog', { name: tr('signup.modalTitle', { siteName: 'Amora' }) }),
      ).toBeVisible();
  });
}

test('a slug picks language and niche and keeps one canonical URL; an unknown one is 404 @phone', async ({
  page,
}) => {
  await page.goto('/landers/gallery/bdsm-de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    (catalog('de') as unknown as { lander: { niche: { bdsm: { title: string } } } }).lander.niche.bdsm.title,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/landers\/gallery$/);
  // The visitor had no language of their own: the signup page the lander leads to speaks German too.
  expect(await (await page.request.get('/signup')).text()).toMatch(/<html lang="de"[ >]/);
  expect((await page.request.get('/landers/gallery/xx')).status()).toBe(404);
  expect((await page.request.get('/landers/gallery/fetish-de')).status()).toBe(404);
  expect((await page.request.get('/members/00000000-0000-4000-8000-000000000000/landing')).status()).toBe(
    404,
  );
  expect((await page.request.get('/members/not-an-id/signup')).status()).toBe(404);
});

test("a member lander leads through signup and activation into that member's chat", async ({
  entered: page,
}) => {
  const featured = await (await page.request.get('/api/members/featured?limit=1')).json();
  const member = featured.members[0] as { id: string; name: string };
  await page.goto(`/members/${member.id}/landing2/she-eng`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    tr('lander.member.landing2Title', { name: member.name }),
  );
  await expect(page.getByRole('img', { name: member.name })).toBeVisible();
  // The call to action keeps the member and opens the signup (the modal, on a desktop).
  await page.getByRole('link', { name: tr('lander.member.cta', { name: member.name }) }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const { email } = await signUpThroughUi(page, { tag: 'Lander' });
  await page.goto(linkPath(await mailTo(email, '/api/activate.php'), '/api/activate.php'));
  // Activation goes on by itself to that member's chat (no photo was kept to upload first).
  await expect(page).toHaveURL(new RegExp(`/members/${member.id}/chat$`));
  await expect(page.getByRole('heading', { name: member.name })).toBeVisible();
});
