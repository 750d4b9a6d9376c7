import type { Browser, Page } from '@playwright/test';
import { expect, newMemberPage, signUpAndActivate, test, tr } from './fixtures.ts';
import { TIME_SCALE } from './time-scale.ts';

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
  const { id, name } = await signUpAndActivate(page, {
    tag: `Like${tag}`,
    gender,
    seeking,
    password: 'a likeable passphrase',
    birth: ['12', '8', '1990'],
  });
  return { page, id, name, problems };
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
  // The page as a new member sees it settled: the welcome strip above it has arrived (it comes
  // after the page's script and moves the page down; a tap a moment before it lands elsewhere).
  await expect(
    a.page.getByRole('region', { name: tr('promotions.welcome.title', { percentage: 25 }) }),
  ).toBeVisible();
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

/**
 * The auto-like (spec §4/§7) and every surface a fictional profile shows on. A newcomer's first
 * search brings no like; once they have liked someone, a fictional member's like comes: the
 * modal says she liked him (not "It's a match"),
 * carries the site's mark and warning, and "Like back" makes the match. Then the walk: search
 * tiles, likes, member page, chat header and chat list each carry the mark (and the warning where
 * the profile is open); a surface without it fails here.
 */
test('auto-like: a fictional member liked you, marked as fictional on every surface', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const c = await signUp(browser, baseURL!, 'C', 'male', 'female');
  const { page } = c;
  const settings = (await (await page.request.get('/api/settings.php')).json()) as {
    fictional_singular: string;
    fictional_warning: string;
  };
  const mark = (scope: ReturnType<Page['locator']>) =>
    scope.locator(`[title="${settings.fictional_singular}"]`);
  const warning = (scope: ReturnType<Page['locator']> | Page) => scope.getByText(settings.fictional_warning);

  // The first search brings no auto-like: the newcomer sees members, not a like (the server agrees).
  await page.goto('/members');
  const firstTile = page.locator('a.member-tile').first();
  await expect(firstTile).toBeVisible();
  expect((await (await page.request.get('/api/auto-like.php')).json()).profile).toBeNull();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Once they have liked someone themselves, a fictional member's like comes, saying what happened.
  // The one liked is a fictional member too: a newcomer on the first page may be another journey's
  // member (journeys run side by side), whose own likes count must not move.
  const liked = await page.evaluate(async () => {
    const r = await fetch('/api/search?limit=48', { headers: { 'x-request-type': 'client' } });
    const body = (await r.json()) as { members: { id: string; fictional: boolean }[] };
    return body.members.find((m) => m.fictional)!.id;
  });
  await page.goto(`/members/${liked}`);
  await page.getByRole('button', { name: tr('likes.like'), exact: true }).click();
  await expect(page.getByRole('button', { name: tr('likes.unlike'), exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goto('/members');
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible({ timeout: 15_000 * TIME_SCALE });
  await expect(modal.getByText(tr('common.fictionalMark'))).toBeVisible();
  const title = (await modal.getByRole('heading', { level: 2 }).textContent())!;
  const suffix = tr('likes.likedYouTitle').replace('{{name}}', '');
  expect(title.endsWith(suffix)).toBe(true);
  const name = title.slice(0, title.length - suffix.length);
  await expect(modal).not.toContainText(tr('likes.matchTitle'));
  await expect(mark(modal)).toBeVisible();
  await expect(warning(modal)).toBeVisible();
  const profileLink = modal.getByRole('link', { name: new RegExp(name) });
  const id = (await profileLink.getAttribute('href'))!.split('/').pop()!;
  await expect(modal.getByRole('button', { name: tr('likes.likeBack') })).toBeFocused();

  // Before liking back it is a like received, not a match.
  const likes = await (await page.request.get('/api/likes.php')).json();
  expect(likes.liked_by.map((l: { id: string }) => l.id)).toContain(id);
  expect(likes.matches).toEqual([]);

  // "Like back" makes the match, and only now the modal says so (still marked).
  await modal.getByRole('button', { name: tr('likes.likeBack') }).click();
  const matched = page.getByRole('dialog', { name: tr('likes.matchTitle') });
  await expect(matched).toBeVisible();
  await expect(matched).toContainText(tr('likes.matchText', { name }));
  await expect(mark(matched)).toBeVisible();
  await expect(warning(matched)).toBeVisible();
  await expect(matched.getByRole('link', { name: tr('likes.sendMessage') })).toBeFocused();
  await page.mouse.click(8, 8);
  await expect(matched).toBeHidden();
  await page.goto('/likes');
  const match = page
    .getByRole('list', { name: tr('likes.matches') })
    .getByRole('link', { name: new RegExp(name) });
  await expect(match).toBeVisible();
  await expect(mark(match)).toBeVisible();

  // Search tiles: every fictional member on the first page carries the mark.
  await page.goto('/members');
  const tiles = page.locator('a.member-tile');
  await expect(tiles.first()).toBeVisible();
  const ids = await tiles.evaluateAll((as) => as.map((a) => a.getAttribute('href')!.split('/').pop()!));
  const fictional = await page.evaluate(async (list) => {
    const r = await fetch('/api/search?limit=48', { headers: { 'x-request-type': 'client' } });
    const body = (await r.json()) as { members: { id: string; fictional: boolean }[] };
    return body.members.filter((m) => m.fictional && list.includes(m.id)).map((m) => m.id);
  }, ids);
  for (const f of fictional) {
    await expect(mark(page.locator(`a.member-tile[href="/members/${f}"]`))).toBeVisible();
    await expect(
      page.locator(`a.member-tile[href="/members/${f}"]`).getByText(tr('common.fictionalMark')),
    ).toBeVisible();
  }

  // The member page: the warning (with the site's icon).
  await page.goto(`/members/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(warning(page)).toBeVisible();

  // The chat header and, once they talk, the chat list.
  await page.goto(`/members/${id}/chat`);
  await expect(warning(page)).toBeVisible();
  const composer = page.getByLabel(tr('chat.composer.label'));
  await composer.fill('Hello there');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  await page.goto('/chats');
  const entry = page
    .getByRole('navigation', { name: tr('chat.conversations') })
    .getByRole('link', { name: new RegExp(name) });
  await expect(mark(entry)).toBeVisible();

  expect(c.problems).toEqual([]);
  await page.context().close();
});
