import type { Page } from '@playwright/test';
import { expect, newMemberPage, signUpAndActivate, test, tr } from './fixtures.ts';

/**
 * Typing and read receipts (issue 30 item 2): two new members, each in a browser of their own, see
 * each other typing and the "Read" mark under their last message the other has read, live. Then one
 * of them switches both off in Settings, and neither sees the other's any more: the rule works
 * both ways.
 */
const composer = (p: Page) => p.getByLabel(tr('chat.composer.label'));
const log = (p: Page) => p.getByRole('log');
const readMark = (p: Page) => log(p).getByText(tr('chat.read'), { exact: true });
const typingOf = (p: Page, name: string) => p.getByText(tr('chat.typing', { name }));

test('members see each other typing and the read mark; after one switches both off, neither sees the other’s', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const problems: string[] = [];
  const a = await newMemberPage(browser, baseURL!, problems, { quietAutoLike: true });
  const b = await newMemberPage(browser, baseURL!, problems, { quietAutoLike: true });
  const [ann, ben] = await Promise.all([
    signUpAndActivate(a, { tag: 'Typer', gender: 'female' }),
    signUpAndActivate(b, { tag: 'Reader', gender: 'male' }),
  ]);

  await test.step('A writes first; when B opens the conversation, A sees "Read" under it', async () => {
    await a.goto(`/members/${ben.id}/chat`);
    await composer(a).fill('Hello Ben, how is your week?');
    await composer(a).press('Enter');
    await expect(log(a).getByText('Hello Ben, how is your week?')).toBeVisible();
    await expect(readMark(a)).toHaveCount(0);
    await b.goto('/chats');
    await b.getByRole('link', { name: new RegExp(ann.name) }).click();
    await expect(log(b).getByText('Hello Ben, how is your week?')).toBeVisible();
    await expect(readMark(a)).toBeVisible();
  });

  await test.step('each sees the other typing, in a polite live region; a message ends it at once', async () => {
    await composer(b).fill('Busy, but good');
    const bTyping = typingOf(a, ben.name);
    await expect(bTyping).toBeVisible();
    await expect(bTyping).toHaveAttribute('aria-live', 'polite');
    await composer(a).fill('Tell me more');
    await expect(typingOf(b, ann.name)).toBeVisible();
    await composer(b).press('Enter');
    await expect(log(a).getByText('Busy, but good')).toBeVisible();
    await expect(typingOf(a, ben.name)).toHaveCount(0);
    // A had the conversation open: B's reply is read, and B sees it.
    await expect(readMark(b)).toBeVisible();
  });

  await test.step('B switches typing and read receipts off in Settings', async () => {
    await b.goto('/notifications');
    for (const key of ['chatPrivacy.typing.label', 'chatPrivacy.read_receipts.label']) {
      const toggle = b.getByRole('switch', { name: tr(key), exact: true });
      await expect(toggle).toBeChecked();
      await toggle.click();
      await expect(toggle).not.toBeChecked();
      await expect(b.getByRole('listitem').filter({ has: toggle })).toContainText(
        tr('mailNotifications.savedShort'),
      );
    }
    await b.reload();
    await expect(
      b.getByRole('switch', { name: tr('chatPrivacy.typing.label'), exact: true }),
    ).not.toBeChecked();
  });

  await test.step('now neither sees the other typing, nor any read mark', async () => {
    await b.goto('/chats');
    await b.getByRole('link', { name: new RegExp(ann.name) }).click();
    await expect(log(b).getByText('Busy, but good')).toBeVisible();
    // The marks both had are gone on both sides (the server includes none for either).
    await expect(readMark(b)).toHaveCount(0);
    await a.reload();
    await expect(log(a).getByText('Busy, but good')).toBeVisible();
    await expect(readMark(a)).toHaveCount(0);
    // Typing in both composers reaches nobody.
    await composer(a).fill('Still there?');
    await composer(b).fill('Yes');
    await expect(typingOf(b, ann.name)).toHaveCount(0);
    await expect(typingOf(a, ben.name)).toHaveCount(0);
    // A new message, read by B with the conversation open: still no mark for A.
    await composer(a).press('Enter');
    await expect(log(b).getByText('Still there?')).toBeVisible();
    await a.reload();
    await expect(log(a).getByText('Still there?')).toBeVisible();
    await expect(readMark(a)).toHaveCount(0);
  });

  expect(problems).toEqual([]);
  await a.context().close();
  await b.context().close();
});
