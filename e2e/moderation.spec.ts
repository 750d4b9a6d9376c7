import { createOperator, logInToConsole } from './admin-fixtures.ts';
import { audit } from './axe.ts';
import {
  expect,
  expectNoHorizontalScroll,
  linkPath,
  mailTo,
  newMemberPage,
  signUpAndActivate,
  test,
  tr,
  visitorAddress,
} from './fixtures.ts';

/**
 * Issue 17 items 3-4 in the browser: a report goes from a member to a moderator on a phone, who
 * suspends the reported account with a statement of reasons; the member is refused at login and
 * led to the notice, appeals there; another moderator reverses it and the member logs in again.
 */
test.describe('the console: moderation', () => {
  test('@phone a moderator handles a report end to end; the member appeals and another moderator reverses it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const problems: string[] = [];
    // The reported member and the reporter sign up as people do.
    const offenderPage = await newMemberPage(browser, baseURL!, problems, { quietAutoLike: true });
    const offender = await signUpAndActivate(offenderPage, { tag: 'Offender', gender: 'female' });
    const reporterPage = await newMemberPage(browser, baseURL!, problems, { quietAutoLike: true });
    await signUpAndActivate(reporterPage, { tag: 'Witness', gender: 'male' });
    await reporterPage.goto(`/members/${offender.id}`);
    await reporterPage.getByRole('button', { name: tr('member.report'), exact: true }).click();
    const dialog = reporterPage.getByRole('dialog', {
      name: tr('member.reportTitle', { name: offender.name }),
    });
    await dialog.getByLabel(tr('complaints.reason')).selectOption('harassment');
    await dialog.getByLabel(tr('complaints.text')).fill('She sent me five insulting messages in a row.');
    await dialog.getByRole('button', { name: tr('complaints.submit') }).click();
    await expect(dialog.getByRole('heading', { name: tr('complaints.doneTitle') })).toBeVisible();

    // The moderator, on a phone: the reports queue, the report with the member, the decision.
    const moderator = await createOperator({ role: 'moderator', site: 'localhost', name: 'Mira Moderator' });
    await logInToConsole(page, moderator, '/admin/moderation');
    await expect(
      page.getByRole('heading', { level: 1, name: tr('admin.moderation.reports.title') }),
    ).toBeVisible();
    await page.getByRole('link', { name: new RegExp(offender.name) }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: tr('admin.moderation.report.title') }),
    ).toBeVisible();
    await expect(page.getByText('She sent me five insulting messages in a row.')).toBeVisible();
    await expect(page.getByRole('heading', { name: offender.name })).toBeVisible();
    expect(await audit(page)).toEqual([]);
    await expectNoHorizontalScroll(page);

    const form = page.getByRole('form', { name: tr('admin.moderation.decide.title') });
    await form.getByLabel(tr('admin.moderation.decide.action')).selectOption('suspend');
    await form.getByLabel(tr('admin.moderation.decide.category')).selectOption('harassment');
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel(tr('admin.moderation.decide.until')).fill(until);
    await form.getByLabel(tr('admin.moderation.decide.note')).fill('Five insulting messages to one member.');
    await form.getByRole('button', { name: tr('admin.moderation.decide.submit') }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/admin/moderation');
    await expect(page.getByRole('link', { name: new RegExp(offender.name) })).toHaveCount(0);

    // The member's open tab is sent to the notice as the session ends...
    await expect(offenderPage).toHaveURL(/\/notice\//);
    await expect(offenderPage.getByText(tr('moderation.actions.suspend'))).toBeVisible();
    // ...and a login leads there too, with the statement in English.
    const mail = await mailTo(offender.email, '/notice/');
    expect(mail).toContain(tr('moderation.categories.harassment'));
    await offenderPage.goto('/login');
    await offenderPage.getByLabel(tr('auth.email')).fill(offender.email);
    await offenderPage.getByLabel(tr('auth.password'), { exact: true }).fill(offender.password);
    await offenderPage.getByRole('button', { name: tr('auth.login.submit') }).click();
    await expect(offenderPage).toHaveURL(/\/notice\//);
    await expect(
      offenderPage.getByRole('heading', { level: 1, name: tr('moderation.notice.title') }),
    ).toBeVisible();
    await expect(offenderPage.getByText(tr('moderation.actions.suspend'))).toBeVisible();
    await expect(offenderPage.getByText(tr('moderation.categories.harassment'))).toBeVisible();
    await expect(offenderPage.getByText('Five insulting messages to one member.')).toBeVisible();
    await expect(offenderPage.getByText(tr('moderation.notice.automatedNo'))).toBeVisible();
    await offenderPage
      .getByLabel(tr('moderation.notice.appealLabel'))
      .fill('My brother used my phone that evening; it will not happen again.');
    await offenderPage.getByRole('button', { name: tr('moderation.notice.appealSubmit') }).click();
    await expect(offenderPage.getByText(tr('moderation.notice.appealStatus.open'))).toBeVisible();
    // The mailed link opens the same notice.
    await offenderPage.goto(linkPath(mail, '/notice/'));
    await expect(offenderPage.getByText(tr('moderation.notice.appealStatus.open'))).toBeVisible();

    // The moderator who decided cannot decide the appeal...
    await page.getByRole('link', { name: tr('admin.moderation.tabs.appeals') }).click();
    const mine = page.getByRole('article', { name: new RegExp(offender.name) });
    await expect(mine.getByText(tr('admin.moderation.appeals.notYours'))).toBeVisible();
    await expect(mine.getByRole('button', { name: tr('admin.moderation.appeals.reverse') })).toHaveCount(0);

    // ...another one reverses it, on a phone too.
    const second = await createOperator({ role: 'moderator', site: 'localhost', name: 'Jonas Moderator' });
    const phone = await browser.newContext({
      baseURL,
      viewport: page.viewportSize() ?? { width: 412, height: 915 },
      isMobile: true,
      hasTouch: true,
      extraHTTPHeaders: visitorAddress(),
    });
    const page2 = await phone.newPage();
    await logInToConsole(page2, second, '/admin/moderation/appeals');
    const appeal = page2.getByRole('article', { name: new RegExp(offender.name) });
    await expect(appeal.getByText('My brother used my phone that evening')).toBeVisible();
    await appeal
      .getByLabel(tr('admin.moderation.appeals.note'))
      .fill('A credible explanation; first incident.');
    await appeal.getByRole('button', { name: tr('admin.moderation.appeals.reverse') }).click();
    await expect(appeal).toHaveCount(0);
    await expectNoHorizontalScroll(page2);

    // The account is active again: the member logs in.
    await offenderPage.goto('/login');
    await offenderPage.getByLabel(tr('auth.email')).fill(offender.email);
    await offenderPage.getByLabel(tr('auth.password'), { exact: true }).fill(offender.password);
    await offenderPage.getByRole('button', { name: tr('auth.login.submit') }).click();
    await expect(offenderPage).toHaveURL(/\/members/);
    expect(problems).toEqual([]);
  });
});
