import { consoleText, createOperator, logInToConsole } from './admin-fixtures.ts';
import { audit } from './axe.ts';
import {
  activateFromMail,
  currentUser,
  expect,
  expectNoHorizontalScroll,
  newMemberPage,
  signUpThroughUi,
  test,
} from './fixtures.ts';

const t = (key: string, vars: Record<string, string | number> = {}) =>
  consoleText(`admin.members.${key}`, 'en', true).replace(/\{\{(\w+)\}\}/g, (_, v: string) =>
    String(vars[v]),
  );

test.describe('the console: members', () => {
  test('an admin finds a member by e-mail and adjusts the credits; the member has them at once', async ({
    page,
    browser,
    baseURL,
  }) => {
    const problems: string[] = [];
    const memberPage = await newMemberPage(browser, baseURL!, problems, { quietAutoLike: true });
    const member = await signUpThroughUi(memberPage, { tag: 'Adjust' });
    await activateFromMail(memberPage, member.email);
    expect(((await currentUser(memberPage)) as unknown as { credits: number }).credits).toBe(5);

    const admin = await createOperator({ role: 'admin' });
    await logInToConsole(page, admin, '/admin/members');
    await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
    await page.getByLabel(t('searchLabel')).fill(member.email);
    await page.getByRole('button', { name: t('search') }).click();
    await expect(page).toHaveURL(/\/admin\/members\?q=/);
    await page.getByRole('link', { name: new RegExp(member.name) }).click();
    await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
    await expect(page.getByText(member.email)).toBeVisible();

    // More than the balance cannot be taken away: the form says why, nothing is booked.
    const form = page.getByRole('form', { name: t('adjustTitle') });
    await form.getByLabel(t('adjustDelta')).fill('-6');
    await form.getByLabel(t('reason')).fill('Testing the limit');
    await form.getByRole('button', { name: t('adjustSubmit') }).click();
    await expect(form.getByRole('alert')).toHaveText(
      consoleText('errors.adjustment_overdraws', 'en', true).replace('{{balance}}', '5'),
    );

    await form.getByLabel(t('adjustDelta')).fill('20');
    await form.getByLabel(t('reason')).fill('Goodwill after a failed payment');
    await form.getByRole('button', { name: t('adjustSubmit') }).click();
    await expect(form.getByRole('status')).toHaveText(t('adjusted_other', { count: 25 }));
    const ledger = page.getByRole('region', { name: t('ledgerTitle') });
    await expect(ledger.getByRole('listitem').first()).toContainText('+20');
    await expect(ledger.getByRole('listitem').first()).toContainText(t('ledgerReason.correction'));
    expect(((await currentUser(memberPage)) as unknown as { credits: number }).credits).toBe(25);
    expect(await audit(page)).toEqual([]);

    // The same page on a phone: nothing runs off the side.
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoHorizontalScroll(page);
    expect(problems).toEqual([]);
  });
});
