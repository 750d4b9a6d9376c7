import { areaText, consoleText, createOperator, logInToConsole } from './admin-fixtures.ts';
import { audit } from './axe.ts';
import {
  expect,
  expectNoHorizontalScroll,
  mailTo,
  newMemberPage,
  signUpAndActivate,
  test,
  tr,
} from './fixtures.ts';

const t = areaText('mailings');
const errors = (key: string) => consoleText(`errors.${key}`, 'en', true);

/**
 * The console's mailings (issue 26 item 13) as an admin lives them: a member switches promotions
 * on; the admin composes a promotion (a bad button path is refused at its field), saves it,
 * previews it (German falls back to the English text), sends a test to their own address (it
 * arrives), sends it now after confirming, and sees it go: the member's copy arrives and the
 * counts say so. The same page on a 390 px phone: nothing runs off the side, and axe passes.
 */
test('an admin composes a promotion, previews it, tests it on themselves, sends it and sees the counts', async ({
  page,
  browser,
  baseURL,
}) => {
  // A signup through the UI: 20 s on a quiet machine, up to three times that on a loaded one.
  test.setTimeout(180_000);
  const problems: string[] = [];
  const headline = `Spring offer ${Date.now().toString(36)}: 20% more credits`;

  const memberPage = await newMemberPage(browser, baseURL!, problems, { quietAutoLike: true });
  const member = await signUpAndActivate(memberPage, { tag: 'Promo' });
  await memberPage.goto('/notifications');
  const promotions = memberPage.getByRole('switch', {
    name: tr('mailNotifications.types.promotions.label'),
    exact: true,
  });
  await expect(promotions).not.toBeChecked();
  await promotions.click();
  await expect(promotions).toBeChecked();

  const admin = await createOperator({ role: 'admin' });
  await logInToConsole(page, admin, '/admin/mailings');
  await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
  await page.getByRole('link', { name: t('new') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('newTitle') })).toBeVisible();

  await test.step('compose: a bad path is refused at its field, then the draft is saved', async () => {
    const form = page.getByRole('form', { name: t('composeTitle') });
    await form.getByLabel(t('typeLabel')).selectOption({ label: t('type.promotions') });
    await form.getByLabel(t('path')).fill('credits');
    await form.getByLabel(t('headline', { language: 'English' })).fill(headline);
    await form
      .getByLabel(t('body', { language: 'English' }))
      .fill('Only this week: every bundle brings 20% more.');
    await form.getByRole('button', { name: t('saveDraft') }).click();
    await expect(form.getByLabel(t('path'))).toHaveAccessibleDescription(
      new RegExp(errors('mailing_path_invalid').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')),
    );
    await form.getByLabel(t('path')).fill('/credits');
    await form.getByRole('button', { name: t('saveDraft') }).click();
    await expect(page).toHaveURL(/\/admin\/mailings\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: headline })).toBeVisible();
    await expect(page.getByRole('form', { name: t('editTitle') })).toBeVisible();
  });

  await test.step('preview: the real mail, and German falls back to the English text', async () => {
    const preview = page.getByRole('region', { name: t('preview') });
    const frame = preview.frameLocator('iframe');
    await expect(frame.getByText('Only this week: every bundle brings 20% more.')).toBeVisible();
    await preview.getByLabel(t('previewLanguage')).selectOption({ label: 'German' });
    await expect(preview.getByText(t('previewFallback', { language: 'German' }))).toBeVisible();
    await expect(preview.locator('iframe')).toHaveAttribute(
      'title',
      t('previewFrame', { language: 'German' }),
    );
    await expect(preview.getByText(`${t('subject')} ${headline}`)).toBeVisible();
    await expect(frame.getByText('Only this week: every bundle brings 20% more.')).toBeVisible();
    await preview.getByLabel(t('previewLanguage')).selectOption({ label: 'English' });
  });

  await test.step('a test to the admin’s own address arrives', async () => {
    const preview = page.getByRole('region', { name: t('preview') });
    await preview.getByRole('button', { name: t('testSend') }).click();
    await expect(preview.getByRole('status')).toHaveText(
      t('testSent_other', { email: admin.email, count: 9 }),
    );
    const mail = await mailTo(admin.email, headline);
    expect(mail).toContain('/credits');
  });

  await test.step('sent now after confirming: the member’s copy arrives and the counts say so', async () => {
    const send = page.getByRole('region', { name: t('sendTitle') });
    await expect(send.getByRole('radio', { name: t('now') })).toBeChecked();
    await send.getByRole('button', { name: t('review') }).click();
    const dialog = page.getByRole('dialog', { name: t('confirmTitle') });
    await expect(dialog).toContainText(headline);
    await expect(dialog).toContainText(tr('mailNotifications.types.promotions.label'));
    await expect(dialog).toContainText(t('dailyLimit'));
    expect(await audit(page)).toEqual([]);
    await dialog.getByRole('button', { name: t('confirmSend') }).click();
    await expect(dialog).toBeHidden();

    const mail = await mailTo(member.email, headline);
    expect(mail).toContain('/credits');
    const state = page.getByRole('region', { name: t('stateTitle') });
    const fact = (key: string) =>
      state
        .locator('.adm-facts > div')
        .filter({ has: page.getByRole('term').getByText(t(`counts.${key}`), { exact: true }) });
    await expect(state.locator('.adm-tag')).toHaveText(t('status.sent'));
    await expect(fact('sent').getByRole('definition')).toHaveText('1');
    await expect(fact('queued').getByRole('definition')).toHaveText('1');
    await expect(fact('bounced').getByRole('definition')).toHaveText('0');
    await expect(fact('limited').getByRole('definition')).toHaveText('0');
    await expect(state.getByText(t('countsNote'))).toBeVisible();
    await expect(state.getByText(t('dailyLimit'))).toBeVisible();
  });

  await test.step('the list shows it sent; the screen fits a 390 px phone', async () => {
    await page.getByRole('link', { name: t('backToList') }).click();
    const row = page.getByRole('listitem').filter({ hasText: headline });
    await expect(row).toContainText(t('status.sent'));
    await expect(row).toContainText(t('countsLine', { sent: 1, bounced: 0, unsubscribed: 0 }));
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page);
    expect(await audit(page)).toEqual([]);
    await row.getByRole('link', { name: headline }).click();
    await expect(page.getByRole('heading', { level: 1, name: headline })).toBeVisible();
    await expect(page.getByRole('region', { name: t('preview') }).locator('iframe')).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await audit(page)).toEqual([]);
  });
  expect(problems).toEqual([]);
});
