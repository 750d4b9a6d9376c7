import { createOperator, logInToConsole } from './admin-fixtures.ts';
import { expect, newMemberPage, signUpAndActivate, test, tr } from './fixtures.ts';

/**
 * Scam warnings (issue 30 item 3): a message asking for money shows its recipient a calm warning
 * with a one-tap report; its sender sees the message as sent and nothing else; the report and the
 * automated flag reach the console's moderation queue.
 */
test('a scam message warns the recipient only, and the one-tap report reaches the console', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  const a = await newMemberPage(browser, baseURL!, problems, { quietAutoLike: true });
  const b = await newMemberPage(browser, baseURL!, problems, { quietAutoLike: true });
  const [sender, recipient] = await Promise.all([
    signUpAndActivate(a, { tag: 'Asker', gender: 'male' }),
    signUpAndActivate(b, { tag: 'Asked', gender: 'female' }),
  ]);

  const text = 'Can you send me 300€ for the flight ticket? I will pay you back next week';
  await a.goto(`/members/${recipient.id}/chat`);
  const composer = a.getByLabel(tr('chat.composer.label'));
  await composer.fill(text);
  await composer.press('Enter');
  await expect(a.getByRole('log').getByText(text)).toBeVisible();
  const warningOf = (name: string) => ({ name: tr('chat.scam.label', { name }) });

  // The recipient sees the message, and under it what it asks for and what to do.
  await b.goto('/chats');
  await b.getByRole('link', { name: new RegExp(sender.name) }).click();
  const warning = b.getByRole('complementary', warningOf(sender.name));
  await expect(warning).toContainText(tr('chat.scam.kind.money'));
  await expect(warning).toContainText(tr('chat.scam.advice'));
  await warning.getByRole('button', { name: tr('chat.scam.report', { name: sender.name }) }).click();
  await expect(warning.getByRole('status')).toHaveText(tr('chat.scam.reported'));

  // The sender's view has no trace of it, even after a reload.
  await a.reload();
  await expect(a.getByRole('log').getByText(text)).toBeVisible();
  await expect(a.getByRole('complementary', warningOf(recipient.name))).toHaveCount(0);
  await expect(a.getByText(tr('chat.scam.advice'))).toHaveCount(0);

  // A moderator finds both in the queue: the member's report and the automated one.
  const moderator = await createOperator({ role: 'moderator', site: 'localhost', name: 'Sam Safety' });
  await logInToConsole(page, moderator, '/admin/moderation');
  await expect(page.getByRole('link', { name: new RegExp(sender.name) })).toHaveCount(2);

  expect(problems).toEqual([]);
  await a.context().close();
  await b.context().close();
});
