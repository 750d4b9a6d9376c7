import { describe, expect, it } from 'vitest';
import { useTestApp, Visitor } from './helpers.ts';
import { useStubWebApp } from './stub-web.ts';

/**
 * The strips under the navigation are in a member's first HTML, as the app then shows them
 * (issue 29 item 1, issue 26 item 10): the welcome bonus's code comes with the page (ssr.ts), and
 * a strip the member put away is left out by the server (its cookie), so nothing arrives late or
 * goes away when the app runs and moves the page. On the real application and database, with a
 * stand-in for the built web app whose page shows what it was rendered from.
 */
const t = useTestApp({ members: 4 });
const web = useStubWebApp(
  t,
  `{
    html: '<main>' + JSON.stringify({
      welcome: state.queries.find((q) => q.key[0] === 'promotions' && q.key[1] === 'welcome') ?? null,
      welcomeOff: state.settings.welcome_banner_dismissed,
      reminderOff: state.settings.activation_reminder_dismissed,
      enrichOff: state.settings.enrich_alert_dismissed,
    }) + '</main>',
    head: '',
    status: 200,
  }`,
);

interface Shown {
  welcome: {
    key: string[];
    data: { code: { code: string; expires: string; now: string }; receivedAt: null };
  } | null;
  welcomeOff: boolean;
  reminderOff: boolean;
  enrichOff: boolean;
}

/** The member's page as the server renders it, with the member's session and `cookies`. */
async function page(member: Visitor, cookies: Record<string, string> = {}): Promise<Shown> {
  const v = new Visitor(web.app, member.host);
  for (const [k, val] of [...member.cookies, ...Object.entries(cookies)]) v.cookies.set(k, val);
  const res = await v.get('/members');
  expect(res.statusCode).toBe(200);
  return JSON.parse(res.body.match(/<main>(.*?)<\/main>/s)![1]!);
}

describe("a new member's first page", () => {
  it('carries the welcome code with the deadline the API gives, for the strip to be in the HTML', async () => {
    const { v, id } = await t.member();
    const shown = await page(v);
    expect(shown.welcome?.key).toEqual(['promotions', 'welcome', id]);
    const code = shown.welcome!.data.code;
    expect(code.code).toBe('TIMEBONUS25');
    // The server's deadline, as GET /api/discountcode.php?welcome=true answers it: just under 4 hours.
    const left = Date.parse(code.expires) - Date.parse(code.now);
    expect(left).toBeGreaterThan(4 * 3600_000 - 120_000);
    expect(left).toBeLessThanOrEqual(4 * 3600_000);
    expect(shown.welcome!.data.receivedAt).toBeNull();
    expect(shown.welcomeOff).toBe(false);
  });

  it('leaves the welcome code out past the window and for a member who paid (the API refuses it too)', async () => {
    const late = await t.member();
    await t.db.query(`UPDATE users SET signup_date = now() - interval '4 hours 1 second' WHERE id = $1`, [
      late.id,
    ]);
    expect((await page(late.v)).welcome).toBeNull();

    const paid = await t.member();
    await t.db.query('UPDATE users SET paid_user = true WHERE id = $1', [paid.id]);
    expect((await page(paid.v)).welcome).toBeNull();
    expect((await paid.v.get('/api/discountcode.php?welcome=true')).statusCode).toBe(409);
  });

  it('says which strips the member put away (their cookies), and ignores a cookie that is not a time', async () => {
    const { v } = await t.member();
    expect(await page(v, { amora_welcome_off: '1764400000000' })).toMatchObject({
      welcomeOff: true,
      reminderOff: false,
      enrichOff: false,
    });
    expect(await page(v, { amora_activation_later: '1764400000000' })).toMatchObject({
      welcomeOff: false,
      reminderOff: true,
      enrichOff: false,
    });
    expect(await page(v, { amora_enrich_later: '1764400000000' })).toMatchObject({
      welcomeOff: false,
      reminderOff: false,
      enrichOff: true,
    });
    expect(
      await page(v, { amora_welcome_off: 'yes', amora_activation_later: '<x>', amora_enrich_later: '' }),
    ).toMatchObject({
      welcomeOff: false,
      reminderOff: false,
      enrichOff: false,
    });
  });
});
