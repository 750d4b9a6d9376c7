import {
  type ChatsResponse,
  chatPrivacyKey,
  chatsKey,
  FEATURED_LIMIT,
  type KeyedPageData,
  type LanderPageData,
  likesKey,
  loggedOutSearchVisible,
  MAIL_PREFS_KEY,
  type MessagesPage,
  matchFinderKey,
  messagesKey,
  newConversation,
  OWN_PROFILE_KEY,
  type OwnProfile,
  olderHiddenKey,
  orderKey,
  ordersListKey,
  type PageData,
  pageDataKey,
  pricingKey,
  searchQuerySchema,
  swipeKey,
} from '@amora/contracts';
import { schemaOf } from '@amora/contracts/endpoint-schemas';
import { type Endpoint, endpoints } from '@amora/contracts/endpoints';
import {
  defaultFilters,
  filtersFromSearch,
  filtersToSearch,
  firstPageQuery,
  searchKey,
} from '@amora/contracts/search';
import type { Locale } from '@amora/i18n';
import type { FastifyInstance } from 'fastify';
import { listChats } from './features/chat/chat-list.service.ts';
import { listMessages } from './features/chat/chat-messages.service.ts';
import { getChatPrivacy } from './features/chat/chat-signals.service.ts';
import { matchFinder, swipeStack } from './features/discover/discover.service.ts';
import { landerPage } from './features/landers/landers.service.ts';
import { listLikes } from './features/likes/likes.service.ts';
import { viewMember } from './features/members/members.profile.ts';
import { featuredMembers } from './features/members/members.service.ts';
import { searchMembers } from './features/members/search.ts';
import { getMailPrefs } from './features/notifications/mail-prefs.service.ts';
import { listOrders, memberOrder } from './features/payments/orders.view.ts';
import { pricingFor } from './features/payments/pricing.ts';
import { ownProfile } from './features/profiles/profiles.service.ts';
import { AppError } from './platform/errors.ts';
import type { visitorFacts } from './platform/request-context.ts';
import type { SessionUser } from './platform/sessions.ts';
import type { Site } from './platform/sites.ts';

/**
 * Everything a page's HTML is made of besides the site's data: nothing else of the request is
 * read while it renders. For a visitor's public page (no session) these are the public page
 * cache's key (ssr.ts cacheKey), so whatever makes two visitors' pages differ is in it.
 */
export interface PageRequest {
  server: FastifyInstance;
  site: Site;
  /** The member whose session this is; null for a visitor. */
  user: SessionUser | null;
  /** The visitor's language (cookie, else the member's, else the site's). */
  locale: Locale;
  /** Path and query as requested. */
  url: string;
  /** What the settings tell the visitor about themselves (countries, source, dismissal). */
  visitor: ReturnType<typeof visitorFacts>;
  /** A member's own time zone (TIME_ZONE_COOKIE, validated), when their browser has told it. */
  timeZone?: string;
}

/** A query the page's first render reads, filled as the browser's query client will hold it. */
type Seed = { key: unknown[]; data: unknown };

export interface Prefetched {
  queries: Seed[];
  /** The page's HTTP status when its data says so (a member who is not there: 404; blocked: 403). */
  status?: number;
  /** The language a lander's slug picks (landers.service). */
  locale?: Locale;
}

/**
 * The data the page's routes declare (PageData), fetched in-process (no HTTP round trip) and side
 * by side before rendering, under the keys the page's queries use. Reads only: nothing is written
 * while a page renders. A member page the viewer may not see answers with that status (404, or
 * 403 when the member blocked the viewer); any other failure (the database) propagates and
 * becomes the 500 error page.
 */
export async function prefetch(p: PageRequest, needs: PageData[]): Promise<Prefetched> {
  const page: Prefetched = { queries: [] };
  await Promise.all(
    needs.map(async (need) => {
      try {
        if (need.kind === 'search') page.queries.push(...(await searchPage(p)));
        else if (need.kind === 'pricing') page.queries.push(await pricingPage(p));
        else if (need.kind === 'ownProfile') page.queries.push(...(await ownProfilePage(p)));
        else if (need.kind === 'settings') page.queries.push(...(await settingsPage(p)));
        else if (need.kind === 'likes') page.queries.push(...(await likesPage(p)));
        else if (need.kind === 'chats') await chatsPage(p, need, page.queries);
        else if (need.kind === 'order') page.queries.push(...(await orderPage(p, need.id)));
        else if (need.kind === 'orders') page.queries.push(...(await ordersPage(p)));
        else if (need.kind === 'swipe' || need.kind === 'matchFinder')
          page.queries.push(...(await discoverPage(p, need.kind)));
        else {
          const data = await load(p, need);
          page.queries.push({ key: [...pageDataKey(need)], data });
          if (need.kind === 'lander') page.locale = (data as LanderPageData).locale as Locale;
        }
      } catch (err) {
        if (!(err instanceof AppError) || (err.status !== 404 && err.status !== 403)) throw err;
        page.status = err.status;
      }
    }),
  );
  return page;
}

/** What each kind of page data keyed by itself is, through the same services as the API. */
function load(p: PageRequest, need: KeyedPageData): Promise<unknown> {
  const db = p.server.db;
  switch (need.kind) {
    case 'featured':
      return featuredMembers(db, p.site, FEATURED_LIMIT);
    case 'member':
      return viewMember(db, p.site, p.user, need.id);
    case 'lander':
      return landerPage(db, p.site, { locale: p.locale, country: p.visitor.geoipCountry }, need);
  }
}

/**
 * /members (issue 26 item 11): the first page of results the search page starts with, so its HTML
 * has the tiles. The filters are the page's own (contracts/search): the URL's, else a member's
 * defaults from their own profile (which the page reads too, so it comes along), else a
 * visitor's from the site and their country. The page is the API's answer to this viewer
 * (GET /api/search through the same schema and service), under the page's query key, as one
 * page of the infinite query. A visitor the site shows no search gets nothing (the page's gate),
 * as does a member without a profile (the page asks for it and falls back as it always did).
 */
async function searchPage(p: PageRequest): Promise<Seed[]> {
  const { db } = p.server;
  const viewerId = p.user?.id ?? null;
  if (!viewerId && !loggedOutSearchVisible(p.site.config, false, p.visitor.trafficSource)) return [];
  const own = await ownProfileOf(p);
  if (viewerId && !own) return [];
  const settings = {
    niche: p.site.config.niche,
    countries: p.site.config.countries,
    geoip_selected_country: p.visitor.selectedCountry,
  };
  const filters = filtersFromSearch(new URL(p.url, 'http://x').search) ?? defaultFilters(settings, own);
  const query = searchQuerySchema.safeParse(firstPageQuery(filters));
  const ownSeed = own ? [{ key: [...OWN_PROFILE_KEY], data: own }] : [];
  // What the API would refuse (400) the page asks for and shows as it does.
  if (!query.success) return ownSeed;
  const first = await searchMembers(db, p.site, query.data, viewerId);
  return [
    ...ownSeed,
    { key: [...searchKey(filtersToSearch(filters), viewerId)], data: { pages: [first], pageParams: [null] } },
  ];
}

/** A member's own profile as GET /api/profile answers it; null for a visitor or one without a profile yet. */
async function ownProfileOf(p: PageRequest): Promise<OwnProfile | null> {
  if (!p.user) return null;
  try {
    return await ownProfile(p.server.db, p.site, p.user.id);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

/**
 * /profile (issue 29 item 1): the member's own profile, so the editor's sections are in the HTML
 * instead of arriving after it and pushing the page. Without one the page asks for it, as always.
 */
async function ownProfilePage(p: PageRequest): Promise<Seed[]> {
  const own = await ownProfileOf(p);
  return own ? [{ key: [...OWN_PROFILE_KEY], data: own }] : [];
}

/**
 * /notifications, the settings page (issue 29 item 1): the member's mail preferences and chat
 * privacy as the API answers them, so their switches are in the HTML instead of "Loading…" that
 * the lists then push down the page.
 */
async function settingsPage(p: PageRequest): Promise<Seed[]> {
  if (!p.user) return [];
  const { db } = p.server;
  const [mail, privacy] = await Promise.all([getMailPrefs(db, p.user.id), getChatPrivacy(db, p.user.id)]);
  return [
    { key: [...MAIL_PREFS_KEY], data: mail },
    { key: [...chatPrivacyKey(p.user.id)], data: privacy },
  ];
}

/**
 * `data` as the endpoint answers it: through its response schema (what the schema does not name
 * stays on the server) and JSON, so the page renders on the server from what the browser will
 * hydrate with (dates as strings).
 */
function asAnswered(endpoint: Pick<Endpoint, 'name'>, data: unknown): unknown {
  const schema = schemaOf(endpoint).response?.[200];
  return JSON.parse(JSON.stringify(schema ? schema.parse(data) : data));
}

/**
 * The likes pages (issue 29 item 2): the likes given and received as GET /api/likes.php answers
 * them, so the lists are in the HTML instead of painted after the app has run and asked.
 */
async function likesPage(p: PageRequest): Promise<Seed[]> {
  if (!p.user) return [];
  const likes = await listLikes(p.server.db, p.site, p.user.id);
  return [{ key: [...likesKey(p.user.id)], data: asAnswered(endpoints.likes.list, likes) }];
}

/**
 * /chats (issue 29 item 2): the chat list's first page as GET /api/chats.php answers it. On
 * /chats/:id and /members/:id/chat, the open conversation's latest messages too, as
 * GET /api/chat/:id/messages answers them from 0 and the page's query keeps them (oldest first),
 * when it is on that first page (as the page finds it) and the member's time zone is known: its
 * days and times are then written as their browser writes them. On /members/:id/chat with no
 * conversation there, the member's profile (as their page has it) and, when the list has no older
 * page that could hold one, the empty conversation. Seeds go into `into` as they come: a member
 * the viewer may not see throws (the page's status) after the list is in.
 */
async function chatsPage(
  p: PageRequest,
  need: Extract<PageData, { kind: 'chats' }>,
  into: Seed[],
): Promise<void> {
  if (!p.user) return;
  const first = asAnswered(
    endpoints.chat.list,
    await listChats(p.server.db, p.site, p.user.id),
  ) as ChatsResponse;
  into.push({ key: [...chatsKey(p.user.id)], data: { pages: [first], pageParams: [null] } });
  const open = first.chats.find(
    (c) => c.conversation.id === need.conversation || (need.member && c.profile.id === need.member),
  );
  if (open && p.timeZone) {
    const page = asAnswered(
      endpoints.chat.messages,
      await listMessages(p.server.db, p.user.id, open.conversation.id, 0),
    ) as MessagesPage;
    into.push(
      { key: [...messagesKey(p.user.id, open.conversation.id)], data: page.messages },
      { key: [...olderHiddenKey(p.user.id, open.conversation.id)], data: page.older_hidden },
    );
  } else if (!open && need.member) {
    const member = { kind: 'member', id: need.member } as const;
    into.push({ key: [...pageDataKey(member)], data: await load(p, member) });
    // It has no times to write.
    if (first.next_cursor === null) {
      into.push({ key: [...messagesKey(p.user.id, newConversation(need.member))], data: [] });
    }
  }
}

/**
 * /transactions/:id (issue 29 item 2), where the provider's checkout returns to: the member's order
 * as GET /api/orders/:id answers it, so its status is in the HTML instead of "Loading…" (the page
 * then asks the provider about an unsettled one, as before). Another member's order, or none: the
 * page's 404, as its own query would find.
 */
async function orderPage(p: PageRequest, id: string): Promise<Seed[]> {
  if (!p.user) return [];
  const detail = await memberOrder(p.server.db, p.site, p.user.id, id);
  return [{ key: [...orderKey(p.user.id, id)], data: asAnswered(endpoints.payments.order, detail) }];
}

/**
 * /transactions: the member's first page of orders as GET /api/orders answers it (one page of the
 * infinite query), so the list, its amounts and dates are in the HTML instead of placeholders.
 */
async function ordersPage(p: PageRequest): Promise<Seed[]> {
  if (!p.user) return [];
  const first = asAnswered(endpoints.payments.orders, await listOrders(p.server.db, p.user.id));
  return [{ key: [...ordersListKey(p.user.id)], data: { pages: [first], pageParams: [null] } }];
}

/**
 * The swipe game and the match finder (issue 29 item 2): their cards as GET /api/swipe and
 * GET /api/match-finder answer them, so the first card's photo paints with the page. A member
 * without a profile gets nothing (the page asks and shows what it always showed).
 */
async function discoverPage(p: PageRequest, kind: 'swipe' | 'matchFinder'): Promise<Seed[]> {
  if (!p.user) return [];
  const { db } = p.server;
  try {
    if (kind === 'swipe') {
      const stack = await swipeStack(db, p.site, p.user.id);
      return [{ key: [...swipeKey(p.user.id)], data: asAnswered(endpoints.discover.swipe, stack) }];
    }
    const found = asAnswered(endpoints.discover.matchFinder, await matchFinder(db, p.site, p.user.id));
    // As the page's query keeps them: none liked from this page yet.
    return [{ key: [...matchFinderKey(p.user.id)], data: { ...(found as object), liked: [] } }];
  } catch (err) {
    if (err instanceof AppError) return [];
    throw err;
  }
}

/**
 * /pricing (issue 29 item 3): the packages and prices as GET /api/pricing answers this viewer
 * (their profile's country, else the chosen or the CDN's one: both in the public page cache's
 * key), without a discount code, as the page asks for them.
 */
async function pricingPage(p: PageRequest): Promise<Seed> {
  const userId = p.user?.id ?? null;
  const payer = { userId, selectedCountry: p.visitor.selectedCountry };
  return {
    key: [...pricingKey(userId)],
    data: await pricingFor(p.server.db, p.site, p.server.payments, payer),
  };
}
