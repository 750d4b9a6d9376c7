/**
 * Pure rules and constants shared by server and browser. No zod here: the browser imports this
 * module (`@amora/contracts/rules`) and must not pull the schema library into its bundle.
 */

import { dateTimeFormat } from './intl.ts';
import type { SiteConfig } from './settings.ts';

/** Id of the <script type="application/json"> element carrying the page's boot state. */
export const BOOT_STATE_ID = 'amora-boot';

/** The likes page's tabs (spec §3 Likes). Here, not in likes.ts, so the page needs no zod. */
export const LIKE_TYPES = ['sent', 'received', 'matches'] as const;
export type LikeType = (typeof LIKE_TYPES)[number];

/** Photos a member may have, free and premium; the largest upload accepted, in bytes. */
export const PHOTO_LIMITS = { free: 3, premium: 25 } as const;
export const PHOTO_MAX_BYTES = 12 * 1024 * 1024;

/**
 * A photo's stored sizes by the letter its file name ends in (`-l` large, `-m` card, `-b` blurred
 * card, `-t` thumb; `-l` may be narrower, never wider) and the narrower copies the server also
 * makes of each (`?w=`, only below the stored width; any other width is refused, so nobody can
 * order resizes at will): 96 thumbs and avatars at 2x, 240 and 360 cards at 1x-2x on phones and
 * desktops (173-285 CSS px wide), 480 and 720 the profile's large photo at 1x-2x.
 */
export const PHOTO_STORED_WIDTHS = { l: 960, m: 480, b: 480, t: 160 } as const;
export const PHOTO_WIDTHS = [96, 240, 360, 480, 720] as const;

/**
 * The address check of contracts' emailField (zod 4's `z.email()` pattern; a unit test holds the
 * two to the same answers), for public pages that check an address without loading zod.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Legal terms version: 2023-12-01 12:00 UTC, or the company added date if later (spec §9). */
export function legalTermsDate(companyAdded: string): Date {
  const base = Date.UTC(2023, 11, 1, 12, 0, 0);
  const added = Date.parse(companyAdded);
  return new Date(Number.isFinite(added) && added > base ? added : base);
}

/** Signups are open when 'all', or 'with_trafficsource' and a traffic source is known (spec §4). */
export function signupsOpen(signups: string, hasTrafficSource: boolean): boolean {
  return signups === 'all' || (signups === 'with_trafficsource' && hasTrafficSource);
}

/** Logged-out search is visible when logged in, or the setting is not 'none' (or its traffic-source variant applies). */
export function loggedOutSearchVisible(
  s: Pick<SiteConfig, 'logged_out_search' | 'logged_out_search_trafficsource'>,
  loggedIn: boolean,
  hasTrafficSource: boolean,
): boolean {
  if (loggedIn) return true;
  if (s.logged_out_search !== 'none') return true;
  return hasTrafficSource && s.logged_out_search_trafficsource !== 'none';
}

/** Landing-page slug per niche (spec §2): 'auto' becomes the locale, en becomes eng. */
export function landingSlug(niche: number, locale: string, slug = 'auto'): string {
  const loc = locale === 'en' ? 'eng' : locale;
  const prefix = ['', '', 'she-', 'bdsm-', 'bbw-', 'gilf-', 'milf-', 'gay-'][niche] ?? '';
  return slug.replace(/auto/g, `${prefix}${loc}`);
}

/**
 * Tracking parameters of spec §3 with their aliases (§9), in priority order: when a URL carries
 * two names of one field (`sub` and `sub1`), the first listed here wins.
 */
export const TRACKING_ALIASES: Record<string, TrackingField> = {
  network: 'network',
  ref: 'ref',
  sub: 'sub1',
  sub1: 'sub1',
  aff_sub: 'sub1',
  sub2: 'sub2',
  aff_sub2: 'sub2',
  sub3: 'sub3',
  aff_sub3: 'sub3',
};
export const TRACKING_FIELDS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
export type TrackingField = (typeof TRACKING_FIELDS)[number];
export type Tracking = Partial<Record<TrackingField, string>>;
/** Longest value kept per field (longer values are cut). */
export const TRACKING_MAX_LENGTH = 200;

/**
 * The tracking record of a query (or of a stored record: the field names are their own aliases):
 * only string values of known names, braces (`{sub1}` left unfilled by a network) and control
 * characters stripped, trimmed, cut to TRACKING_MAX_LENGTH; empty values are left out.
 */
export function parseTracking(query: Record<string, unknown>): Tracking {
  const out: Tracking = {};
  for (const [key, target] of Object.entries(TRACKING_ALIASES)) {
    const raw = query[key];
    if (typeof raw !== 'string' || out[target]) continue;
    const value = raw
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
      .replace(/[{}\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, TRACKING_MAX_LENGTH)
      .trim();
    if (value) out[target] = value;
  }
  return out;
}

/**
 * The cookie that says the visitor dismissed the site-entry warning (its value: when, in ms). The
 * browser sets it on dismissal; the server reads it and leaves the warning out of the page.
 */
export const ENTRY_WARNING_COOKIE = 'amora_entry_ok';
export const ENTRY_WARNING_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/**
 * The cookie that says the member put the welcome bonus's strip away (its value: when, in ms). Read
 * by the server as the entry warning's is, so the page's HTML has the strip or not from the start
 * and nothing moves when the app runs (issue 29 item 1). Kept as long as the welcome window.
 */
export const WELCOME_BANNER_COOKIE = 'amora_welcome_off';
export const WELCOME_BANNER_COOKIE_MAX_AGE_S = 14_400;

/**
 * The same for the enrich-profile alert of the search page (spec §4), put away for a week: then it
 * may ask again while the profile is under 80 % complete (entities/member/completeness.ts).
 */
export const ENRICH_ALERT_COOKIE = 'amora_enrich_later';
export const ENRICH_ALERT_COOKIE_MAX_AGE_S = 7 * 24 * 3600;

/** The same for the activation reminder, closed for a day (it comes back while the account waits). */
export const ACTIVATION_REMINDER_COOKIE = 'amora_activation_later';
export const ACTIVATION_REMINDER_COOKIE_MAX_AGE_S = 24 * 3600;

/** Spec §9: the welcome discount runs for 14,400 s (4 hours) after signup. */
export const WELCOME_WINDOW_S = 14_400;

/**
 * Whether a member who signed up at `signupDate` may still be in the welcome window (the server's
 * discount check has the last word): the browser asks for the code, and the server's page carries
 * it, only then (issue 26 item 12, issue 29 item 1).
 */
export const inWelcomeWindow = (signupDate: string, now = Date.now()) =>
  now - Date.parse(signupDate) < WELCOME_WINDOW_S * 1000;

/** The query key of a member's welcome code (GET /api/discountcode.php?welcome=true): per member. */
export const welcomeKey = (userId: string) => ['promotions', 'welcome', userId] as const;

/** Whether a tracking record names any source. */
export function hasTrafficSource(t: Tracking): boolean {
  return TRACKING_FIELDS.some((f) => !!t[f]);
}

/**
 * The responsive breakpoints of spec §9, in px: a layout changes from `sm` (large phones) and up, from
 * `md` (tablets), `lg` (laptops) and `xl` (desktops). The stylesheets' media queries use these numbers
 * (and one less for max-width); apps/web/src/styles/tokens.css lists them.
 */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;

/** Members on the public home page: five in the hero collage, eight in the grid. */
export const FEATURED_LIMIT = 13;

/** Minimum age to sign up (spec §5: "Enter your date of birth ({min_age}+)"). */
export const MIN_AGE = 18;
export const MAX_AGE = 99;

/**
 * A member's own search: the age range around their age (own age ± this) and the gender they
 * seek. The search page starts with it, and the auto-like, swipe game and match finder keep to it.
 */
export const AGE_SPREAD = 10;

/** The age range a member of `age` searches by default (own age ± AGE_SPREAD, within the limits). */
export function ownAgeRange(age: number): { min_age: number; max_age: number } {
  return { min_age: Math.max(MIN_AGE, age - AGE_SPREAD), max_age: Math.min(MAX_AGE, age + AGE_SPREAD) };
}

/** Whole years between a birth date (YYYY-MM-DD) and `now`: the only thing others learn from it. */
export function ageOn(birthDate: string | Date, now = new Date()): number {
  const b = typeof birthDate === 'string' ? new Date(`${birthDate.slice(0, 10)}T00:00:00Z`) : birthDate;
  let age = now.getUTCFullYear() - b.getUTCFullYear();
  const m = now.getUTCMonth() - b.getUTCMonth();
  if (m < 0 || (m === 0 && now.getUTCDate() < b.getUTCDate())) age--;
  return age;
}

/** Auth cookie (spec §9: prefix 'auth.', 30 days, path /, SameSite lax). */
export const SESSION_COOKIE = 'auth.session';
export const SESSION_MAX_AGE_S = 30 * 24 * 3600;
/** Double-submit CSRF token: readable by the page, echoed in the x-csrf-token header. */
export const CSRF_COOKIE = 'auth.csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** Pages only members may open (visitors are sent to /login?redirect=...). */
export const MEMBERS_ONLY_PATHS = [
  '/profile',
  '/notifications',
  '/chats',
  '/likes',
  '/credits',
  '/premium',
  '/transactions',
  '/directdebit',
  '/match-finder',
  '/swipe-game',
  '/lang-config',
];
/**
 * Pages for visitors only (members are sent to /members), and the home page (spec §2 auth
 * redirects). /complete-signup and /signup-matches are the end of a visitor's signup (spec §2: "a
 * logged-in user is sent to members instead"): a member's own matches are the search.
 */
export const GUEST_ONLY_PATHS = [
  '/',
  '/login',
  '/signup',
  '/complete-signup',
  '/signup-matches',
  '/reset-password',
  '/reset-password/do',
];

/** /members/{id}/chat: chatting needs a login (spec §6), though /members/{id} itself may not. */
const MEMBER_CHAT = /^\/members\/[^/]+\/chat\/?$/;
const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/** Where the auth redirects of spec §2 send this visitor, or null to stay. */
export function authRedirect(pathname: string, search: string, loggedIn: boolean): string | null {
  if (loggedIn && GUEST_ONLY_PATHS.includes(pathname)) return '/members';
  if (!loggedIn && (MEMBERS_ONLY_PATHS.some((p) => under(pathname, p)) || MEMBER_CHAT.test(pathname))) {
    return `/login?redirect=${encodeURIComponent(pathname + search)}`;
  }
  return null;
}

/**
 * A redirect target from a query string, only if it is a path on this site (no open redirects):
 * it starts with one '/', holds no backslash and no control character (browsers drop tabs and
 * line breaks from an address, so `/\t/evil.example` would become `//evil.example`, and read
 * `\` as `/`), and resolves to this origin. Anything else gets the fallback.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/members'): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it refuses
  if (!target?.startsWith('/') || target.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(target)) {
    return fallback;
  }
  const base = 'http://same-origin.invalid';
  try {
    if (new URL(target, base).origin !== base) return fallback;
  } catch {
    return fallback;
  }
  return target;
}

/**
 * System messages (spec §3 message kinds): the server writes a code, each viewer's app says it in
 * their language (chat.system.<code>). `match`: the two members of a conversation now like each other.
 */
export const SYSTEM_NOTES = ['match'] as const;
export type SystemNote = (typeof SYSTEM_NOTES)[number];

/**
 * The gift catalogue of the chat (spec §3 message kinds; the issue asks for "a catalogue of gifts
 * with prices in credits"). A gift costs the site's gift_credits times its factor; names are
 * translated under chat.gifts.<id>.
 */
export const GIFTS = [
  { id: 'rose', factor: 1 },
  { id: 'coffee', factor: 1 },
  { id: 'kiss', factor: 1 },
  { id: 'chocolate', factor: 2 },
  { id: 'teddy', factor: 2 },
  { id: 'cocktail', factor: 2 },
  { id: 'bouquet', factor: 3 },
  { id: 'champagne', factor: 3 },
] as const;
export type GiftId = (typeof GIFTS)[number]['id'];
export const GIFT_IDS = GIFTS.map((g) => g.id) as [GiftId, ...GiftId[]];

export function giftPrice(giftCredits: number, id: string): number | null {
  const gift = GIFTS.find((g) => g.id === id);
  return gift ? giftCredits * gift.factor : null;
}

/**
 * What one text message costs a sender from `country` (their profile's country): the site's
 * message price, at least that country's minimum (spec §3 minimum_message_costs). The server
 * charges exactly this, and the composer and the price list show it, from the same inputs.
 */
export function messageCost(
  c: Pick<SiteConfig, 'message_credits' | 'minimum_message_costs'>,
  country: string,
): number {
  return Math.max(c.message_credits, c.minimum_message_costs[country]?.costs ?? 0);
}

/** Text messages a member may still send free (spec §6 "a limited number of free messages"): none for premium. */
export function freeMessagesLeft(
  c: Pick<SiteConfig, 'free_messages'>,
  member: { paid_user: boolean; free_messages_used: number },
): number {
  return member.paid_user ? 0 : Math.max(0, c.free_messages - member.free_messages_used);
}

/** Messages a conversation shows at first; older ones stay hidden for privacy (spec §8). */
export const CHAT_HISTORY_LIMIT = 100;
/** Most messages one catch-up call returns (the client asks again while a page comes back full). */
export const CHAT_CATCH_UP_LIMIT = 200;
/** Free members start at most this many conversations (spec §6, §9; a CHECK in migration 010 backs it). */
export const FREE_CONVERSATIONS = 2;
/** Conversations per page of the chat list (/api/chats.php, newest first, `cursor` for the next). */
export const CHATS_PAGE = 50;

/**
 * Data a page needs at its first paint, declared with its route (`handle.data` in the web app's
 * routes.tsx) and fetched by the server in-process before rendering (apps/server/src/ssr-data.ts),
 * under the query key the page's own query uses, so hydration finds it and asks nothing again.
 */
export type PageData =
  | { kind: 'featured' }
  | { kind: 'member'; id: string }
  /** A lander (`/landers/{design}/{slug?}`), or a member's lander when `member` is set. */
  | { kind: 'lander'; design: string; slug?: string; member?: string }
  /**
   * /members: the first page of the search the page starts with (the URL's filters, else the
   * viewer's defaults: a member's from their own profile, which comes along), under `searchKey`.
   */
  | { kind: 'search' }
  /** The packages and prices for the viewer's country, under `pricingKey`. */
  | { kind: 'pricing' }
  /** A member's own profile (the profile editor), under `OWN_PROFILE_KEY`; nothing for a visitor. */
  | { kind: 'ownProfile' }
  /** The settings page's switches: mail preferences (`MAIL_PREFS_KEY`), chat privacy (`chatPrivacyKey`). */
  | { kind: 'settings' }
  /** The likes pages' lists, under `likesKey`; nothing for a visitor. */
  | { kind: 'likes' }
  /**
   * The chat list's first page, under `chatsKey` (one page of the infinite query); nothing for a
   * visitor. With `conversation` (/chats/:id) or `member` (/members/:id/chat): that conversation's
   * latest messages too, under `messagesKey`, when it is on that page and the member's time zone is
   * known (TIME_ZONE_COOKIE: its days and times are the member's own); with a `member` not written
   * to yet, their profile (as `{ kind: 'member' }` has it) and the empty conversation.
   */
  | { kind: 'chats'; conversation?: string; member?: string }
  /**
   * /transactions/:id, the page a payment returns to: the member's order as GET /api/orders/:id
   * answers it, under `orderKey` (another member's, or none: the page's 404).
   */
  | { kind: 'order'; id: string }
  /** /transactions: the member's first page of orders as GET /api/orders answers it, under `ordersListKey`. */
  | { kind: 'orders' }
  /** The swipe game's stack and the likes left today, under `swipeKey`; nothing without a profile. */
  | { kind: 'swipe' }
  /** The match finder's suggestions, under `matchFinderKey`; nothing without a profile. */
  | { kind: 'matchFinder' };

/** The cache key of a page's data; a page has at most one lander, so landers share one key. */
export const LANDER_KEY = ['lander', 'page'] as const;

/** The page data whose key is its own (the others' keys name the viewer: searchKey, pricingKey). */
export type KeyedPageData = Extract<PageData, { kind: 'featured' | 'member' | 'lander' }>;

export function pageDataKey(d: KeyedPageData): readonly [string, string] {
  if (d.kind === 'lander') return LANDER_KEY;
  return d.kind === 'featured' ? ['members', 'featured'] : ['member', d.id];
}

/** The member's own profile (GET /api/profile). */
export const OWN_PROFILE_KEY = ['profile', 'own'] as const;

/** The prices (GET /api/pricing): they depend on the payer's country, so a visitor's and a member's may differ. */
export const pricingKey = (userId: string | null) => ['pricing', userId ?? 'visitor'] as const;

/** A member's e-mail notification preferences (GET /api/notifications/mail). */
export const MAIL_PREFS_KEY = ['mail-prefs'] as const;

/** The member's likes given and received (GET /api/likes.php), per member: a login loads its own. */
export const likesKey = (userId: string) => ['likes', userId] as const;

/** The member's chat list (GET /api/chats.php, its pages), per member. */
export const chatsKey = (userId: string) => ['chats', userId] as const;

/** One conversation's messages (GET /api/chat/:id/messages from 0, merged with live ones), per member. */
export const messagesKey = (userId: string, conversation: string) =>
  ['chat', userId, 'messages', conversation] as const;

/** The cache name of a conversation with `memberId` not started yet (its messages: none so far). */
export const newConversation = (memberId: string) => `new:${memberId}`;

/** Whether a conversation has older messages hidden for privacy (spec §8), set by its first load. */
export const olderHiddenKey = (userId: string, conversation: string) =>
  ['chat', userId, 'older-hidden', conversation] as const;

/**
 * The member's time zone as their browser last told it (IANA name, set by the app on each start):
 * the server then writes a member's chat days and times as the browser would. Only ever read for a
 * logged-in member's page (never in the public page cache).
 */
export const TIME_ZONE_COOKIE = 'amora_tz';

/** A time zone name the server takes from TIME_ZONE_COOKIE: one ICU knows, else none. */
export function validTimeZone(value: string | undefined): string | undefined {
  if (!value || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return undefined;
  try {
    return dateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * A time zone's offset from UTC at `at`, in minutes as `Date.getTimezoneOffset` counts them: -60
 * for Europe/Amsterdam in winter, 300 for America/New_York, 0 for UTC.
 */
export function zoneOffsetMinutes(zone: string, at = new Date()): number {
  const name = dateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = name?.match(/^GMT([+-])(\d\d):(\d\d)$/);
  if (!m) return 0; // "GMT": UTC itself
  const east = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '+' && east > 0 ? -east : east;
}

/** One of a member's orders (GET /api/orders/:id); the web app's other orders queries share its prefix. */
export const orderKey = (userId: string, id: string) => ['orders', userId, 'one', id] as const;
/** A member's orders, page by page (GET /api/orders: the transactions page). */
export const ordersListKey = (userId: string) => ['orders', userId, 'list'] as const;

/** The swipe game's stack (GET /api/swipe), per member: another login in the same tab starts from its own. */
export const swipeKey = (userId: string) => ['swipe', userId] as const;
/** The match finder's suggestions (GET /api/match-finder), per member. */
export const matchFinderRoot = ['match-finder'] as const;
export const matchFinderKey = (userId: string) => [...matchFinderRoot, userId] as const;

/** Typing and read receipts: the member's two chat privacy settings (GET /api/chat/privacy). */
export const chatPrivacyKey = (userId: string) => ['chat', userId, 'privacy'] as const;

/** A passkey's name, at most (issue 30 item 4). */
export const PASSKEY_NAME_MAX = 60;
