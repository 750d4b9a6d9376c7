import sharp from 'sharp';
import { expect, fillAccountStep, linkPath, mailTo, skipPushStep, test, tr } from './fixtures.ts';
import { TIME_SCALE } from './time-scale.ts';

/**
 * Signup steps of spec §4 (issue 11, item 15), on a phone as a visitor meets them: a member's page
 * brings the visitor to signup; step 1 takes a photo (kept in the browser, uploaded through the
 * photo pipeline once the new member is logged in here), the about step a first message to that
 * member (sent when the address is confirmed); /complete-signup and /signup-matches end a
 * visitor's signup and send a member to /members (spec §2).
 */
test.use({ viewport: { width: 390, height: 844 } });

test('from a member page: photo, first message, confirm, and both arrive after activation', async ({
  entered: page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/members');
  const member = await page.evaluate(
    async () => (await (await fetch('/api/search')).json()).members[0] as { id: string; name: string },
  );
  await page.goto(`/members/${member.id}`);
  await page
    .getByRole('button', { name: tr('member.chat') })
    .first()
    .click();
  await page
    .getByRole('dialog')
    .getByRole('link', { name: tr('nav.signup') })
    .click();
  await expect(page).toHaveURL(/\/signup$/);

  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `steps-${id}@example.com`;
  await fillAccountStep(page, {
    email,
    name: `Steps${id}`.slice(0, 20),
    password: 'a long enough passphrase',
    birth: ['3', '4', '1985'],
    gender: 'male',
    seeking: 'female',
  });
  await page.getByRole('button', { name: tr('signup.next') }).click();

  // Step 1: the photo. A file that is no photo is refused at once; a photo shows as a preview.
  await expect(page.getByRole('heading', { name: tr('signup.steps.photo.title') })).toBeFocused();
  const picker = page.getByLabel(tr('signup.photo.choose'));
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('no photo') });
  await expect(page.getByText(tr('errors.photo_invalid'))).toBeVisible();
  const jpeg = await sharp({
    create: { width: 480, height: 600, channels: 3, background: { r: 90, g: 160, b: 120 } },
  })
    .jpeg()
    .toBuffer();
  await picker.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(page.getByRole('img', { name: tr('signup.photo.previewAlt') })).toBeVisible();
  await expect(page.getByText(tr('errors.photo_invalid'))).toBeHidden();
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: tr('signup.next') }).click();

  // The about step: the first message to the member whose page brought the visitor.
  const message = page.getByLabel(tr('signup.message.label', { name: member.name }));
  await message.fill('Hello! Your profile is why I joined.');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/signup') && r.method() === 'POST');
  await page.getByRole('button', { name: tr('signup.submit') }).click();
  await skipPushStep(page);
  expect((await sent).postDataJSON()).toMatchObject({
    signup_message: 'Hello! Your profile is why I joined.',
    message_to: member.id,
  });
  await expect(page).toHaveURL(/\/complete-signup$/, { timeout: 15_000 * TIME_SCALE });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('signup.complete.title'));

  // The activation link (same browser): the photo goes up, the message went out.
  await page.goto(linkPath(await mailTo(email, '/api/activate.php'), '/api/activate.php'));
  await expect(page).toHaveURL(new RegExp(`/activate/done\\?chat=${member.id}$`));
  await expect(page.getByText(tr('auth.activated.photoDone'))).toBeVisible({ timeout: 20_000 * TIME_SCALE });
  await page.getByRole('link', { name: tr('auth.activated.chat') }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${member.id}/chat$`));
  await expect(page.getByRole('log').getByText('Hello! Your profile is why I joined.')).toBeVisible();

  // The photo is the new member's main photo.
  await page.goto('/profile');
  await expect(page.getByText(tr('photos.count', { n: 1, limit: 3 }))).toBeVisible();

  // A member is sent from the end of a visitor's signup to the members area (spec §2).
  for (const path of ['/complete-signup', '/signup-matches']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/members$/);
  }
});
