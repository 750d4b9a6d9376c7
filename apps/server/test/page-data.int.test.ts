import { BOOT_STATE_ID, type PricingResponse, type SearchResult, type Settings } from '@amora/contracts';
import { formatMoney } from '@amora/contracts/money';
import { zoneOffsetMinutes } from '@amora/contracts/rules';
import { defaultFilters, filtersToSearch } from '@amora/contracts/search';
import { isoTag } from '@amora/i18n';
import en from '@amora/i18n/locales/en.json' with { type: 'json' };
import type { Response as InjectResponse } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { order } from './checkout.ts';
import { useTestApp } from './helpers.ts';
import { useSourceWebApp } from './source-web.ts';

/**
 * Pages whose data is in the server's HTML (issue 26 item 11, issue 29 item 3): the members'
 * search has its first page of tiles, /pricing its packages and prices, as the real web app
 * renders them (from its sources), each exactly what the API answers the same viewer, under the
 * key the page's query reads (so the browser hydrates without asking again).
 */
const t = useTestApp({ members: 60 });
const web = useSourceWebApp(t);

const get = (url: string, cookie = '') =>
  web.app.inject({ method: 'GET', url, headers: { host: 'localhost:3999', ...(cookie ? { cookie } : {}) } });

/** The page's boot state and its markup without it (what a browser without scripts shows). */
function page(res: InjectResponse) {
  const boot = new RegExp(`<script type="application/json" id="${BOOT_STATE_ID}">(.*?)</script>`, 's');
  const m = boot.exec(res.body);
  if (!m) throw new Error(`no boot state in: ${res.body.slice(0, 300)}`);
  const state = JSON.parse(m[1]!) as { settings: Settings; queries: { key: unknown[]; data: unknown }[] };
  return { state, markup: res.body.replace(m[0], '') };
}

/** Text as React writes it into HTML. */
const html = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&#x27;')
    .replace(/"/g, '&quot;');

const cookieOf = (v: { cookies: Map<string, string> }) =>
  [...v.cookies].map(([k, val]) => `${k}=${val}`).join('; ');

describe("the members' search in the server's HTML", () => {
  it("has the member's first page of results as tiles with their photos, as the API answers that member", async () => {
    const { v, id } = await t.member({ seeking: 'both', date_of_birth: '1994-03-09' });
    const res = await get('/members', cookieOf(v));
    expect(res.statusCode).toBe(200);
    const { state, markup } = page(res);

    // The search the page starts with: the member's own (whom they seek, their country, age ± 10).
    const own = (await v.get('/api/profile')).json();
    const filters = defaultFilters({ niche: 1, countries: [own.country], geoip_selected_country: 'US' }, own);
    const api: SearchResult = (await v.get(`/api/search?${filtersToSearch(filters)}&limit=24`)).json();
    expect(api.members.length).toBeGreaterThan(0);

    // Seeded under the page's key, as one page of its infinite query, equal to the API's answer.
    const seeded = state.queries.find((q) => q.key[0] === 'search');
    expect(seeded?.key).toEqual(['search', filtersToSearch(filters), id]);
    expect(seeded?.data).toEqual({ pages: [api], pageParams: [null] });
    expect(state.queries.find((q) => q.key[0] === 'profile')?.data).toEqual(own);

    // The markup has the tiles: names, links and signed photo addresses; no placeholders.
    expect(markup).not.toContain('member-tile--placeholder');
    for (const m of api.members) {
      expect(markup).toContain(`href="/members/${m.id}"`);
      expect(markup).toContain(html(m.name));
      if (m.main_image) {
        expect(m.main_image).toMatch(/\?e=\d+&s=/);
        expect(markup).toContain(`src="${html(m.main_image)}"`);
      }
    }
  });

  it("starts from the URL's filters when it has them, and a member's page is never kept for another", async () => {
    const a = await t.member({ seeking: 'female' });
    const b = await t.member({ seeking: 'male' });
    const qs = 'gender=female&min_age=18&max_age=99';
    const api: SearchResult = (await a.v.get(`/api/search?${qs}&limit=24`)).json();
    const first = page(await get(`/members?${qs}`, cookieOf(a.v))).state;
    expect(first.queries.find((q) => q.key[0] === 'search')).toEqual({
      key: ['search', qs, a.id],
      data: { pages: [api], pageParams: [null] },
    });
    const second = page(await get(`/members?${qs}`, cookieOf(b.v))).state;
    expect(second.queries.find((q) => q.key[0] === 'search')?.key).toEqual(['search', qs, b.id]);
  });
});

describe("country names in the server's HTML", () => {
  it('come with the page in its language, as its filters name them, so the browser need not ask ICU while it hydrates', async () => {
    const { v } = await t.member({ seeking: 'both' });
    for (const lang of ['en', 'de']) {
      const res = await get(`/members?lang=${lang}`, cookieOf(v));
      const { state, markup } = page(res);
      const names = (state as { countryNames?: Record<string, string> }).countryNames;
      const icu = new Intl.DisplayNames([isoTag(lang as 'en' | 'de')], { type: 'region' });
      expect(Object.keys(names ?? {}).sort()).toEqual([...state.settings.countries].sort());
      for (const code of state.settings.countries) {
        expect(names?.[code]).toBe(icu.of(code));
        if (state.settings.countries.length > 1) expect(markup).toContain(`>${html(icu.of(code)!)}</option>`);
      }
    }
  });
});

describe("a conversation in the server's HTML", () => {
  it("has its messages, days and times in the member's own time zone once their browser has told it, and not before", async () => {
    const a = await t.member();
    const b = await t.member();
    // 23:30 UTC is the next day in Auckland: the day's label and the time are Auckland's.
    const sent = await a.v.post(`/api/members/${b.id}/messages`, {
      client_id: 'ssr-conversation-1',
      kind: 'text',
      body: 'Kia ora from the server',
    });
    expect(sent.statusCode).toBe(200);
    const conversation = sent.json().message.conversation_id as string;
    const created = sent.json().message.created_at as string;
    const api = (await b.v.get(`/api/chat/${conversation}/messages?after=0`)).json();

    // Without the time zone: the list, but the messages come after the app has run.
    const before = page(await get(`/chats/${conversation}`, cookieOf(b.v)));
    expect(before.state.queries.find((q) => q.key[2] === 'messages')).toBeUndefined();
    expect(before.markup).not.toContain('class="chat-day"');
    // (The list's preview has the text, and its time comes after hydration too.)
    expect(before.markup).toContain('Kia ora from the server');
    expect(before.markup).not.toContain('class="chat-item__time"');

    for (const path of [`/chats/${conversation}`, `/members/${a.id}/chat`]) {
      const res = await get(path, `${cookieOf(b.v)}; amora_tz=Pacific%2FAuckland`);
      expect(res.statusCode).toBe(200);
      const { state, markup } = page(res);
      expect((state as { timeZone?: string }).timeZone).toBe('Pacific/Auckland');
      const seeded = state.queries.find((q) => q.key[2] === 'messages');
      expect(seeded?.key).toEqual(['chat', b.id, 'messages', conversation]);
      expect(seeded?.data).toEqual(api.messages);
      expect(state.queries.find((q) => q.key[2] === 'older-hidden')?.data).toBe(false);
      // The day (today, in Auckland), the message and its time; the list's time as well.
      expect(markup).toContain('class="chat-day"');
      expect(markup).toMatch(/<section aria-label="Today" class="chat-day"/);
      expect(markup).toContain('class="chat-item__time"');
      const time = new Intl.DateTimeFormat('en-US', {
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'Pacific/Auckland',
      }).format(new Date(created));
      expect(markup).toContain(html(time));
      // The zone's offset now, for the browser to compare with its own, and the times as written,
      // for it to hydrate them without opening ICU (contracts intl.ts PageFormats).
      const boot = state as { timeZoneOffset?: number; formatted?: Record<string, string> };
      expect(boot.timeZoneOffset).toBe(zoneOffsetMinutes('Pacific/Auckland'));
      expect([-780, -720]).toContain(boot.timeZoneOffset);
      const written = Object.entries(boot.formatted ?? {}).filter(([k]) => k.includes('Pacific/Auckland'));
      expect(written.map(([, text]) => text)).toContain(time);
      expect(written.find(([, text]) => text === time)?.[0]).toContain(`|${Date.parse(created)}`);
    }

    // A member not written to yet: the empty conversation with its first-message ideas, with or
    // without a time zone (it has no times), and the member's profile it names.
    const c = await t.member();
    const fresh = page(await get(`/members/${c.id}/chat`, cookieOf(b.v)));
    expect(fresh.state.queries.find((q) => q.key[2] === 'messages')).toEqual({
      key: ['chat', b.id, 'messages', `new:${c.id}`],
      data: [],
    });
    expect(fresh.state.queries.find((q) => q.key[0] === 'member')?.key).toEqual(['member', c.id]);
    const name = (await c.v.get(`/api/profile`)).json().name as string;
    expect(fresh.markup).toContain(html(`No messages with ${name} yet.`));
    expect(fresh.markup).not.toContain('chat-log--status muted">Loading');

    // Another member's conversation is never filled in, and a zone ICU does not know is ignored.
    const other = page(await get(`/chats/${conversation}`, `${cookieOf(c.v)}; amora_tz=Pacific%2FAuckland`));
    expect(other.state.queries.find((q) => q.key[2] === 'messages')).toBeUndefined();
    const bogus = page(await get(`/chats/${conversation}`, `${cookieOf(b.v)}; amora_tz=Mars%2FOlympus`));
    expect((bogus.state as { timeZone?: string }).timeZone).toBeUndefined();
  });
});

describe("a visitor's search in the server's HTML", () => {
  it("is the API's answer to a visitor where the site shows visitors the search, and nothing where it does not", async () => {
    const { state, markup } = page(await get('/members', 'country=PL'));
    const seeded = state.queries.find((q) => q.key[0] === 'search');
    // The site's niche and country (PL is not one of the site's): what the page starts from.
    const qs = filtersToSearch(defaultFilters(state.settings, null));
    expect(seeded?.key).toEqual(['search', qs, 'visitor']);
    const api: SearchResult = (
      await web.app.inject({
        url: `/api/search?${qs}&limit=24`,
        headers: { host: 'localhost:3999', cookie: 'country=PL' },
      })
    ).json();
    expect(api.members.length).toBeGreaterThan(0);
    expect(seeded?.data).toEqual({ pages: [api], pageParams: [null] });
    expect(markup).toContain(html(api.members[0]!.name));

    await t.db.query(
      `UPDATE sites SET config = config || '{"logged_out_search":"none","logged_out_search_trafficsource":"none"}' WHERE domain = 'de.localhost'`,
    );
    await web.app.sites.reload();
    const closed = page(
      await web.app.inject({ method: 'GET', url: '/members', headers: { host: 'de.localhost:3999' } }),
    );
    expect(closed.state.queries.map((q) => q.key[0])).not.toContain('search');
    expect(closed.markup).not.toContain('href="/members/');
  });
});

describe("/pricing in the server's HTML", () => {
  it("has the packages and prices of each visitor's country, as the API answers them", async () => {
    const seen = new Set<string>();
    for (const cookie of ['country=PL', 'country=NL']) {
      const api: PricingResponse = (
        await web.app.inject({ url: '/api/pricing', headers: { host: 'localhost:3999', cookie } })
      ).json();
      // Twice: the second answer may come from a page cache, and must still be this country's.
      for (const _ of [1, 2]) {
        const { state, markup } = page(await get('/pricing', cookie));
        expect(state.queries.find((q) => q.key[0] === 'pricing')).toEqual({
          key: ['pricing', 'visitor'],
          data: api,
        });
        expect(markup).not.toContain('package--placeholder');
        for (const p of api.packages)
          expect(markup).toContain(html(formatMoney(p.amount, p.currency, isoTag('en'))));
      }
      seen.add(api.currency);
    }
    expect([...seen].sort()).toEqual(['EUR', 'PLN']);
  });

  it("has a member's prices, for their profile's country, on /pricing, /premium and /credits", async () => {
    const { v, id } = await t.member();
    const api: PricingResponse = (await v.get('/api/pricing')).json();
    for (const path of ['/pricing', '/premium', '/credits']) {
      const { state, markup } = page(await get(path, cookieOf(v)));
      expect(state.queries.find((q) => q.key[0] === 'pricing')).toEqual({ key: ['pricing', id], data: api });
      // /credits may price them with a discount code (a new member's welcome code): in the browser.
      if (path === '/credits') continue;
      const formatted = Object.values((state as { formatted?: Record<string, string> }).formatted ?? {});
      for (const p of api.packages) {
        const price = formatMoney(p.amount, p.currency, isoTag('en'));
        expect(markup).toContain(html(price));
        // As written, for the browser to hydrate without opening ICU (contracts intl.ts PageFormats).
        expect(formatted).toContain(price);
      }
    }
  });
});

describe("a member's own data in the server's HTML (issue 29 item 1: nothing arriving later to push the page)", () => {
  it('/profile has their own profile and /notifications their mail and chat privacy switches, as the API answers them', async () => {
    const { v, id } = await t.member();
    const profile = (await v.get('/api/profile')).json();
    const { state } = page(await get('/profile', cookieOf(v)));
    expect(state.queries.find((q) => q.key.join() === 'profile,own')).toEqual({
      key: ['profile', 'own'],
      data: profile,
    });

    // A switch changed first, so the page's copy is the member's own, not a default.
    await v.put('/api/chat/privacy', { typing: false });
    const mail = (await v.get('/api/notifications/mail')).json();
    const privacy = (await v.get('/api/chat/privacy')).json();
    expect(privacy.typing).toBe(false);
    const settings = page(await get('/notifications', cookieOf(v))).state;
    expect(settings.queries.find((q) => q.key[0] === 'mail-prefs')).toEqual({
      key: ['mail-prefs'],
      data: mail,
    });
    expect(settings.queries.find((q) => q.key.join() === `chat,${id},privacy`)).toEqual({
      key: ['chat', id, 'privacy'],
      data: privacy,
    });

    // A visitor gets neither: /profile and /notifications send them to the login.
    expect((await get('/profile')).statusCode).toBe(302);
  });
});

describe("an order, the swipe game's and the match finder's cards in the server's HTML (issue 29 item 2)", () => {
  it("/transactions/:id has the member's order as the API answers it, another member's order is a 404, and /transactions lists it", async () => {
    const { v, id } = await t.member();
    const made = await order(v, { package_id: 'p1', method: 'creditcard' });
    expect(made.statusCode).toBe(201);
    const orderId = made.json().order.id as string;
    const detail = (await v.get(`/api/orders/${orderId}`)).json();
    const res = await get(`/transactions/${orderId}`, cookieOf(v));
    expect(res.statusCode).toBe(200);
    const { state, markup } = page(res);
    expect(state.queries.find((q) => q.key.join() === `orders,${id},one,${orderId}`)).toEqual({
      key: ['orders', id, 'one', orderId],
      data: detail,
    });
    // Its status is on the page, not "Loading…" (an order left open at the provider: waiting).
    expect(detail.order.status).toBe('open');
    expect(markup).toContain(html(en.credits.order.pending));
    expect(markup).not.toContain(html(en.credits.order.loading));

    // Another member's order is not there for them: the 404 page, nothing of the order in it.
    const other = await t.member();
    const theirs = await get(`/transactions/${orderId}`, cookieOf(other.v));
    expect(theirs.statusCode).toBe(404);
    expect(page(theirs).state.queries.some((q) => q.key[0] === 'orders')).toBe(false);

    // /transactions lists it as GET /api/orders answers it, its amount and day written in the page
    // (in the member's zone, as the server has it) and kept for the browser to hydrate (PageFormats).
    const list = (await v.get('/api/orders')).json();
    expect(list.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    const { state: listed, markup: listing } = page(
      await get('/transactions', `${cookieOf(v)}; amora_tz=Europe%2FWarsaw`),
    );
    expect(listed.queries.find((q) => q.key.join() === `orders,${id},list`)).toEqual({
      key: ['orders', id, 'list'],
      data: { pages: [list], pageParams: [null] },
    });
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'Europe/Warsaw' }).format(
      new Date(list.orders[0].created_at),
    );
    expect(listing).toContain(html(day));
    expect(listing).toContain(
      html(formatMoney(list.orders[0].amount, list.orders[0].currency, isoTag('en'))),
    );
    expect(Object.values((listed as { formatted?: Record<string, string> }).formatted ?? {})).toContain(day);
    // Nobody else's orders are on another member's list.
    const none = page(await get('/transactions', cookieOf(other.v)));
    expect(none.state.queries.find((q) => q.key[2] === 'list')?.data).toEqual({
      pages: [{ orders: [], next_cursor: null }],
      pageParams: [null],
    });
  });

  it("/swipe-game and /match-finder have the member's cards as the API answers them, the first one's photo among them", async () => {
    const { v, id } = await t.member({ gender: 'male', seeking: 'female', date_of_birth: '1990-05-05' });
    const swipe = (await v.get('/api/swipe')).json();
    const finder = (await v.get('/api/match-finder')).json();
    expect(swipe.cards.length).toBeGreaterThan(1);
    const game = page(await get('/swipe-game', cookieOf(v)));
    expect(game.state.queries.find((q) => q.key.join() === `swipe,${id}`)).toEqual({
      key: ['swipe', id],
      data: swipe,
    });
    expect(game.markup).toContain(html(swipe.cards[0].name));
    // The top card's photo, signed as the API signs it, is in the HTML (the page's largest paint).
    if (swipe.cards[0].main_image) expect(game.markup).toContain(html(swipe.cards[0].main_image));

    const found = page(await get('/match-finder', cookieOf(v)));
    expect(found.state.queries.find((q) => q.key.join() === `match-finder,${id}`)).toEqual({
      key: ['match-finder', id],
      data: { members: finder.members, liked: [] },
    });
    for (const m of finder.members) expect(found.markup).toContain(html(m.name));
  });
});
