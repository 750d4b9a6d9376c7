import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  activateFromMail,
  currentUser,
  expect,
  expectNoHorizontalScroll,
  fillAccountStep,
  mailTo,
  payAtSandbox,
  skipPushStep,
  test,
  tr,
  visitorAddress,
} from './fixtures.ts';
import { onPhoneAs, PHONE, phonePage as phoneAt } from './phone.ts';
import { TIME_SCALE } from './time-scale.ts';

/**
 * Issue 26's smaller gaps as a member meets them on a 390 px phone (items 7, 8, 9, 12, 14, 15):
 * one newcomer signed up once through every step (the step counter read on the way), whose login
 * the journeys below reuse; the lander journeys are visitors of their own.
 */
const state = path.join(os.tmpdir(), `amora-leaving-${process.pid}.json`);
let me: { id: string; email: string; password: string };
const shots = path.join('.test-output', 'screens');

const phonePage = (browser: Browser, baseURL: string, opts: { loggedIn?: boolean; gate?: boolean } = {}) =>
  phoneAt(browser, baseURL, state, opts);

const onPhone = onPhoneAs(state);

/** The screen as it is at 390 px, then at 1280 px (the closing note's screenshots), back to 390. */
async function snap(page: Page, name: string) {
  await page.screenshot({ path: path.join(shots, `${name}-390.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(shots, `${name}-1280.png`) });
  await page.setViewportSize(PHONE);
}

/** "Step 3 of 7" as numbers. */
function stepNumbers(caption: string): [number, number] {
  const [position, total] = (caption.match(/\d+/g) ?? []).map(Number);
  return [position ?? 0, total ?? 0];
}

async function stepOf(page: Page): Promise<[number, number]> {
  return stepNumbers((await page.locator('.stepper__caption').textContent()) ?? '');
}

test.describe.configure({ mode: 'default' });

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  fs.mkdirSync(shots, { recursive: true });
  const page = await phonePage(browser, baseURL!, { loggedIn: false });
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const entered = {
    email: `leaving-${id}@example.com`,
    name: `Leaving${id}`.slice(0, 20),
    password: 'a long enough passphrase',
  };
  await page.goto('/signup');
  await fillAccountStep(page, { ...entered, birth: ['12', '8', '1988'], gender: 'male', seeking: 'female' });
  // From here on, every caption the counter shows, however briefly, as the page changes it: a
  // frame of "6 of 6" between two "7 of 7" was caught once by sampling, on a slow machine.
  await page.evaluate(() => {
    const shown: string[] = [];
    (window as unknown as { captions: string[] }).captions = shown;
    const note = () => {
      const text = document.querySelector('.stepper__caption')?.textContent ?? '';
      if (text && text !== shown.at(-1)) shown.push(text);
    };
    note();
    new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // Issue 26 item 12: the counter counts on by one and its total never changes on the way.
  const seen: [number, number][] = [await stepOf(page)];
  for (let i = 0; i < 4; i++) {
    await page.getByRole('button', { name: tr('signup.next') }).click();
    await expect(page.locator('.stepper__caption')).not.toHaveText(
      tr('signup.stepOf', { position: seen.at(-1)![0], total: seen.at(-1)![1] }),
    );
    seen.push(await stepOf(page));
  }
  await page.getByRole('button', { name: tr('signup.submit') }).click();
  const complete = page.getByRole('heading', { name: tr('signup.complete.title') });
  const skip = page.getByRole('button', { name: tr('push.signup.skip') });
  await expect(complete.or(skip)).toBeVisible({ timeout: 15_000 * TIME_SCALE });
  seen.push(await stepOf(page));
  await skipPushStep(page);
  await expect(complete).toBeVisible();
  const total0 = seen[0]![1];
  await expect(page.locator('.stepper__caption')).toHaveText(
    tr('signup.stepOf', { position: total0, total: total0 }),
  );
  seen.push(await stepOf(page));
  const total = seen[0]![1];
  const positions = [...new Set(seen.map(([p]) => p))];
  expect(
    seen.every(([, t]) => t === total),
    JSON.stringify(seen),
  ).toBe(true);
  expect(positions, JSON.stringify(seen)).toEqual(positions.map((_, i) => i + 1));
  expect(positions.at(-1)).toBe(total);
  const captions = await page.evaluate(() => (window as unknown as { captions: string[] }).captions);
  expect(captions.length).toBeGreaterThanOrEqual(total);
  expect(
    captions.every((c) => stepNumbers(c)[1] === total),
    captions.join(' / '),
  ).toBe(true);
  // Issue 26 item 12: the confirm step's way to fix a wrong address or a lost mail: log in (a new
  // account may), then send the mail again or change the address.
  const fix = page.getByRole('link', { name: tr('signup.complete.fixItLink') });
  await expect(fix).toHaveAttribute('href', '/login?redirect=%2Fnotifications');
  await fix.click();
  await page.getByLabel(tr('auth.email')).fill(entered.email);
  await page.getByLabel(tr('auth.password'), { exact: true }).fill(entered.password);
  await page.getByRole('button', { name: tr('auth.login.submit') }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('button', { name: tr('auth.activation.resend') })).toBeVisible();
  await expect(page.getByRole('region', { name: tr('settings.email.title') })).toBeVisible();
  // The link is opened as from a mail program, not from the settings page: that page's session
  // ends with the activation, and its quiet logout (a load of '/') could cancel the activation's
  // page while the browser is still on its way there (seen in a full run; left in the closing note).
  await page.goto('about:blank');
  await activateFromMail(page, entered.email);
  me = { ...entered, id: (await currentUser(page)).id };
  await page.context().storageState({ path: state });
  await page.context().close();
});

onPhone(
  'buying with the one Card choice, then deleting says the paid credits are lost @phone',
  async ({ phone: page }) => {
    test.setTimeout(120_000);
    // Issue 26 item 8: one "Card" choice naming the brands, not Mastercard, Visa and Credit card.
    await page.goto('/credits/p0');
    const methods = page.getByRole('group', { name: tr('credits.method.legend') });
    const card = methods.getByRole('radio', { name: `${tr('credits.methods.card')} Visa · Mastercard` });
    await expect(card).toBeVisible();
    await expect(methods.getByRole('radio', { name: 'Visa', exact: true })).toHaveCount(0);
    await expect(methods.getByRole('radio', { name: 'Mastercard', exact: true })).toHaveCount(0);
    await expect(
      methods.getByRole('radio', { name: tr('credits.methods.creditcard'), exact: true }),
    ).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await snap(page, 'checkout');
    await card.check();
    const summary = page.getByRole('region', { name: tr('credits.method.summary') });
    const credits = Number((await summary.textContent())?.match(/\d+/)?.[0]);
    await page
      .getByRole('button', { name: new RegExp(`^${tr('credits.method.pay').split('{{')[0]}`) })
      .click();
    await payAtSandbox(page, credits);

    // Issue 26 item 7: before confirming, the dialog says how many paid credits are lost.
    await page.goto('/notifications');
    const section = page.locator('section').filter({ hasText: tr('settings.delete.title') });
    await section.getByLabel(tr('settings.delete.reason')).selectOption('found_someone');
    await section.getByLabel(tr('settings.currentPassword')).fill(me.password);
    await section.getByRole('button', { name: tr('settings.delete.submit') }).click();
    const offer = page.getByRole('dialog', { name: tr('settings.delete.offer.title') });
    const confirm = page.getByRole('dialog', { name: tr('settings.delete.confirmTitle') });
    await expect(offer.or(confirm)).toBeVisible();
    if (await offer.isVisible())
      await offer.getByRole('button', { name: tr('settings.delete.offer.decline') }).click();
    await expect(confirm.getByRole('note')).toHaveText(
      tr('settings.delete.paidCredits_other', { count: credits }),
    );
    await snap(page, 'delete');
    await confirm.getByRole('button', { name: tr('settings.delete.cancel') }).click();
    await expect(confirm).toBeHidden();
  },
);

onPhone(
  'changing the e-mail to an address with an account answers as for any other; that inbox hears what to do @phone',
  async ({ phone: page }) => {
    // An address of another member, one per project (its inbox hears of it at most twice a day).
    const taken = test.info().project.name === 'phone' ? 'demo3@amora-en.test' : 'demo1@amora-en.test';
    await page.goto('/notifications');
    const section = page.locator('section').filter({ hasText: tr('settings.email.title') });
    await section.getByLabel(tr('settings.email.newEmail')).fill(taken);
    await section.getByLabel(tr('settings.currentPassword')).fill(me.password);
    await section.getByRole('button', { name: tr('settings.email.submit') }).click();
    await expect(section.getByText(tr('settings.email.sent', { email: taken }))).toBeVisible();
    await snap(page, 'email-change');
    const mail = await mailTo(taken, 'give this account a different address');
    expect(mail).toContain('/reset-password');
    expect(mail).not.toContain(me.email);
  },
);

test('a swipe lander: Pass never leads to a message; Like names who the first message goes to @phone', async ({
  browser,
  baseURL,
}) => {
  // Before the script runs, Like and Pass are links to signup.
  const bare = await browser.newContext({
    baseURL,
    viewport: PHONE,
    javaScriptEnabled: false,
    extraHTTPHeaders: visitorAddress(),
  });
  const noScript = await bare.newPage();
  await noScript.goto('/landers/tinderswipe');
  const first = noScript.locator('.deck__card').first();
  await expect(first.getByRole('link', { name: tr('lander.swipe.pass') })).toHaveAttribute('href', '/signup');
  const likeHref =
    (await first.getByRole('link', { name: tr('lander.swipe.like') }).getAttribute('href')) ?? '';
  const memberId = new URL(likeHref, baseURL).searchParams.get('member') ?? '';
  expect(memberId).toMatch(/^[0-9a-f-]{36}$/);
  await bare.close();

  const page = await phonePage(browser, baseURL!, { loggedIn: false });
  const { name } = await (await page.request.get(`/api/members/${memberId}`)).json();
  await page.goto(likeHref);
  const id = Date.now().toString(36);
  await fillAccountStep(page, {
    email: `liker-${id}@example.com`,
    name: `Liker${id}`,
    password: 'a long enough passphrase',
    birth: ['3', '4', '1990'],
    gender: 'male',
    seeking: 'female',
  });
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: tr('signup.next') }).click();
  const message = page.getByLabel(tr('signup.message.label', { name }));
  await expect(message).toBeVisible();
  await message.scrollIntoViewIfNeeded();
  await snap(page, 'signup-message');
  await page.context().close();
});

test('a niche lander shows its niche: women who make the first move are women @phone', async ({
  browser,
  baseURL,
}) => {
  const page = await phonePage(browser, baseURL!, { loggedIn: false });
  await page.goto('/landers/collagelanding/she-eng');
  const links = page.locator('a.lander-member');
  await expect(links.first()).toBeVisible();
  const ids = (await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')))
    .map((h) => new URL(h, 'http://x').searchParams.get('member'))
    .filter((x): x is string => !!x);
  expect(ids.length).toBeGreaterThan(0);
  await snap(page, 'niche-lander');
  for (const id of ids) {
    const m = await (await page.request.get(`/api/members/${id}`)).json();
    expect(m.gender, m.name).toBe('female');
  }
  await page.context().close();
});

test('an unsubscribe link opens without the adults-only gate for a logged-out reader @phone', async ({
  browser,
  baseURL,
}) => {
  const page = await phonePage(browser, baseURL!, { loggedIn: false, gate: true });
  await page.goto('/');
  const gate = page.getByRole('dialog', { name: tr('entryWarning.title') });
  await expect(gate).toBeVisible();
  const reader = await phonePage(browser, baseURL!, { loggedIn: false, gate: true });
  await reader.goto('/unsubscribe?token=not-a-real-token');
  await expect(reader.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(reader.getByRole('dialog', { name: tr('entryWarning.title') })).toHaveCount(0);
  await snap(reader, 'unsubscribe');
  await page.context().close();
  await reader.context().close();
});
