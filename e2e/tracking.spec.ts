import { catalog, expect, logInAt, siteUrl, test, tr, visitorAddress } from './fixtures.ts';

/**
 * Traffic sources (spec §3 tracking record, §4 signups and logged-out search) and the site-entry
 * warning decided on the server (issue 16). The sources journeys run on a site of their own,
 * invite.localhost: a copy of the English demo site made through the development tool
 * /dev/site-settings, whose signups are 'with_trafficsource' and whose logged-out search is open
 * only to visitors carrying a source, so the tests running beside them on the demo sites are not
 * affected.
 */
const INVITE = 'invite';
const errors = catalog('en').errors as Record<string, string>;

test.beforeAll(async () => {
  // Development tools answer only direct local requests (no forwarded address): plain fetch.
  const res = await fetch(siteUrl('', '/dev/site-settings'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      domain: `${INVITE}.localhost`,
      from: 'localhost',
      settings: {
        signups: 'with_trafficsource',
        logged_out_search: 'none',
        logged_out_search_trafficsource: 'all',
      },
    }),
  });
  expect(res.status, await res.text()).toBe(200);
});

test.describe('a site that takes signups only with a traffic source', () => {
  test('shows a visitor without a source the invite-only notice', async ({ entered: page }) => {
    await page.goto(siteUrl(INVITE, '/signup'));
    await expect(page.getByRole('heading', { name: tr('signup.inviteOnly.title') })).toBeVisible();
    await expect(page.getByText(errors.signups_closed!)).toBeVisible();
  });

  test('lets a visitor who landed with a source sign up and search while logged out', async ({
    entered: page,
  }) => {
    // The first landing carries the source (braces of an unfilled network macro are stripped)...
    await page.goto(siteUrl(INVITE, '/?network=partner7&aff_sub={click}'));
    // ...and it holds on later pages: the signup form, not the notice.
    await page.goto(siteUrl(INVITE, '/signup'));
    await expect(page.getByRole('heading', { name: tr('signup.inviteOnly.title') })).toHaveCount(0);
    await expect(page.getByLabel(tr('auth.email'))).toBeVisible();
    // Logged-out search: the server answers the search (no login wall), in the page it renders:
    // results, or the empty result of a site whose copy has no members of its own, never the gate.
    await page.goto(siteUrl(INVITE, '/members'));
    await expect(page.getByRole('heading', { name: tr('search.title'), level: 1 })).toBeVisible();
    const results = page.getByRole('list', { name: tr('search.results') });
    await expect(results.or(page.getByRole('heading', { name: tr('search.emptyTitle') }))).toBeVisible();
    await expect(page.getByRole('heading', { name: tr('search.gateTitle') })).toHaveCount(0);
  });

  test('asks a visitor without a source to log in to search', async ({ entered: page }) => {
    await page.goto(siteUrl(INVITE, '/members'));
    await expect(page.getByRole('heading', { name: tr('search.gateTitle') })).toBeVisible();
  });
});

test.describe('the site-entry warning', () => {
  test('is in the server HTML (JavaScript off) and gone after dismissal and a reload', async ({
    browser,
    page,
  }) => {
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: visitorAddress(),
    });
    const bare = await noScript.newPage();
    await bare.goto(siteUrl('', '/'));
    const warning = bare.getByRole('dialog', { name: tr('entryWarning.title') });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('button', { name: tr('entryWarning.enter') })).toBeVisible();
    await noScript.close();

    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: tr('entryWarning.title') });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: tr('entryWarning.enter') }).click();
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // The server itself leaves it out now (the dismissal's cookie), not only the browser.
    const html = await (await page.request.get('/')).text();
    expect(html).not.toContain(tr('entryWarning.title'));
  });
});

test.describe('search engines and sharing', () => {
  test('public pages name their canonical address, languages and card; the members area says noindex', async ({
    entered: page,
  }) => {
    await page.goto('/pages/faq');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', siteUrl('', '/pages/faq'));
    await expect(page.locator('link[hreflang="de"]')).toHaveAttribute(
      'href',
      siteUrl('', '/pages/faq?lang=de'),
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      siteUrl('', '/og-image.png'),
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await page.goto('/members');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    // An info page token that names no page is the 404 page.
    expect((await page.goto('/pages/nothing-here'))?.status()).toBe(404);
  });

  test('/lang-config switches the language of a member, by script or by its plain links', async ({
    entered: page,
  }) => {
    // A members' page (MEMBERS_ONLY_PATHS); a demo member no other journey logs in as.
    await logInAt(page, siteUrl('nl', '/login?lang=en'), 'demo3@hartjes-nl.test');
    await page.goto(siteUrl('nl', '/lang-config'));
    await expect(page.getByRole('link', { name: 'Deutsch' })).toBeVisible();
    await page.getByRole('link', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(
      page.getByRole('heading', { level: 1, name: catalog('de').langConfig!.title! }),
    ).toBeVisible();
    // Without script the link is an address the server renders in that language.
    await expect(page.getByRole('link', { name: 'Polski' })).toHaveAttribute('href', '/lang-config?lang=pl');
    await page.goto(siteUrl('nl', '/lang-config?lang=pl'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await expect(
      page.getByRole('heading', { level: 1, name: catalog('pl').langConfig!.title! }),
    ).toBeVisible();
    // Back to the member's own language.
    await page.getByRole('link', { name: 'Nederlands' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(
      page.getByRole('heading', { level: 1, name: catalog('nl').langConfig!.title! }),
    ).toBeVisible();
  });
});
