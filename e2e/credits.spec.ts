import type { Browser, Page } from '@playwright/test';
import {
  activateFromMail,
  catalog,
  expect,
  newMemberPage,
  signUpThroughUi,
  siteUrl,
  test,
} from './fixtures.ts';

/**
 * Buying credits on the Dutch demo site (spec §2 /credits, /credits/{id}/{method}, /transactions/{id};
 * §4 payment states; §8 'Payment failed or has been cancelled.'), through the built-in sandbox
 * provider's hosted checkout, where the payer picks what the bank answers.
 */

const nlCatalog = catalog('nl') as unknown as Record<string, unknown>;
/** A Dutch catalog text by its dotted key, with `vars` filled in (and `_one`/`_other` by `count`). */
function nl(key: string, vars: Record<string, string | number> = {}): string {
  const node = (k: string) =>
    k.split('.').reduce<unknown>((n, part) => (n as Record<string, unknown> | undefined)?.[part], nlCatalog);
  const plural = vars.count === undefined ? undefined : vars.count === 1 ? 'one' : 'other';
  const text = (plural ? (node(`${key}_${plural}`) ?? node(key)) : node(key)) as string | undefined;
  if (typeof text !== 'string') throw new Error(`no Dutch text for ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v] ?? `{{${v}}}`));
}
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A catalog template as a pattern, each placeholder matching anything (`whole`: nothing around it). */
const pattern = (key: string, whole = true) =>
  new RegExp(`^${escapeRe(nl(key)).replace(/\\\{\\\{\w+\\\}\\\}/g, '.+')}${whole ? '$' : ''}`);

/**
 * A new member of the Dutch site, signed up and activated through the real pages (the signup
 * helper reads English labels, so signup runs in English), then reading the site in Dutch.
 */
async function dutchMember(browser: Browser, problems: string[], tag: string): Promise<Page> {
  const page = await newMemberPage(browser, siteUrl('nl'), problems, { quietAutoLike: true });
  const url = siteUrl('nl');
  await page.context().addCookies([{ name: 'i18n_locale', value: 'en', url }]);
  const { email } = await signUpThroughUi(page, { tag, gender: 'male', seeking: 'female' });
  await activateFromMail(page, email);
  await page.context().addCookies([{ name: 'i18n_locale', value: 'nl', url }]);
  return page;
}

/** Pays on the sandbox's hosted checkout with the outcome's button; the provider sends the payer back. */
async function payOnCheckout(page: Page, outcome: 'paid' | 'failed') {
  await page.getByRole('button', { name: pattern('credits.method.pay') }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: nl(`sandbox.outcome_${outcome}`), exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
}

test('a free member buys the popular package with iDEAL: credits added, new balance, Credits in the navigation', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  const page = await dutchMember(browser, problems, 'Buyer');
  const nav = page.getByRole('navigation', { name: nl('nav.main') });

  await page.goto('/credits');
  await expect(page.getByRole('heading', { level: 1, name: nl('credits.title') })).toBeVisible();
  await expect(nav.getByRole('link', { name: nl('nav.getPremium') })).toBeVisible();
  const balance = page.getByRole('region', { name: nl('credits.balance.title') });
  await expect(balance).toContainText(nl('credits.balance.free'));
  const before = Number((await balance.textContent())?.match(/\d+/)?.[0]);

  // The popular package is marked as such; its buy link leads to its payment method page.
  const packages = page.getByRole('list', { name: nl('credits.packages') });
  await expect(packages.getByRole('listitem')).toHaveCount(4);
  const popular = packages.getByRole('listitem').filter({ hasText: nl('credits.popular') });
  await expect(popular).toHaveCount(1);
  const buy = popular.getByRole('link');
  const credits = Number((await buy.textContent())?.match(/\d+/)?.[0]);
  expect(credits).toBeGreaterThan(0);
  await buy.click();
  await expect(page).toHaveURL(/\/credits\/p[0-3]$/);
  await expect(page.getByRole('heading', { level: 1, name: nl('credits.method.title') })).toBeVisible();

  // iDEAL among the methods offered in the Netherlands, chosen in a real radio group.
  const methods = page.getByRole('group', { name: nl('credits.method.legend') });
  const ideal = methods.getByRole('radio', { name: 'iDEAL', exact: true });
  await ideal.check();
  await expect(ideal).toBeChecked();
  await payOnCheckout(page, 'paid');

  // Back on the transaction page: the credits added, the new balance, premium now.
  await expect(
    page.getByRole('status').filter({ hasText: nl('credits.order.completed', { count: credits }) }),
  ).toBeVisible();
  await expect(page.getByText(nl('credits.order.balance', { count: before + credits }))).toBeVisible();
  await expect(page.getByText(nl('credits.order.nowPremium'))).toBeVisible();
  await expect(page.getByText(nl('credits.status.paid'), { exact: true })).toBeVisible();
  await expect(page.getByText(pattern('credits.order.refundUntil', false))).toBeVisible();

  // The navigation follows without a reload: Credits (to the repeat order page), no Get Premium.
  await expect(nav.getByRole('link', { name: nl('nav.getPremium') })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: new RegExp(`^${nl('nav.credits')}`) })).toHaveAttribute(
    'href',
    '/credits/repeat-order',
  );

  // The transactions list shows the order as paid.
  await page.getByRole('link', { name: nl('credits.order.all') }).click();
  const list = page.getByRole('list', { name: nl('credits.transactions.list') });
  await expect(list.getByRole('link')).toHaveCount(1);
  await expect(list.getByRole('link')).toContainText(nl('credits.status.paid'));
  expect(problems).toEqual([]);
});

test('a failed payment says so and leads back to the payment method page', async ({ browser }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  const page = await dutchMember(browser, problems, 'Failer');
  const nav = page.getByRole('navigation', { name: nl('nav.main') });

  // A package id the site does not have is the 404 page.
  const missing = await page.goto('/credits/p9');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: nl('errorPage.notFound') })).toBeVisible();

  // The method named in the path is chosen already.
  await page.goto('/credits/p1/ideal');
  const ideal = page
    .getByRole('group', { name: nl('credits.method.legend') })
    .getByRole('radio', { name: 'iDEAL', exact: true });
  await expect(ideal).toBeChecked();
  await payOnCheckout(page, 'failed');

  await expect(page.getByRole('status').filter({ hasText: nl('credits.order.failed') })).toBeVisible();
  await expect(nav.getByRole('link', { name: nl('nav.getPremium') })).toBeVisible();
  await page.getByRole('link', { name: nl('credits.order.tryAnother') }).click();
  await expect(page).toHaveURL(/\/credits\/p1$/);
  await expect(page.getByRole('heading', { level: 1, name: nl('credits.method.title') })).toBeVisible();
  await expect(page.getByRole('group', { name: nl('credits.method.legend') })).toBeVisible();
  expect(problems).toEqual([]);
});
