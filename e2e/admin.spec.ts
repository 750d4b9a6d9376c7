import { consoleText, createOperator, logInToConsole } from './admin-fixtures.ts';
import { audit } from './axe.ts';
import { expect, expectNoHorizontalScroll, test } from './fixtures.ts';

const t = (key: string) => consoleText(key);

test.describe('the operator console', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('@phone an admin logs in on a phone, sees the overview and opens the audit log', async ({ page }) => {
    const admin = await createOperator({ role: 'admin' });
    // The console does not exist for a visitor: its pages lead to the console's login only.
    await page.goto('/admin/audit');
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Faudit$/);
    // After the login the console goes where it was asked for.
    await logInToConsole(page, admin, '/admin/audit');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: t('dashboard.title') })).toBeVisible();
    await expect(page.getByText(t('dashboard.openReports'))).toBeVisible();
    await expect(page.getByText(t('dashboard.pendingPhotos'))).toBeVisible();
    await expect(page.getByRole('heading', { name: t('dashboard.deadJobsTitle') })).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await audit(page)).toEqual([]);

    // On a phone the navigation sits behind the menu button.
    const menu = page.getByRole('button', { name: t('menu') });
    await expect(page.getByRole('link', { name: t('nav.audit') })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('link', { name: t('nav.audit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('audit.title') })).toBeVisible();
    // The login itself is in the log, under the operator's name.
    const entry = page
      .getByRole('listitem')
      .filter({ hasText: 'session.login' })
      .filter({ hasText: admin.name });
    await expect(entry.first()).toBeVisible();
    await page.getByLabel(t('audit.action')).selectOption('session.login');
    await expect(page).toHaveURL(/action=session\.login/);
    await expect(entry.first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await audit(page)).toEqual([]);

    // Logging out ends the console: its pages lead to the login again.
    await page.getByRole('button', { name: t('menu') }).click();
    await page.getByRole('button', { name: t('logout') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('login.title') })).toBeVisible();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('a wrong password is refused with one message for every reason, and member pages never load the console', async ({
    entered: page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/');
    await page.goto('/members');
    expect(scripts.filter((u) => /Admin|admin/.test(u))).toEqual([]);

    const operator = await createOperator({ role: 'moderator', site: 'localhost' });
    await page.goto('/admin/login');
    await page.getByLabel('E-mail address').fill(operator.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password at all');
    await page.getByRole('button', { name: t('login.submit') }).click();
    await expect(page.getByRole('alert')).toContainText(consoleText('errors.login_failed', 'en', true));
    await logInToConsole(page, operator);
    // A moderator's console has no audit log or operators (admin only).
    await page.getByRole('button', { name: t('menu') }).click();
    await expect(page.getByRole('link', { name: t('nav.audit') })).toHaveCount(0);
    await expect(page.getByRole('link', { name: t('nav.operators') })).toHaveCount(0);
  });
});
