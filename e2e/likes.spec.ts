import type { Browser, Page } from '@playwright/test';
import { activateFromMail, expect, newMemberPage, signUpThroughUi, test, tr } from './fixtures.ts';

/**
 * Likes between two real members in two browsers (spec §2/§3/§4): A likes B from B's profile,
 * B sees the new like (badge, "Liked you" with the new marker), opens A's profile and likes back,
 * the match modal appears and a click on the backdrop closes it; both see the match on /likes.
 */

interface Member {
  page: Page;
  id: string;
  name: string;
  problems: string[];
}

/** Real signup and activation from the mail, as e2e/journeys.spec.ts does; the member ends logged in. */
async function signUp(
  browser: Browser,
  baseURL: string,
  tag: string,
  gender: 'male' | 'female',
  seeking: 'male' | 'female',
): Promise<Member> {
  const problems: string[] = [];
  const page = await newMemberPage(browser, baseURL, problems);
  const { email, name } = await signUpThroughUi(page, {
    tag: `Like${tag}`,
    gender,
    seeking,
    password: 'a likeable passphrase',
    birth: ['12', '8', '1990'],
  });
  await activateFromMail(page, email);
  const user = (await (await page.request.get('/api/user.php')).json()) as { user: { id: string } };
  return { page, id: user.user.id, name, problems };
}

const matchTitle = () => tr('likes.matchTitle');

test('two members like each other: new like, match modal, matches on /likes', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [a, b] = await Promise.all([
    signUp(browser, baseURL!, 'A', 'male', 'female'),
    signUp(browser, baseURL!, 'B', 'female', 'male'),
  ]);

  // A likes B from B's profile: the toggle is pressed at once.
  await a.page.goto(`/members/${b.id}`);
  await expect(a.page.getByRole('heading', { level: 1 })).toContainText(b.name);
  await a.page.getByRole('button', { name: tr('likes.like'), exact: true }).click();
  const unlike = a.page.getByRole('button', { name: tr('likes.unlike'), exact: true });
  await expect(unlike).toHaveAttribute('aria-pressed', 'true');
  await expect(a.page.getByRole('status').filter({ hasText: b.name })).toBeVisible();
  await expect(a.page.getByRole('dialog')).toHaveCount(0);

  // B sees the new like: the navigation badge and "Liked you" with the new marker.
  await b.page.goto('/likes');
  const likesLink = b.page
    .getByRole('navigation', { name: tr('nav.main') })
    .getByRole('link', { name: new RegExp(`^${tr('nav.likes')}`) });
  await expect(likesLink).toHaveAccessibleName(/1 new like/);
  await expect(likesLink).toContainText('1');
  const likedYou = b.page.getByRole('list', { name: tr('likes.likedYou') });
  const card = likedYou.getByRole('link', { name: new RegExp(a.name) });
  await expect(card).toBeVisible();
  await expect(card).toContainText(tr('likes.new'));

  // B opens A's profile (/likes/m/{id}) and likes back: the match modal opens.
  await card.click();
  await expect(b.page).toHaveURL(new RegExp(`/likes/m/${a.id}$`));
  await expect(b.page.getByRole('heading', { level: 1 })).toContainText(a.name);
  await b.page.getByRole('button', { name: tr('likes.like'), exact: true }).click();
  const modal = b.page.getByRole('dialog', { name: matchTitle() });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(tr('likes.matchText').replace('{{name}}', a.name));
  await expect(modal.getByRole('link', { name: tr('likes.sendMessage') })).toHaveAttribute(
    'href',
    `/members/${a.id}/chat`,
  );
  await expect(modal.getByRole('link', { name: new RegExp(a.name) })).toHaveAttribute(
    'href',
    `/members/${a.id}`,
  );
  await expect(modal.getByRole('link', { name: tr('likes.sendMessage') })).toBeFocused();

  // A click on the backdrop (outside the dialog's box) closes it; the page stays.
  await b.page.mouse.click(8, 8);
  await expect(modal).toBeHidden();
  await expect(b.page).toHaveURL(new RegExp(`/likes/m/${a.id}$`));
  await expect(b.page.getByRole('button', { name: tr('likes.unlike'), exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Both see the match; having opened A's profile, B has no new like left.
  await b.page.goto('/likes');
  await expect(
    b.page.getByRole('list', { name: tr('likes.matches') }).getByRole('link', { name: new RegExp(a.name) }),
  ).toBeVisible();
  await expect(b.page.getByRole('list', { name: tr('likes.likedYou') })).toHaveCount(0);
  await expect(likesLink).toHaveAccessibleName(tr('nav.likes'));
  await a.page.goto('/likes/matches');
  await expect(
    a.page.getByRole('list', { name: tr('likes.matches') }).getByRole('link', { name: new RegExp(b.name) }),
  ).toBeVisible();

  // An unknown like type is the 404 page.
  const res = await a.page.goto('/likes/nope');
  expect(res?.status()).toBe(404);

  expect([...a.problems, ...b.problems]).toEqual([]);
  await a.page.context().close();
  await b.page.context().close();
});
