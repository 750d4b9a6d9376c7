import { areaText, createOperator, logInToConsole } from './admin-fixtures.ts';
import { audit } from './axe.ts';
import {
  activateFromMail,
  catalog,
  currentUser,
  expect,
  expectNoHorizontalScroll,
  newMemberPage,
  signUpThroughUi,
  test,
  tr,
} from './fixtures.ts';

/**
 * Issue 17 item 8: a member writes to a fictional chat partner; an operator (support role of this
 * site) logs into the console, finds the conversation in the fictional inbox (unanswered), answers
 * as the fictional profile; the member sees the answer arrive in the open conversation, from the
 * fictional profile, with the site's fictional icon and warning, and nothing about the operator.
 * Operators come from the console's e2e fixtures (admin-fixtures.ts: POST /dev/operators).
 */
const problems: string[] = [];

test('an operator answers as a fictional profile and the member sees it with the fictional mark', async ({
  browser,
  baseURL,
  entered: page,
}) => {
  test.setTimeout(180_000);
  const ft = areaText('fictional');

  // The member: a new account, logged in after activation.
  const { email, name } = await signUpThroughUi(page, { tag: 'Fict', gender: 'male', seeking: 'female' });
  await activateFromMail(page, email);
  const me = await currentUser(page);

  // A fictional chat partner of this site (the demo marks some), found as the member's search does.
  const fictional = await page.evaluate(async () => {
    let cursor = '';
    for (let i = 0; i < 30; i++) {
      const res = await fetch(`/api/search?${cursor ? `cursor=${encodeURIComponent(cursor)}` : ''}`);
      const body = (await res.json()) as {
        members: { id: string; name: string; fictional: boolean }[];
        next_cursor: string | null;
      };
      const hit = body.members.find((m) => m.fictional);
      if (hit) return hit;
      if (!body.next_cursor) return null;
      cursor = body.next_cursor;
    }
    return null;
  });
  expect(fictional, 'a fictional profile in the search').not.toBeNull();

  await page.goto(`/members/${fictional!.id}/chat`);
  const hello = `Are you there? ${Date.now()}`;
  const composer = page.getByLabel(tr('chat.composer.label'));
  await composer.fill(hello);
  await composer.press('Enter');
  const log = page.getByRole('log');
  await expect(log.getByText(hello)).toBeVisible();

  // The operator, in a browser of their own.
  const op = await createOperator({ role: 'support', site: 'localhost', name: `Olga ${Date.now()}` });
  const console_ = await newMemberPage(browser, baseURL!, problems);
  await logInToConsole(console_, op, '/admin/fictional');
  const pair = ft('pair', { member: name, fictional: fictional!.name });
  const inbox = console_.getByRole('list', { name: ft('inbox') });
  const entry = inbox.getByRole('listitem').filter({ hasText: pair });
  await expect(entry).toContainText(ft('unanswered'));
  await expect(entry).toContainText(hello);
  await entry.getByRole('link', { name: pair }).click();

  // Beside the conversation, the real member's facts (issue 26 item 17): name, credits, premium,
  // last seen, and a way to the member; never their e-mail.
  const facts = console_.getByRole('complementary', { name: ft('facts.title') });
  await expect(facts).toContainText(name);
  await expect(facts).toContainText(ft('facts.credits'));
  await expect(facts).toContainText(ft('facts.lastSeen'));
  await expect(facts.getByRole('link', { name: ft('facts.open') })).toHaveAttribute(
    'href',
    `/admin/members/${me.id}`,
  );
  await expect(console_.getByText(email)).toHaveCount(0);

  const answer = `Yes, happy to chat ${Date.now()}`;
  await console_.getByLabel(ft('answerAs', { name: fictional!.name })).fill(answer);
  await console_.getByRole('button', { name: ft('send'), exact: true }).click();
  const sent = console_
    .getByRole('list', { name: ft('messages') })
    .getByRole('listitem')
    .last();
  await expect(sent).toContainText(answer);
  await expect(sent).toContainText(/Olga/);

  // The member sees it arrive live, from the fictional profile, with the mark and the warning.
  await expect(log.getByText(answer)).toBeVisible();
  const settings = await page.evaluate(async () => (await fetch('/api/settings.php')).json());
  await expect(page.getByText(settings.fictional_warning).first()).toBeVisible();
  // The mark: the words "Fictional profile", visible, with the site's own word as its title (issue 26 item 2).
  const mark = page.getByText(tr('common.fictionalMark'), { exact: true }).first();
  await expect(mark).toBeVisible();
  await expect(page.locator(`[title="${settings.fictional_singular}"]`).first()).toBeAttached();
  await expect(page.getByText(/Olga/)).toHaveCount(0);
  // After a reload too (the conversation as the server keeps it), and in the chat list.
  await page.goto('/chats');
  const chatEntry = page.getByRole('link', { name: new RegExp(fictional!.name) });
  await expect(chatEntry).toContainText(answer);
  await expect(chatEntry.getByText(tr('common.fictionalMark'), { exact: true })).toBeVisible();
  expect(me.id).toBeTruthy();

  await console_.context().close();
  expect(problems).toEqual([]);
});

test.describe('the console on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('@phone an admin of every site edits a site and makes a fictional profile on a phone', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const en = catalog('en') as unknown as {
      admin: { sites: Record<string, string>; fictional: Record<string, string> };
    };
    const admin = await createOperator({ role: 'admin' });
    await logInToConsole(page, admin, '/admin/sites');
    await expect(page.getByRole('heading', { level: 1, name: en.admin.sites.title })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByRole('link', { name: /Amora/ }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /Amora/ })).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await audit(page)).toEqual([]);
    // Every setting by its translated name, in a control of its kind (issue 26 item 17).
    const field = en.admin.sites.field as unknown as Record<string, string>;
    await expect(page.getByRole('combobox', { name: field.niche })).toBeVisible();
    await expect(page.getByRole('switch', { name: field.fictional_profiles })).toBeChecked();
    await expect(page.getByText('delete_discount', { exact: true })).toHaveCount(0);
    // A refused setting: the server's message under that setting, nothing saved.
    const discount = page.getByRole('spinbutton', { name: field.delete_discount });
    const before = await discount.inputValue();
    await discount.fill('101');
    await page.getByRole('button', { name: en.admin.sites.save }).click();
    await expect(page.getByText(tr('errors.setting_too_big'))).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: en.admin.sites.saved! })).toHaveCount(0);
    await discount.fill(before);
    await page.getByRole('button', { name: en.admin.sites.save }).click();
    // Saved, and said so in a live region, with the form showing what was stored.
    await expect(page.getByRole('status').filter({ hasText: en.admin.sites.saved! })).toBeVisible();
    await expect(discount).toHaveValue(before);

    await page.goto('/admin/fictional/profiles/new');
    await expect(page.getByRole('heading', { level: 1, name: en.admin.fictional.newProfile })).toBeVisible();
    await expectNoHorizontalScroll(page);
    const name = `Mira${Date.now().toString(36)}`;
    await page.getByLabel(en.admin.fictional.name!).fill(name);
    await page.getByLabel(en.admin.fictional.city!).fill('Denver');
    await page.getByRole('button', { name: en.admin.fictional.save }).click();
    await expect(page.getByText(en.admin.fictional.saved!)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: en.admin.fictional.mark })).toBeChecked();
    expect(await audit(page)).toEqual([]);
    await page.goto('/admin/fictional');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await audit(page)).toEqual([]);
  });
});
