/**
 * The operator console's endpoints (issue 17), declared as endpoints.ts declares the app's: method,
 * path and access (`op:<role>`, see `Access`). A module of their own so that only the console's
 * chunk and the server load them: member and visitor pages never see the console's API.
 */
import { type Endpoint, endpoints, endpointsOf, type RouteTable } from './endpoints.ts';

export const consoleTable = {
  /** The operator console's core: its session, dashboard and audit log (issue 17). */
  adminCore: {
    session: ['GET', '/api/admin/session', 'public'],
    login: ['POST', '/api/admin/session', 'public'],
    logout: ['DELETE', '/api/admin/session', 'public'],
    /** The login's second step: the authenticator app's code (needs the half-done login's cookie). */
    totp: ['POST', '/api/admin/session/totp', 'public'],
    /** The operator's own authenticator app: a new secret to set up, its confirmation, its removal. */
    totpSetup: ['POST', '/api/admin/account/totp/setup', 'op:self'],
    totpEnable: ['POST', '/api/admin/account/totp', 'op:self'],
    totpRemove: ['DELETE', '/api/admin/account/totp', 'op:self'],
    /** The second step with a passkey instead of the code (issue 30 item 4): options, then the answer. */
    passkeyOptions: ['POST', '/api/admin/session/passkey/options', 'public'],
    passkey: ['POST', '/api/admin/session/passkey', 'public'],
    /** The operator's own passkeys on this site: listed, added, removed. */
    passkeys: ['GET', '/api/admin/account/passkeys', 'op:self'],
    passkeyAddOptions: ['POST', '/api/admin/account/passkeys/options', 'op:self'],
    passkeyAdd: ['POST', '/api/admin/account/passkeys', 'op:self'],
    passkeyRemove: ['DELETE', '/api/admin/account/passkeys/:id', 'op:self'],
    dashboard: ['GET', '/api/admin/dashboard', 'op:any'],
    audit: ['GET', '/api/admin/audit', 'op:admin'],
    /** The operators of this site (an admin requires the second factor of one). */
    operators: ['GET', '/api/admin/operators', 'op:admin'],
    requireTotp: ['PUT', '/api/admin/operators/:id/totp-required', 'op:admin'],
  },
  /**
   * The console's sites (issue 17 item 6): only admins of every site (others get 404, the route
   * checks req.operator.globalAdmin).
   */
  adminSites: {
    list: ['GET', '/api/admin/sites', 'op:admin'],
    get: ['GET', '/api/admin/sites/:id', 'op:admin'],
    create: ['POST', '/api/admin/sites', 'op:admin'],
    update: ['PUT', '/api/admin/sites/:id', 'op:admin'],
  },
  /** The console's fictional profiles (admin) and their inbox (support; admin implies it), item 8. */
  adminFictional: {
    list: ['GET', '/api/admin/fictional/profiles', 'op:admin'],
    get: ['GET', '/api/admin/fictional/profiles/:id', 'op:admin'],
    create: ['POST', '/api/admin/fictional/profiles', 'op:admin'],
    update: ['PUT', '/api/admin/fictional/profiles/:id', 'op:admin'],
    /** Multipart (field "photo"). */
    addPhoto: ['POST', '/api/admin/fictional/profiles/:id/photos', 'op:admin'],
    inbox: ['GET', '/api/admin/fictional/inbox', 'op:support'],
    conversation: ['GET', '/api/admin/fictional/inbox/:id', 'op:support'],
    reply: ['POST', '/api/admin/fictional/inbox/:id', 'op:support'],
    /** The operator is typing in the reply box: the member sees the fictional profile typing. */
    typing: ['POST', '/api/admin/fictional/inbox/:id/typing', 'op:support'],
  },
  /**
   * The console's members (issue 17 item 5): looking is for any operator of the site, credit
   * adjustments for finance, ending sessions and turning mail back on for support, starting a
   * deletion for admins.
   */
  adminMembers: {
    search: ['GET', '/api/admin/members', 'op:any'],
    detail: ['GET', '/api/admin/members/:id', 'op:any'],
    ledger: ['GET', '/api/admin/members/:id/ledger', 'op:any'],
    adjustCredits: ['POST', '/api/admin/members/:id/credits', 'op:finance'],
    endSessions: ['POST', '/api/admin/members/:id/end-sessions', 'op:support'],
    enableMail: ['POST', '/api/admin/members/:id/enable-mail', 'op:support'],
    startDeletion: ['POST', '/api/admin/members/:id/deletion', 'op:admin'],
  },
  /** The console's discount codes and orders (issue 17 item 7), for finance. */
  adminPayments: {
    codes: ['GET', '/api/admin/payments/codes', 'op:finance'],
    createCode: ['POST', '/api/admin/payments/codes', 'op:finance'],
    disableCode: ['POST', '/api/admin/payments/codes/:id/disable', 'op:finance'],
    redemptions: ['GET', '/api/admin/payments/codes/:id/redemptions', 'op:finance'],
    orders: ['GET', '/api/admin/payments/orders', 'op:finance'],
    order: ['GET', '/api/admin/payments/orders/:id', 'op:finance'],
    refund: ['POST', '/api/admin/payments/orders/:id/refund', 'op:finance'],
  },
  /**
   * The console's mailings (issue 26 item 13): promotions and news of this site, for admins (no
   * other role sends mail to members): composed, previewed, tested on the operator's own address,
   * scheduled or cancelled, each write audited.
   */
  adminMailings: {
    list: ['GET', '/api/admin/mailings', 'op:admin'],
    get: ['GET', '/api/admin/mailings/:id', 'op:admin'],
    create: ['POST', '/api/admin/mailings', 'op:admin'],
    update: ['PUT', '/api/admin/mailings/:id', 'op:admin'],
    preview: ['GET', '/api/admin/mailings/:id/preview', 'op:admin'],
    test: ['POST', '/api/admin/mailings/:id/test', 'op:admin'],
    schedule: ['POST', '/api/admin/mailings/:id/schedule', 'op:admin'],
    cancel: ['POST', '/api/admin/mailings/:id/cancel', 'op:admin'],
  },
  /** The console's moderation (issue 17 items 3 and 4): photo review, reports, appeals, transparency. */
  adminModeration: {
    photos: ['GET', '/api/admin/moderation/photos', 'op:moderator'],
    decidePhoto: ['POST', '/api/admin/moderation/photos/:id', 'op:moderator'],
    reports: ['GET', '/api/admin/moderation/reports', 'op:moderator'],
    report: ['GET', '/api/admin/moderation/reports/:id', 'op:moderator'],
    decideReport: ['POST', '/api/admin/moderation/reports/:id', 'op:moderator'],
    appeals: ['GET', '/api/admin/moderation/appeals', 'op:moderator'],
    decideAppeal: ['POST', '/api/admin/moderation/appeals/:id', 'op:moderator'],
    transparency: ['GET', '/api/admin/moderation/transparency', 'op:moderator'],
    /** The same figures as a CSV download. */
    transparencyCsv: ['GET', '/api/admin/moderation/transparency.csv', 'op:moderator'],
  },
} as const satisfies RouteTable;

/** The console's endpoints, by feature: `consoleEndpoints.adminCore.login` is POST /api/admin/session. */
export const consoleEndpoints = endpointsOf(consoleTable);

/** Every endpoint, the app's and the console's, in a list (the contract's tests). */
export function allEndpoints(): Endpoint[] {
  return [endpoints, consoleEndpoints].flatMap((table) =>
    Object.values(table).flatMap((group) => Object.values(group) as Endpoint[]),
  );
}
