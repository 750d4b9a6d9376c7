import type { Page, Route } from '@playwright/test';
import { expect, signUpAndActivate, test, tr } from './fixtures.ts';

/**
 * The members' forms are plain fields on React's actions, no form library (web
 * ui/use-action-form.ts; issue 27 item 2, issue 26 item 12): nothing swaps or refills the form
 * when a script arrives, so what a member chooses or types before the page's script has run, or
 * while the form's check is still loading, stays and is what gets saved; a form checks with the contract's rules and says so at the field, which takes
 * focus; a submit waits for its answer with the button disabled, and is sent once.
 */

/** Holds requests matching `url` until the returned function is called. */
async function hold(page: Page, url: RegExp): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  await page.route(url, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test("@phone a keyboard choice and text on /profile made while the form's check loads are kept and saved", async ({
  entered: page,
}) => {
  await signUpAndActivate(page, { tag: 'Earlyform', gender: 'female' });
  // The form's check (zod and the contract's schema) loads when a field takes focus: held here.
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/check-[^/]+\.js$/.test(r.url())) asked.push(r.url());
  });
  const release = await hold(page, /\/assets\/check-[^/]+\.js$/);
  await page.goto('/profile');

  const hair = page.getByLabel(tr('profile.hairColor'));
  await expect(hair).toHaveValue('');
  await hair.focus();
  await page.keyboard.press('ArrowDown');
  const chosen = await hair.inputValue();
  expect(chosen, 'the keyboard changed the choice').not.toBe('');
  const about = 'Written while the form was still loading its check.';
  await page.getByLabel(tr('profile.about')).fill(about);
  expect(asked.length, 'the check was asked for on the first focus').toBeGreaterThan(0);

  release();
  await page.getByLabel(tr('location.city')).focus();
  await expect(hair).toHaveValue(chosen);
  await expect(page.getByLabel(tr('profile.about'))).toHaveValue(about);
  await expect(page.getByText(tr('profileEdit.unsaved'))).toBeVisible();

  await page.getByRole('button', { name: tr('profileEdit.save') }).click();
  await expect(page.getByText(tr('profileEdit.saved'))).toBeVisible();
  await expect(page.getByText(tr('profileEdit.unsaved'))).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel(tr('profile.hairColor'))).toHaveValue(chosen);
  await expect(page.getByLabel(tr('profile.about'))).toHaveValue(about);
});

test("what is typed into a settings form before the page's script has run is still there once it has", async ({
  entered: page,
}) => {
  await signUpAndActivate(page, { tag: 'Earlytype', gender: 'male' });
  // A page of the same member without the suite's hydration wait, the app's entry script held.
  const early = await page.context().newPage();
  const release = await hold(early, /\/assets\/index-[^/]+\.js$/);
  await early.goto('/notifications', { waitUntil: 'commit' });
  const email = early.getByLabel(tr('settings.email.newEmail'));
  await email.fill('early-typist@example.test');
  await expect(early.locator('html[data-hydrated="1"]')).toHaveCount(0);

  release();
  await expect(early.locator('html[data-hydrated="1"]')).toHaveCount(1);
  await expect(email).toHaveValue('early-typist@example.test');
  await early.close();
});

test('@phone the complaint form says what is wrong at the field, and sends once while it waits', async ({
  entered: page,
}) => {
  await signUpAndActivate(page, { tag: 'Formcheck', gender: 'male' });
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/complaints') sent.push(r.url());
  });
  await page.goto('/complaints');
  const reason = page.getByLabel(tr('complaints.reason'));
  const text = page.getByLabel(tr('complaints.text'));
  const submit = page.getByRole('button', { name: tr('complaints.submit') });

  await submit.click();
  await expect(reason).toHaveAccessibleDescription(new RegExp(tr('errors.choose_option')));
  await expect(reason).toBeFocused();

  await reason.selectOption('harassment');
  await text.fill('Too short');
  await submit.click();
  await expect(text).toHaveAccessibleDescription(
    new RegExp(tr('errors.complaint_too_short').replace(/[()]/g, '\\$&')),
  );
  await expect(text).toBeFocused();
  expect(sent).toEqual([]);

  const release = await hold(page, /\/api\/complaints$/);
  await text.fill('Somebody kept sending me the same rude message.');
  await submit.click();
  await expect(submit).toBeDisabled();
  await submit.click({ force: true }).catch(() => {});
  release();
  await expect(page.getByRole('heading', { name: tr('complaints.doneTitle') })).toBeVisible();
  expect(sent).toHaveLength(1);
});
