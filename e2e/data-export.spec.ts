import { unzipSync } from 'fflate';
import { areaText, createOperator, logInToConsole } from './admin-fixtures.ts';
import { audit } from './axe.ts';
import { expect, linkPath, mailTo, newMemberPage, signUpAndActivate, test, tr } from './fixtures.ts';

/**
 * "Take your data with you" (issue 30 item 1): a new member asks for their data in Settings, the
 * server's job builds the archive and mails a link; the link gives the owner a zip with their
 * profile, and another member's session following the same link gets nothing; the console shows
 * that it was made, never its content.
 */
test('a member downloads their own data from the mailed link; another member cannot', async ({
  entered: page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const me = await signUpAndActivate(page, { tag: 'Export', gender: 'female', seeking: 'male' });

  await page.goto('/notifications');
  const section = page.getByRole('region', { name: tr('settings.dataExport.title') });
  await section.getByRole('button', { name: tr('settings.dataExport.request') }).click();
  await expect(section.getByText(tr('settings.dataExport.asked'))).toBeVisible();

  // The job runs on the server; its mail brings the link.
  const mail = await mailTo(me.email, '/api/data-export/');
  const link = linkPath(mail, '/api/data-export/');
  expect(link).toMatch(/^\/api\/data-export\/[0-9a-f-]{36}\/download$/);

  // The settings page shows it ready, with its own download.
  await page.reload();
  await expect(section.getByRole('link', { name: tr('settings.dataExport.download') })).toHaveAttribute(
    'href',
    link,
  );
  // A second request today is answered with when the next may be made, and nothing changes.
  await section.getByRole('button', { name: tr('settings.dataExport.request') }).click();
  await expect(section.getByRole('alert')).toContainText(tr('errors.export_once_a_day').split('{{')[0]!);
  await expect(section.getByRole('link', { name: tr('settings.dataExport.download') })).toHaveAttribute(
    'href',
    link,
  );
  expect(await audit(page)).toEqual([]);

  // The owner's session opens the link and gets the zip.
  const own = await page.request.get(link);
  expect(own.status()).toBe(200);
  expect(own.headers()['content-type']).toBe('application/zip');
  const files = unzipSync(new Uint8Array(await own.body()));
  const profile = JSON.parse(new TextDecoder().decode(files['profile.json']));
  expect(profile).toMatchObject({ screen_name: me.name, email: me.email });

  // Another member, logged in in their own browser, follows the same link: nothing.
  const problems: string[] = [];
  const other = await newMemberPage(browser, baseURL!, problems);
  await signUpAndActivate(other, { tag: 'Other', gender: 'male', seeking: 'female' });
  const theirs = await other.request.get(link);
  expect(theirs.status()).toBe(404);
  expect(theirs.headers()['content-type']).not.toBe('application/zip');
  await other.context().close();

  // The console's member page shows that the export was made and downloaded once, nothing of it.
  const consolePage = await newMemberPage(browser, baseURL!, problems);
  const text = areaText('members');
  await logInToConsole(consolePage, await createOperator({ role: 'support' }), `/admin/members/${me.id}`);
  const exports = consolePage.getByRole('region', { name: text('exports.title') });
  await expect(exports.getByText(text('exports.state.ready'))).toBeVisible();
  await expect(exports.getByText(text('exports.downloads', { n: 1 }))).toBeVisible();
  await expect(exports.getByRole('link')).toHaveCount(0);
  await consolePage.context().close();
  expect(problems).toEqual([]);
});
