import type { Browser } from '@playwright/test';
import sharp from 'sharp';
import { areaText, consoleText, createOperator, logInToConsole } from './admin-fixtures.ts';
import { audit } from './axe.ts';
import {
  activateFromMail,
  currentUser,
  expect,
  expectNoHorizontalScroll,
  newMemberPage,
  signUpThroughUi,
  test,
  tr,
} from './fixtures.ts';
import { TIME_SCALE } from './time-scale.ts';

const t = areaText('members');

/** A new member, signed up and activated in a browser page of their own (what the console acts on). */
async function activeMember(browser: Browser, baseURL: string, problems: string[], tag: string) {
  const memberPage = await newMemberPage(browser, baseURL, problems, { quietAutoLike: true });
  const member = await signUpThroughUi(memberPage, { tag });
  await activateFromMail(memberPage, member.email);
  return { memberPage, member };
}

test.describe('the console: members', () => {
  test('an admin finds a member by e-mail and adjusts the credits; the member has them at once', async ({
    page,
    browser,
    baseURL,
  }) => {
    const problems: string[] = [];
    const { memberPage, member } = await activeMember(browser, baseURL!, problems, 'Adjust');
    expect(((await currentUser(memberPage)) as unknown as { credits: number }).credits).toBe(5);

    const admin = await createOperator({ role: 'admin' });
    await logInToConsole(page, admin, '/admin/members');
    await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
    await page.getByLabel(t('searchLabel')).fill(member.email);
    await page.getByRole('button', { name: t('search'), exact: true }).click();
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

test.describe('the console: photo review', () => {
  test("a moderator reviews a new member's photo, opens the member from it and approves it", async ({
    page,
    browser,
    baseURL,
  }) => {
    const problems: string[] = [];
    const { memberPage, member } = await activeMember(browser, baseURL!, problems, 'Photo');
    await memberPage.goto('/profile');
    const jpeg = await sharp({
      create: { width: 480, height: 600, channels: 3, background: { r: 120, g: 160, b: 214 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    await memberPage
      .getByLabel(tr('photos.add'))
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expect(memberPage.getByText(tr('photos.count', { n: 1, limit: 3 }))).toBeVisible({
      timeout: 20_000 * TIME_SCALE,
    });

    const mt = areaText('moderation');
    const moderator = await createOperator({ role: 'moderator' });
    await logInToConsole(page, moderator, '/admin/moderation/photos');
    const item = page.getByRole('listitem', { name: mt('photos.of', { name: member.name }) });
    await expect(item).toBeVisible();
    // The photo's member, one click away (issue 26 item 17).
    await item.getByRole('link', { name: member.name, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/members\//);
    await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
    await page.goBack();
    await item.getByRole('button', { name: mt('photos.approve') }).click();
    await expect(item).toHaveCount(0);
    expect(await audit(page)).toEqual([]);
    await memberPage.context().close();
    expect(problems).toEqual([]);
  });
});

test.describe('the console: codes and payments', () => {
  test('finance makes and disables a code, finds a paid order by the e-mail and refunds it; the credits go back', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const p = areaText('payments');
    const problems: string[] = [];
    const { memberPage, member } = await activeMember(browser, baseURL!, problems, 'Refund');
    await memberPage.goto('/credits/p0');
    await memberPage
      .getByRole('group', { name: tr('credits.method.legend') })
      .getByRole('radio')
      .first()
      .check();
    await memberPage
      .getByRole('button', { name: new RegExp(tr('credits.method.pay').split('{{')[0]!) })
      .click();
    await memberPage.getByRole('button', { name: tr('sandbox.outcome_paid'), exact: true }).click();
    await expect(memberPage).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
    const bought = ((await currentUser(memberPage)) as unknown as { credits: number }).credits;
    expect(bought).toBeGreaterThan(5);

    const finance = await createOperator({ role: 'finance' });
    await logInToConsole(page, finance, '/admin/payments');
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    const form = page.getByRole('form', { name: p('newCode') });
    await form.getByLabel(p('code'), { exact: true }).fill(code);
    await form.getByLabel(p('percentage')).fill('15');
    await form.getByRole('button', { name: p('createCode') }).click();
    await expect(form.getByRole('status')).toHaveText(p('created', { code }));
    const row = page.getByRole('listitem').filter({ hasText: code });
    await expect(row).toContainText(p('redemptions_other', { count: 0 }));
    await row.getByRole('button', { name: p('disableCode', { code }) }).click();
    await expect(row).toContainText(p('codeStatus.disabled'));

    await page.getByRole('link', { name: p('ordersTitle'), exact: true }).click();
    await page.getByLabel(p('orderSearch')).fill(member.email);
    await page.getByRole('button', { name: t('search'), exact: true }).click();
    await page.getByRole('listitem').filter({ hasText: member.email }).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(p('state.paid'));
    const refund = page.getByRole('form', { name: p('refundTitle') });
    await refund.getByLabel(t('reason')).fill('Member asked within 14 days');
    await refund.getByRole('button', { name: p('refundSubmit') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(p('state.refunded'));
    // The provider's notice of the refund may come before the console's own check: either moves the order once.
    await expect(page.getByRole('region', { name: p('history') })).toContainText(p('state.refunded'));
    expect(((await currentUser(memberPage)) as unknown as { credits: number }).credits).toBe(5);
    expect(await audit(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoHorizontalScroll(page);
    expect(problems).toEqual([]);
  });
});
