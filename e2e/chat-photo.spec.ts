import sharp from 'sharp';
import { audit } from './axe.ts';
import { expect, expectNoCredits, logInAt, siteUrl, test, textIn } from './fixtures.ts';

/**
 * A photo in the chat, on the German site (spec §3 message kinds, §6 premium, §8 not enough
 * credits): a premium demo member chooses a photo, sees it with its price before paying, sends,
 * and at zero credits meets the not-enough-credits alert; the photo waits with a retry.
 */
const t = textIn('de');

test('a premium member at zero credits chooses a photo, sees its price, and is asked to buy credits', async ({
  entered: page,
}) => {
  // demo2@kurven-de.test is premium (more than 3 photos) with no credits in the demo data.
  const user = await logInAt(page, siteUrl('de', '/login'), 'demo2@kurven-de.test', { text: t });
  expect(user).toMatchObject({ paid_user: true, credits: 0 });

  // Someone to write to: the first member the search shows.
  const first = page.locator('a.member-tile').first();
  const href = await first.getAttribute('href');
  await page.goto(siteUrl('de', `${href}/chat`));
  // A first conversation offers opening lines inline; this member has none yet.
  await expect(page.getByText(t('chat.icebreaker.inline'))).toBeVisible();

  // The conversation and the gift catalogue pass axe (WCAG 2.2 AA).
  expect(await audit(page), 'conversation').toEqual([]);
  await page.getByRole('button', { name: t('chat.gifts.open') }).click();
  const gifts = page.getByRole('dialog', { name: new RegExp(t('chat.gifts.title', { name: '.+' })) });
  await expect(gifts.getByRole('button', { name: new RegExp(t('chat.gifts.rose')) })).toBeVisible();
  expect(await audit(page), 'gift catalogue').toEqual([]);
  await gifts.press('Escape');
  await expect(gifts).toBeHidden();

  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#e76f51' } })
    .jpeg()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: t('chat.photo.open') }).click();
  await (await chooser).setFiles({ name: 'strand.jpg', mimeType: 'image/jpeg', buffer: photo });
  const confirm = page.getByRole('dialog', { name: new RegExp(t('chat.photo.title', { name: '.+' })) });
  await expect(confirm.getByRole('img', { name: t('chat.photo.preview') })).toBeVisible();
  await confirm.getByRole('button', { name: t('chat.photo.sendPrice_other', { count: 2 }) }).click();

  await expectNoCredits(page, page.getByRole('log'), t);
});
