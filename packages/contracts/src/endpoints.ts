/**
 * Every HTTP endpoint of the API, declared once: its method, path and who may call it. The server
 * registers each from here (apps/server/src/platform/endpoint.ts `route()`), the web app calls each
 * through here (apps/web/src/api/client.ts `call()`), and a test checks that the server registers
 * exactly these.
 *
 * No zod at run time: the browser's entry bundle imports this module (`@amora/contracts/endpoints`).
 * Each endpoint's params, query, body and answer are the zod schemas of its entry in
 * endpoint-schemas.ts; this module only reads their types (a type-only import costs nothing).
 */
import type { z } from 'zod';
import type { consoleTable } from './console-endpoints.ts';
import type { endpointSchemas } from './endpoint-schemas.ts';

/**
 * Who may call an endpoint: anyone ('public'), a logged-in member ('member'), or the developer on
 * their own machine ('dev': development tools such as the mail viewer). Enforced for every route
 * by apps/server/src/platform/access.ts.
 *
 * The operator console: `op:<role>` needs a console session of an operator holding that role (or
 * admin) for the request's site or for all sites; `op:any` any role there (the dashboard);
 * `op:self` the same, and also a login that must still set up its required second factor (the
 * operator's own account). Everyone else gets 404: the console does not exist for them.
 */
export type Access = 'public' | 'member' | 'dev' | OperatorAccess;
export type OperatorAccess = 'op:self' | 'op:any' | 'op:admin' | 'op:moderator' | 'op:support' | 'op:finance';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Method, path (`:name` for a path parameter) and access of one endpoint. */
export type Route = readonly [Method, string, Access];

/**
 * The endpoints by feature. Spec §7's `.php` paths are the product's contract: they stay as they
 * are; the rest is plain REST (guide §10).
 */
const table = {
  platform: {
    health: ['GET', '/api/health', 'public'],
    ready: ['GET', '/api/ready', 'public'],
  },
  sites: {
    settings: ['GET', '/api/settings.php', 'public'],
    interests: ['GET', '/api/interests.php', 'public'],
    regions: ['GET', '/api/regions.php', 'public'],
    companyInfo: ['GET', '/api/companyinfo.php', 'public'],
  },
  accounts: {
    user: ['GET', '/api/user.php', 'public'],
    login: ['POST', '/api/user.php', 'public'],
    setLanguage: ['PUT', '/api/user.php', 'member'],
    logout: ['GET', '/api/logout.php', 'public'],
    signup: ['POST', '/api/signup', 'public'],
    resendActivation: ['POST', '/api/activation/resend', 'member'],
    /** The activation link of the e-mail: redirects to a page. */
    activate: ['GET', '/api/activate.php', 'public'],
    requestPasswordReset: ['POST', '/api/password-reset', 'public'],
    resetPassword: ['POST', '/api/password-reset/do', 'public'],
    /** Whether a reset link still works (read-only: the page says so on opening). */
    checkPasswordReset: ['GET', '/api/password-reset/check', 'public'],
    changeEmail: ['POST', '/api/account/email', 'member'],
    confirmEmailChange: ['POST', '/api/account/email/confirm', 'public'],
    changePassword: ['POST', '/api/account/password', 'member'],
    deleteAccount: ['POST', '/api/account/delete', 'member'],
    /** The login link mailed when an address is locked: redirects to a page. */
    loginLink: ['GET', '/api/login-link.php', 'public'],
    /** The reactivation link of the e-mail: redirects to a page. */
    reactivate: ['GET', '/api/reactivate.php', 'public'],
  },
  /** The member's archive of their own data (issue 30 item 1; GDPR Art. 15 and 20). */
  dataExport: {
    status: ['GET', '/api/data-export', 'member'],
    request: ['POST', '/api/data-export', 'member'],
    /** The mailed link: the zip, for its owner only. */
    download: ['GET', '/api/data-export/:id/download', 'member'],
  },
  /**
   * Passkeys (issue 30 item 4): a member's own (listed, added after the password, removed), and the
   * login with one, which names nobody (discoverable credentials) and answers every visitor alike.
   */
  passkeys: {
    list: ['GET', '/api/account/passkeys', 'member'],
    registerOptions: ['POST', '/api/account/passkeys/options', 'member'],
    register: ['POST', '/api/account/passkeys', 'member'],
    remove: ['DELETE', '/api/account/passkeys/:id', 'member'],
    loginOptions: ['POST', '/api/passkey-login/options', 'public'],
    login: ['POST', '/api/passkey-login', 'public'],
  },
  members: {
    featured: ['GET', '/api/members/featured', 'public'],
    signupMatches: ['GET', '/api/signup-matches', 'public'],
    member: ['GET', '/api/members/:id', 'public'],
    block: ['POST', '/api/members/:id/block', 'member'],
    unblock: ['DELETE', '/api/members/:id/block', 'member'],
    search: ['GET', '/api/search', 'public'],
  },
  profiles: {
    own: ['GET', '/api/profile', 'member'],
    update: ['PUT', '/api/profile', 'member'],
    setInvisible: ['PUT', '/api/account/invisible', 'member'],
    geocode: ['GET', '/api/geocode.php', 'member'],
  },
  photos: {
    /** Multipart (field "photo"). */
    upload: ['POST', '/api/photos', 'member'],
    remove: ['DELETE', '/api/photos/:id', 'member'],
    setMain: ['POST', '/api/photos/:id/main', 'member'],
    reorder: ['PUT', '/api/photos/order', 'member'],
  },
  likes: {
    list: ['GET', '/api/likes.php', 'member'],
    like: ['POST', '/api/likes/:id', 'member'],
    unlike: ['DELETE', '/api/likes/:id', 'member'],
    seen: ['POST', '/api/likes/:id/seen', 'member'],
    autoLike: ['GET', '/api/auto-like.php', 'member'],
  },
  discover: {
    swipe: ['GET', '/api/swipe', 'member'],
    swipeLike: ['POST', '/api/swipe/:id/like', 'member'],
    swipePass: ['POST', '/api/swipe/:id/pass', 'member'],
    matchFinder: ['GET', '/api/match-finder', 'member'],
  },
  complaints: {
    file: ['POST', '/api/complaints', 'member'],
  },
  chat: {
    list: ['GET', '/api/chats.php', 'member'],
    send: ['POST', '/api/members/:id/messages', 'member'],
    /** Multipart (field "photo"). */
    sendPhoto: ['POST', '/api/members/:id/photo-messages', 'member'],
    /** A photo message's image (JPEG), for the two members of its conversation. */
    media: ['GET', '/api/chat/media/:message/:variant', 'member'],
    messages: ['GET', '/api/chat/:id/messages', 'member'],
    read: ['POST', '/api/chat/:id/read', 'member'],
    hide: ['DELETE', '/api/chat.php', 'member'],
    /** The last of my messages the partner has read (null: read receipts hidden by either side). */
    readMark: ['GET', '/api/chat/:id/read-mark', 'member'],
    /** Typing and read receipts: the member's two chat privacy settings. */
    privacy: ['GET', '/api/chat/privacy', 'member'],
    updatePrivacy: ['PUT', '/api/chat/privacy', 'member'],
  },
  push: {
    /** Spec §7: stores the browser's push subscription (the query tells it from a login). */
    subscribe: ['POST', '/api/user.php?push=1', 'member'],
    unsubscribe: ['DELETE', '/api/push/subscription', 'member'],
  },
  payments: {
    pricing: ['GET', '/api/pricing', 'public'],
    createOrder: ['POST', '/api/orders', 'member'],
    orders: ['GET', '/api/orders', 'member'],
    order: ['GET', '/api/orders/:id', 'member'],
    syncOrder: ['POST', '/api/orders/:id/sync', 'member'],
    stored: ['GET', '/api/payments/stored', 'member'],
    /** Paid credits and unsettled payments a deletion leaves behind (the deletion form warns). */
    deletionFacts: ['GET', '/api/payments/deletion-facts', 'member'],
    repeatOrder: ['POST', '/api/orders/repeat', 'member'],
    smsCode: ['POST', '/api/direct-debit/code', 'member'],
    directDebit: ['POST', '/api/direct-debit', 'member'],
    discountCode: ['GET', '/api/discountcode.php', 'member'],
    deleteOffer: ['POST', '/api/delete-offer', 'member'],
  },
  mail: {
    /** The member's e-mail notification preferences (spec §3 types). */
    prefs: ['GET', '/api/notifications/mail', 'member'],
    updatePrefs: ['PUT', '/api/notifications/mail', 'member'],
    /** The List-Unsubscribe address opened in a browser: redirects to the confirmation page. */
    unsubscribeLink: ['GET', '/api/mail/unsubscribe', 'public'],
    /** What a signed unsubscribe token stops (the page asks before it changes anything). */
    unsubscribeInfo: ['GET', '/api/mail/unsubscribe/info', 'public'],
    /** RFC 8058 one-click and the page's button: the signed token is the authority (no session, no CSRF). */
    unsubscribe: ['POST', '/api/mail/unsubscribe', 'public'],
  },
  presence: {
    /** Spec §7 beacon: the page became hidden (the member is not looking at the site). */
    pageHidden: ['POST', '/api/page-hidden.php', 'member'],
  },
  mailDelivery: {
    /** Turns e-mail notifications back on (clears notifications_disabled: bounce, fbl, listunsubscribe). */
    enable: ['POST', '/api/notifications/mail/enable', 'member'],
  },
  /** A member's side of moderation: the notices of decisions (statement of reasons) and appeals. */
  moderation: {
    mine: ['GET', '/api/moderation/notices', 'member'],
    /** The token of the mailed link (or the login answer) is the key: no session needed. */
    notice: ['GET', '/api/moderation/notices/:token', 'public'],
    appeal: ['POST', '/api/moderation/notices/:token/appeal', 'public'],
  },
} as const satisfies Record<string, Record<string, Route>>;

/** Method, path and access of each endpoint by group and name: this module's and the console's. */
type Table = typeof table & typeof consoleTable;
/** The table's groups and names, with method, path and access. */
export type EndpointTable = Table;
/** A table of endpoint groups (this module's, console-endpoints.ts's). */
export type RouteTable = Record<string, Record<string, Route>>;
type Schemas = typeof endpointSchemas;

/** One endpoint. `S`: its zod schemas' types (the entry of endpoint-schemas.ts), for types only. */
export interface Endpoint<S = unknown> {
  /** `group.name` in the table. */
  readonly name: string;
  readonly method: Method;
  readonly path: string;
  readonly access: Access;
  /** Never set: carries the types of the endpoint's schemas to `call()` and `route()`. */
  readonly _schemas?: S;
}

type EndpointOf<G extends keyof Table, K extends keyof Table[G]> = Endpoint<
  G extends keyof Schemas ? (K extends keyof Schemas[G] ? Schemas[G][K] : never) : never
> & {
  readonly method: (Table[G][K] & Route)[0];
  readonly path: (Table[G][K] & Route)[1];
  readonly access: (Table[G][K] & Route)[2];
};

/** The endpoints of a table's groups (`T`: this module's table or the console's). */
export type EndpointsOf<T> = {
  readonly [G in keyof T & keyof Table]: { readonly [K in keyof Table[G]]: EndpointOf<G, K> };
};
/** Every endpoint, the console's too. */
export type Endpoints = EndpointsOf<Table>;

/** A table's endpoints, each with its `group.name`. */
export function endpointsOf<T extends RouteTable>(t: T): EndpointsOf<T> {
  return Object.fromEntries(
    Object.entries(t).map(([group, routes]) => [
      group,
      Object.fromEntries(
        Object.entries(routes).map(([name, [method, path, access]]) => [
          name,
          { name: `${group}.${name}`, method, path, access },
        ]),
      ),
    ]),
  ) as EndpointsOf<T>;
}

/**
 * The app's endpoints, by feature: `endpoints.likes.like` is POST /api/likes/:id for members. The
 * operator console's are in console-endpoints.ts: every page's script imports this module, and
 * the console does not exist for members and visitors (not even as a list of its paths).
 */
export const endpoints = endpointsOf(table);

/**
 * Idempotency keys (spec §7: every request retries): a mutating call carries one key per logical
 * action, the same on each of its retries; the server keeps the first answer a day and gives it
 * again instead of acting twice (apps/server/src/platform/idempotency.ts, api/client.ts `api()`).
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

// The types of an endpoint's input and answer, from its schemas.

type SchemasOf<E> = E extends Endpoint<infer S> ? S : never;

/**
 * A query string's fields as the caller passes them: what the schema parses (a number for a
 * coerced number, whose input type would be `unknown`), optional where the schema has a default.
 */
type Wire<I, O> = { [K in keyof I]: unknown extends I[K] ? (K extends keyof O ? O[K] : I[K]) : I[K] };

/** The path parameters (`:id` -> `{ id }`), or undefined. */
export type ParamsOf<E> = SchemasOf<E> extends { params: infer P extends z.ZodType } ? z.input<P> : undefined;
/** The query string, or undefined. */
export type QueryOf<E> =
  SchemasOf<E> extends { querystring: infer Q extends z.ZodType } ? Wire<z.input<Q>, z.output<Q>> : undefined;
/** The body: JSON as the schema accepts it, FormData for a multipart upload, or undefined. */
export type BodyOf<E> =
  SchemasOf<E> extends { consumes: readonly string[] }
    ? FormData
    : SchemasOf<E> extends { body: infer B extends z.ZodType }
      ? z.input<B>
      : undefined;
/** The answer's JSON (its one success status), or undefined for an answer without a body (204). */
export type ResponseOf<E> =
  SchemasOf<E> extends { response: infer R }
    ? R[keyof R] extends infer S extends z.ZodType
      ? z.output<S>
      : never
    : undefined;
