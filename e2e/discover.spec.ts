import type { Browser, Locator, Page } from '@playwright/test';
import { audit } from './axe.ts';
import { expect, newMemberPage, signUpAndActivate, test, tr } from './fixtures.ts';

/**
 * The swipe game and the match finder (spec §1/§2/§9): like by button, pass by key, like and pass
 * by dragging the card (a short drag snaps back), a mutual like opens the match modal, the day's
 * 4 swipe likes count down to the day's-end message; the match finder's like toggle.
 */

/** A catalog text with a plural count, in English (one/other). */
const plural = (key: string, count: number) =>
  tr(`${key}_${count === 1 ? 'one' : 'other'}`).replace('{{count}}', String(count));
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A pattern for a catalog text around a {{name}}, capturing the name. */
const named = (key: string) => new RegExp(`^${escapeRe(tr(key)).replace(escapeRe('{{name}}'), '(.+)')}$`);
const withName = (key: string, name: string) => tr(key).replace('{{name}}', name);

async function userId(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/user.php')).json()) as { user: { id: string } }).user.id;
}

/**
 * Presses on the card and moves it sideways by `share` of its width (negative: to the left), with
 * the mouse or a finger (CDP touch). It starts off-centre, so the pointer stays on the screen.
 */
async function drag(page: Page, card: Locator, share: number, via: 'mouse' | 'touch') {
  const box = await card.boundingBox();
  if (!box) throw new Error('no card to drag');
  const x = box.x + box.width * (share > 0 ? 0.25 : 0.75);
  const y = box.y + box.height / 2;
  const dx = box.width * share;
  const steps = 12;
  if (via === 'mouse') {
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= steps; i++) await page.mouse.move(x + (dx * i) / steps, y + i);
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x + (dx * i) / steps, y: y + i }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A second member, in a desktop browser of their own, who likes `targetId` from their profile. */
async function admirer(browser: Browser, baseURL: string, problems: string[]) {
  const page = await newMemberPage(browser, baseURL, problems);
  const { name } = await signUpAndActivate(page, {
    tag: 'Admirer',
    gender: 'female',
    seeking: 'male',
    birth: ['3', '5', '1990'],
  });
  return { page, name };
}

test('@phone the swipe game: like, pass, drag, a match, and the daily limit', async ({
  entered: page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  const [me, b] = await Promise.all([
    signUpAndActivate(page, { tag: 'Swiper', gender: 'male', seeking: 'female' }),
    admirer(browser, baseURL!, problems),
  ]);
  // B likes me first, so liking B back in the game is a match.
  await b.page.goto(`/members/${await userId(page)}`);
  await expect(b.page.getByRole('heading', { level: 1 })).toContainText(me.name);
  await b.page.getByRole('button', { name: tr('likes.like'), exact: true }).click();
  await expect(b.page.getByRole('button', { name: tr('likes.unlike'), exact: true })).toBeVisible();

  await page.goto('/swipe-game');
  await expect(page.getByRole('heading', { level: 1, name: tr('swipe.title') })).toBeVisible();
  const likesLeft = (n: number) => page.getByText(plural('swipe.likesLeft', n), { exact: true });
  await expect(likesLeft(4)).toBeVisible();
  const stack = page.getByRole('region', { name: tr('swipe.stackLabel') });
  const card = stack.getByRole('article');
  const like = stack.getByRole('button', { name: named('swipe.like') });
  const pass = stack.getByRole('button', { name: named('swipe.pass') });
  const status = stack.getByRole('status');
  const top = async () => (await like.getAttribute('aria-label'))!.match(named('swipe.like'))![1]!;
  await expect(like).toBeVisible();
  await expect(pass).toBeVisible();
  expect(await audit(page), '/swipe-game').toEqual([]);

  // The photo and name open the member's page.
  const first = await top();
  await stack.getByRole('link', { name: new RegExp(`^${escapeRe(first)}`) }).click();
  await expect(page).toHaveURL(/\/members\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(first);
  await page.goBack();
  await expect(like).toHaveAccessibleName(withName('swipe.like', first));

  // Members are suggested newest first: B is on top, or comes after a few passes (other tests' members).
  for (let passes = 0; (await top()) !== b.name; passes++) {
    expect(passes, `${b.name} is among the suggestions`).toBeLessThan(20);
    const current = await top();
    await pass.click();
    await expect(like).not.toHaveAccessibleName(withName('swipe.like', current));
  }

  // Like by button: B liked me first, so it is a match.
  await like.click();
  const modal = page.getByRole('dialog', { name: tr('likes.matchTitle') });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(withName('likes.matchText', b.name));
  await modal.getByRole('button', { name: tr('likes.keepBrowsing') }).click();
  await expect(modal).toBeHidden();
  await expect(likesLeft(3)).toBeVisible();
  await expect(status).toHaveText(withName('likes.likedStatus', b.name));

  // Pass by keyboard, with the focus on the page itself.
  const second = await top();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('ArrowLeft');
  await expect(status).toHaveText(withName('swipe.passedStatus', second));
  await expect(likesLeft(3)).toBeVisible();

  // A short drag snaps back: same member, nothing decided, no navigation.
  const third = await top();
  await drag(page, card, 0.07, 'mouse');
  await expect(page).toHaveURL(/\/swipe-game$/);
  await expect(like).toHaveAccessibleName(withName('swipe.like', third));
  await expect(likesLeft(3)).toBeVisible();

  // Dragged right past the threshold: a like.
  await drag(page, card, 0.55, 'mouse');
  await expect(status).toHaveText(withName('likes.likedStatus', third));
  await expect(likesLeft(2)).toBeVisible();

  // Dragged left (a finger on the phone): a pass.
  const fourth = await top();
  await drag(page, card, -0.55, testInfo.project.name === 'phone' ? 'touch' : 'mouse');
  await expect(status).toHaveText(withName('swipe.passedStatus', fourth));
  await expect(likesLeft(2)).toBeVisible();

  // ArrowRight on the card likes, and the next card keeps the focus.
  const fifth = await top();
  await stack.getByRole('link', { name: new RegExp(`^${escapeRe(fifth)}`) }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(status).toHaveText(withName('likes.likedStatus', fifth));
  await expect(likesLeft(1)).toBeVisible();
  const sixth = await top();
  await expect(stack.getByRole('link', { name: new RegExp(`^${escapeRe(sixth)}`) })).toBeFocused();

  // The fourth like of the day is the last: the game ends until tomorrow.
  await like.click();
  await expect(page.getByRole('heading', { name: tr('swipe.limitTitle') })).toBeVisible();
  await expect(page.getByText(tr('swipe.limitText'))).toBeVisible();
  await expect(page.getByText(tr('swipe.noLikesLeft'), { exact: true })).toBeVisible();
  await expect(like).toHaveCount(0);
  // Still so after a reload: the server counts the day's swipe likes.
  await page.reload();
  await expect(page.getByRole('heading', { name: tr('swipe.limitTitle') })).toBeVisible();
  await expect(page.getByRole('link', { name: tr('matchFinder.title'), exact: true })).toHaveAttribute(
    'href',
    '/match-finder',
  );

  // The likes are real: B is a match, the others are likes sent.
  await page.goto('/likes');
  await expect(
    page.getByRole('list', { name: tr('likes.matches') }).getByRole('link', { name: new RegExp(b.name) }),
  ).toBeVisible();
  const sent = page.getByRole('list', { name: tr('likes.youLiked') });
  await expect(sent.getByRole('link', { name: new RegExp(escapeRe(third)) })).toBeVisible();
  await expect(sent.getByRole('link', { name: new RegExp(escapeRe(fifth)) })).toBeVisible();

  expect(problems).toEqual([]);
  await b.page.context().close();
});

test('the match finder suggests members to like, and refreshes without the liked ones', async ({
  entered: page,
}) => {
  test.setTimeout(90_000);
  await signUpAndActivate(page, { tag: 'Finder', gender: 'male', seeking: 'female' });

  // Found from the likes page.
  await page.goto('/likes');
  await page
    .getByRole('navigation', { name: tr('swipe.discoverLabel') })
    .getByRole('link', { name: new RegExp(tr('matchFinder.title')) })
    .click();
  await expect(page).toHaveURL(/\/match-finder$/);
  await expect(page.getByRole('heading', { level: 1, name: tr('matchFinder.title') })).toBeVisible();
  await expect(page.getByText(tr('matchFinder.intro'))).toBeVisible();
  const list = page.getByRole('list', { name: tr('matchFinder.listLabel') });
  const items = list.getByRole('listitem');
  await expect(items.first()).toBeVisible();
  const count = await items.count();
  expect(count).toBeGreaterThan(1);
  expect(count).toBeLessThanOrEqual(24);
  await expect(page.getByText(plural('matchFinder.count', count), { exact: true })).toBeVisible();
  expect(await audit(page), '/match-finder').toEqual([]);

  // Like the first suggestion: the toggle is pressed at once and says so.
  const toggle = items.first().getByRole('button', { name: named('matchFinder.likeName') });
  const name = (await toggle.getAttribute('aria-label'))!.match(named('matchFinder.likeName'))![1]!;
  await toggle.click();
  const pressed = items.first().getByRole('button', { name: withName('matchFinder.unlikeName', name) });
  await expect(pressed).toHaveAttribute('aria-pressed', 'true');
  await expect(pressed).toBeFocused(); // a keyboard user stays where they are in the list
  await expect(
    page.getByRole('status').filter({ hasText: withName('likes.likedStatus', name) }),
  ).toBeVisible();

  // A trip to the profile and back keeps it pressed.
  await items.first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await page.goBack();
  await expect(pressed).toHaveAttribute('aria-pressed', 'true');

  // New suggestions leave out the member just liked.
  await page.getByRole('button', { name: tr('matchFinder.refresh') }).click();
  await expect(list.getByRole('button', { name: withName('matchFinder.unlikeName', name) })).toHaveCount(0);
  await expect(list.getByRole('button', { name: withName('matchFinder.likeName', name) })).toHaveCount(0);
  await expect(items.first()).toBeVisible();

  // The like is real.
  await page.goto('/likes/sent');
  await expect(
    page
      .getByRole('list', { name: tr('likes.youLiked') })
      .getByRole('link', { name: new RegExp(escapeRe(name)) }),
  ).toBeVisible();
});
