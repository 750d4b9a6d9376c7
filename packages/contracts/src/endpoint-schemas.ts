/**
 * The zod schemas of every endpoint of endpoints.ts, under the same group and name: what the
 * server validates (params, querystring, body) and answers (response, under its success status;
 * none: 204 No Content or not JSON), with the OpenAPI tags and summary. The server registers each
 * route from here (apps/server/src/platform/endpoint.ts); the browser only reads the types.
 */
import { z } from 'zod';
import {
  checkEmailResponseSchema,
  deleteAccountSchema,
  emailChangeSchema,
  languageUpdateSchema,
  loginRequestSchema,
  passwordChangeSchema,
  passwordResetDoSchema,
  passwordResetRequestSchema,
  signupMatchesQuerySchema,
  signupRequestSchema,
  tokenSchema,
  userResponseSchema,
} from './accounts.ts';
import {
  auditPageSchema,
  auditQuerySchema,
  dashboardSchema,
  operatorListSchema,
  operatorLoginSchema,
  operatorSessionSchema,
  operatorTotpSchema,
  requireTotpSchema,
  totpSetupSchema,
} from './admin.ts';
import {
  adminLedgerPageSchema,
  adminLedgerQuerySchema,
  adminMemberDetailSchema,
  adminMemberPageSchema,
  adminMemberSearchSchema,
  creditAdjustmentResultSchema,
  creditAdjustmentSchema,
  memberActionResultSchema,
  memberActionSchema,
} from './admin-members.ts';
import {
  adminCodePageSchema,
  adminCodeParams,
  adminCodeSchema,
  adminOrderDetailSchema,
  adminOrderPageSchema,
  adminOrderSearchSchema,
  adminPageQuerySchema,
  adminRedemptionPageSchema,
  adminRefundSchema,
  discountCodeCreateSchema,
} from './admin-payments.ts';
import {
  adminFictionalListSchema,
  adminFictionalProfileSchema,
  adminSiteListSchema,
  adminSiteSchema,
  conversationIdParams,
  fictionalProfileInputSchema,
  inboxConversationSchema,
  inboxPageSchema,
  inboxQuerySchema,
  inboxReplySchema,
  profileIdParams,
  siteIdParams,
  siteInputSchema,
} from './admin-sites.ts';
import {
  chatsQuerySchema,
  chatsResponseSchema,
  clientIdSchema,
  messagesPageSchema,
  sendMessageSchema,
  sendResultSchema,
} from './chat.ts';
import type { Endpoint, EndpointTable } from './endpoints.ts';
import { autoLikeSchema, likeResultSchema, likesResponseSchema } from './likes.ts';
import { mailEnableResponseSchema } from './mail-delivery.ts';
import {
  mailPrefsResponseSchema,
  mailPrefsUpdateSchema,
  unsubscribeBodySchema,
  unsubscribeInfoSchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
} from './mail-notifications.ts';
import { featuredMembersSchema, memberListSchema, swipeStateSchema } from './members.ts';
import {
  appealDecisionSchema,
  appealQueueSchema,
  appealSchema,
  decisionViewSchema,
  noticeSchema,
  noticesSchema,
  photoDecisionSchema,
  photoQueueSchema,
  reportDecisionSchema,
  reportDetailSchema,
  reportQueueSchema,
  transparencyQuerySchema,
  transparencySchema,
} from './moderation.ts';
import {
  createOrderBodySchema,
  createOrderResponseSchema,
  directDebitBodySchema,
  discountCodeSchema,
  discountQuerySchema,
  orderDetailSchema,
  ordersPageSchema,
  pricingQuerySchema,
  pricingResponseSchema,
  repeatOrderBodySchema,
  smsCodeRequestSchema,
  smsCodeResponseSchema,
  storedMethodsSchema,
} from './payments.ts';
import {
  complaintSchema,
  geocodeQuerySchema,
  geocodeResponseSchema,
  invisibleSchema,
  memberProfileSchema,
  ownPhotoSchema,
  ownProfileSchema,
  photoOrderSchema,
  profileUpdateSchema,
  searchQuerySchema,
  searchResultSchema,
} from './profiles.ts';
import { pushStateSchema, pushSubscribeSchema, pushUnsubscribeSchema } from './push.ts';
import { FEATURED_LIMIT } from './rules.ts';
import {
  companyInfoSchema,
  regionDataSchema,
  settingsQuerySchema,
  settingsResponseSchema,
} from './settings.ts';
import { healthSchema } from './site.ts';

/** A notice link's token (decision id and signature). */
const tokenParams = z.object({ token: z.string().max(120) });

/** The schema part of a route's options (Fastify's `schema`, with zod schemas). */
export interface RouteSchema {
  tags: string[];
  summary?: string;
  /** `['multipart/form-data']` for an upload: its body is read by the handler, not by a schema. */
  consumes?: string[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** The answer under its one success status (200, 201 or 202). */
  response?: { [status: number]: z.ZodType };
}

/** A group's entries, each with the group's OpenAPI tags. */
function tagged<T extends Record<string, Omit<RouteSchema, 'tags'>>>(
  tags: string[],
  entries: T,
): { [K in keyof T]: T[K] & { tags: string[] } } {
  return Object.fromEntries(Object.entries(entries).map(([name, e]) => [name, { tags, ...e }])) as {
    [K in keyof T]: T[K] & { tags: string[] };
  };
}

/** A member's or a record's id in a path (anything longer than 64 is no id of ours). */
const idParams = z.object({ id: z.string().max(64) });
/** The swipe game's ids are checked as UUIDs. */
const uuidParams = z.object({ id: z.string().uuid() });
/** A token from a mailed link (activation, login link, reactivation); none is an invalid one. */
const linkQuery = z.object({ token: z.string().max(200).default('') });
const blockedSchema = z.object({ blocked: z.boolean() });

export const endpointSchemas = {
  platform: tagged(['platform'], {
    health: { response: { 200: healthSchema } },
  }),

  sites: tagged(['sites'], {
    settings: {
      summary: 'Settings of the site serving the host (or the forced-domain query value)',
      querystring: settingsQuerySchema,
      response: { 200: settingsResponseSchema },
    },
    interests: { response: { 200: z.object({ interests: z.array(z.string()) }) } },
    regions: { response: { 200: z.object({ region_data: regionDataSchema }) } },
    companyInfo: { response: { 200: companyInfoSchema } },
  }),

  accounts: tagged(['accounts'], {
    user: { summary: 'The logged-in member (or null)', response: { 200: userResponseSchema } },
    login: { summary: 'Log in', body: loginRequestSchema, response: { 200: userResponseSchema } },
    setLanguage: {
      summary: 'Change the language',
      body: languageUpdateSchema,
      response: { 200: userResponseSchema },
    },
    logout: { summary: 'Log out', response: { 200: userResponseSchema } },
    signup: {
      summary: 'Sign up (answers the same whether or not the address has an account)',
      body: signupRequestSchema,
      response: { 202: checkEmailResponseSchema },
    },
    resendActivation: {
      summary: 'Send the activation mail again',
      response: { 202: checkEmailResponseSchema },
    },
    activate: { summary: 'Activation link from the e-mail', querystring: linkQuery },
    requestPasswordReset: {
      summary: 'Mail a password reset link (same answer for every address)',
      body: passwordResetRequestSchema,
      response: { 202: checkEmailResponseSchema },
    },
    resetPassword: { summary: 'Set a new password from a reset link', body: passwordResetDoSchema },
    checkPasswordReset: {
      summary: 'Whether a password reset link is still usable (reads only; the link stays usable)',
      querystring: linkQuery,
      response: { 200: z.object({ valid: z.boolean() }) },
    },
    changeEmail: {
      summary: 'Change the e-mail address (confirmed from the new mailbox)',
      body: emailChangeSchema,
      response: { 202: checkEmailResponseSchema },
    },
    confirmEmailChange: {
      summary: 'Confirm a new e-mail address',
      body: tokenSchema,
      response: { 200: userResponseSchema },
    },
    changePassword: { summary: 'Change the password (other sessions end)', body: passwordChangeSchema },
    deleteAccount: {
      summary: 'Delete the account (reactivation possible for 14 days)',
      body: deleteAccountSchema,
    },
    loginLink: { summary: 'Login link mailed when an address is locked', querystring: linkQuery },
    reactivate: { summary: 'Reactivation link from the e-mail', querystring: linkQuery },
  }),

  members: tagged(['members'], {
    featured: {
      summary: 'Recently active members for the public home page',
      querystring: z.object({ limit: z.coerce.number().int().min(1).max(24).default(FEATURED_LIMIT) }),
      response: { 200: featuredMembersSchema },
    },
    signupMatches: {
      summary: 'Members who fit a profile that was just signed up',
      querystring: signupMatchesQuerySchema,
      response: { 200: featuredMembersSchema },
    },
    member: { params: idParams, response: { 200: memberProfileSchema } },
    block: { params: idParams, response: { 200: blockedSchema } },
    unblock: { params: idParams, response: { 200: blockedSchema } },
    search: {
      summary: 'Search members, most recently active first, page by page (cursor)',
      querystring: searchQuerySchema,
      response: { 200: searchResultSchema },
    },
  }),

  profiles: tagged(['profiles'], {
    own: { response: { 200: ownProfileSchema } },
    update: { body: profileUpdateSchema, response: { 200: ownProfileSchema } },
    setInvisible: { body: invisibleSchema, response: { 200: ownProfileSchema } },
    geocode: {
      summary: 'Country, region and city for a position (offline; the position is not stored)',
      querystring: geocodeQuerySchema,
      response: { 200: geocodeResponseSchema },
    },
  }),

  photos: tagged(['photos'], {
    upload: {
      summary: 'Upload a photo (multipart field "photo")',
      consumes: ['multipart/form-data'],
      response: { 201: ownPhotoSchema },
    },
    remove: { params: idParams, response: { 200: ownProfileSchema } },
    setMain: { params: idParams, response: { 200: ownProfileSchema } },
    reorder: { body: photoOrderSchema, response: { 200: ownProfileSchema } },
  }),

  likes: tagged(['likes'], {
    list: { response: { 200: likesResponseSchema } },
    like: { params: idParams, response: { 200: likeResultSchema } },
    unlike: { params: idParams, response: { 200: likeResultSchema } },
    seen: { summary: "Clear a received like's new flag (its profile was opened)", params: idParams },
    autoLike: { response: { 200: autoLikeSchema } },
  }),

  discover: tagged(['discover'], {
    swipe: { response: { 200: swipeStateSchema } },
    swipeLike: { params: uuidParams, response: { 200: likeResultSchema } },
    swipePass: { params: uuidParams },
    matchFinder: { response: { 200: memberListSchema } },
  }),

  complaints: tagged(['members'], {
    file: { body: complaintSchema, response: { 201: z.object({ id: z.string() }) } },
  }),

  chat: tagged(['chat'], {
    list: { querystring: chatsQuerySchema, response: { 200: chatsResponseSchema } },
    send: { params: idParams, body: sendMessageSchema, response: { 200: sendResultSchema } },
    sendPhoto: {
      summary: 'Send a photo (multipart field "photo"; premium members, costs photo_credits)',
      consumes: ['multipart/form-data'],
      params: idParams,
      querystring: z.object({ client_id: clientIdSchema }),
      response: { 200: sendResultSchema },
    },
    media: {
      summary: 'The image of a photo message (members of its conversation only)',
      params: z.object({ message: z.coerce.number().int().positive(), variant: z.enum(['l', 't']) }),
    },
    messages: {
      params: idParams,
      querystring: z.object({ after: z.coerce.number().int().min(0).default(0) }),
      response: { 200: messagesPageSchema },
    },
    read: { params: idParams },
    hide: {
      summary: 'Remove a conversation from my list',
      querystring: z.object({ id: z.string().max(64) }),
    },
  }),

  payments: tagged(['payments'], {
    pricing: {
      summary: "Packages, prices and payment methods for the requester's country (with ?code=, discounted)",
      querystring: pricingQuerySchema,
      response: { 200: pricingResponseSchema },
    },
    createOrder: {
      summary: 'Start buying a package: the order and the checkout to go to',
      body: createOrderBodySchema,
      response: { 201: createOrderResponseSchema },
    },
    orders: {
      summary: "The member's orders, newest first",
      querystring: z.object({ cursor: z.string().max(200).optional() }),
      response: { 200: ordersPageSchema },
    },
    order: { summary: 'One order of the member', params: idParams, response: { 200: orderDetailSchema } },
    syncOrder: {
      summary: 'Ask the provider how an order stands (the return page; webhooks may come later)',
      params: idParams,
      response: { 200: orderDetailSchema },
    },
    stored: {
      summary: "The member's stored card and direct-debit mandate",
      response: { 200: storedMethodsSchema },
    },
    repeatOrder: {
      summary: 'Buy a package with the stored card (one confirmation, no checkout)',
      body: repeatOrderBodySchema,
      response: { 200: orderDetailSchema },
    },
    smsCode: {
      summary: 'Send the one-time code of the direct-debit form by SMS',
      body: smsCodeRequestSchema,
      response: { 202: smsCodeResponseSchema },
    },
    directDebit: {
      summary: 'Pay a package by SEPA direct debit (a one-time mandate confirmed with the SMS code)',
      body: directDebitBodySchema,
      response: { 201: orderDetailSchema },
    },
    discountCode: {
      summary: "A discount code by its code, or the member's welcome code (welcome=true)",
      querystring: discountQuerySchema,
      response: { 200: discountCodeSchema },
    },
    deleteOffer: {
      summary:
        'The personal code offered to a member who starts deleting the account (site setting delete_discount)',
      response: { 200: discountCodeSchema },
    },
  }),

  push: tagged(['notifications'], {
    subscribe: {
      summary: "Store this browser's push subscription (one member may have several devices)",
      body: pushSubscribeSchema,
      response: { 200: pushStateSchema },
    },
    unsubscribe: {
      summary: "Forget this browser's push subscription",
      body: pushUnsubscribeSchema,
      response: { 200: pushStateSchema },
    },
  }),

  mail: tagged(['notifications'], {
    prefs: { summary: 'E-mail notification preferences', response: { 200: mailPrefsResponseSchema } },
    updatePrefs: {
      summary: 'Switch e-mail notification types on or off',
      body: mailPrefsUpdateSchema,
      response: { 200: mailPrefsResponseSchema },
    },
    unsubscribeLink: {
      summary: 'List-Unsubscribe address opened in a browser (redirects to the page; changes nothing)',
      querystring: unsubscribeQuerySchema,
    },
    unsubscribeInfo: {
      summary: 'What an unsubscribe token would stop',
      querystring: unsubscribeQuerySchema,
      response: { 200: unsubscribeInfoSchema },
    },
    unsubscribe: {
      summary: 'Unsubscribe (RFC 8058 one-click, or every notification mail with all=true)',
      querystring: unsubscribeQuerySchema,
      body: unsubscribeBodySchema,
      response: { 200: unsubscribeResultSchema },
    },
  }),

  presence: tagged(['notifications'], {
    pageHidden: { summary: 'Beacon: the page became hidden', body: z.object({}).passthrough().optional() },
  }),

  mailDelivery: tagged(['notifications'], {
    enable: {
      summary:
        'Turn e-mail notifications back on (after a bounce, a spam complaint or an unsubscribe from all)',
      response: { 200: mailEnableResponseSchema },
    },
  }),

  adminCore: tagged(['admin'], {
    session: {
      summary: 'The console session (operator or null, and what the login still needs)',
      response: { 200: operatorSessionSchema },
    },
    login: {
      summary: 'Console login (e-mail and password)',
      body: operatorLoginSchema,
      response: { 200: operatorSessionSchema },
    },
    logout: { summary: 'Console logout', response: { 200: operatorSessionSchema } },
    totp: {
      summary: "Console login's second step (the authenticator app's 6-digit code)",
      body: operatorTotpSchema,
      response: { 200: operatorSessionSchema },
    },
    totpSetup: {
      summary: 'A new authenticator secret to set up (pending until confirmed)',
      response: { 200: totpSetupSchema },
    },
    totpEnable: {
      summary: 'Confirm the authenticator app with a code',
      body: operatorTotpSchema,
      response: { 200: operatorSessionSchema },
    },
    totpRemove: {
      summary: 'Remove the authenticator app (unless required)',
      response: { 200: operatorSessionSchema },
    },
    dashboard: { summary: 'What waits for the operators of this site', response: { 200: dashboardSchema } },
    audit: {
      summary: 'The audit log of operator actions (newest first)',
      querystring: auditQuerySchema,
      response: { 200: auditPageSchema },
    },
    operators: { summary: 'Operators with a role on this site', response: { 200: operatorListSchema } },
    requireTotp: {
      summary: "Require (or stop requiring) an operator's second factor",
      params: idParams,
      body: requireTotpSchema,
      response: { 200: operatorListSchema },
    },
  }),

  adminSites: tagged(['admin'], {
    list: { summary: 'Every site (admins of every site)', response: { 200: adminSiteListSchema } },
    get: {
      summary: 'A site with all its settings',
      params: siteIdParams,
      response: { 200: adminSiteSchema },
    },
    create: {
      summary: 'Create a site (settings checked by siteConfigSchema; serves at once on every instance)',
      body: siteInputSchema,
      response: { 200: adminSiteSchema },
    },
    update: {
      summary: 'Change a site (domain, aliases, settings); audited with before and after',
      params: siteIdParams,
      body: siteInputSchema,
      response: { 200: adminSiteSchema },
    },
  }),
  adminFictional: tagged(['admin'], {
    list: { summary: 'The fictional profiles of this site', response: { 200: adminFictionalListSchema } },
    get: {
      summary: 'A fictional profile',
      params: profileIdParams,
      response: { 200: adminFictionalProfileSchema },
    },
    create: {
      summary: 'Create a fictional profile',
      body: fictionalProfileInputSchema,
      response: { 200: adminFictionalProfileSchema },
    },
    update: {
      summary: 'Edit a fictional profile (its mark stays while it has conversations)',
      params: profileIdParams,
      body: fictionalProfileInputSchema,
      response: { 200: adminFictionalProfileSchema },
    },
    addPhoto: {
      summary: 'Add a photo to a fictional profile (multipart field "photo")',
      consumes: ['multipart/form-data'],
      params: profileIdParams,
      response: { 200: adminFictionalProfileSchema },
    },
    inbox: {
      summary: 'Members’ conversations with fictional profiles: unanswered first, newest first',
      querystring: inboxQuerySchema,
      response: { 200: inboxPageSchema },
    },
    conversation: {
      summary: 'One conversation of the inbox',
      params: conversationIdParams,
      response: { 200: inboxConversationSchema },
    },
    reply: {
      summary: 'Answer as the fictional profile (the chat’s own send; the operator is recorded)',
      params: conversationIdParams,
      body: inboxReplySchema,
      response: { 200: inboxConversationSchema },
    },
  }),
  adminMembers: tagged(['admin'], {
    search: {
      summary: 'Members of this site by e-mail (or its start), name or id, newest first',
      querystring: adminMemberSearchSchema,
      response: { 200: adminMemberPageSchema },
    },
    detail: {
      summary: 'A member: profile, photos, reports about and by them, orders',
      params: idParams,
      response: { 200: adminMemberDetailSchema },
    },
    ledger: {
      summary: "A member's credits ledger, newest first",
      params: idParams,
      querystring: adminLedgerQuerySchema,
      response: { 200: adminLedgerPageSchema },
    },
    adjustCredits: {
      summary: 'Adjust credits with a reason: a ledger entry adjust:<id>, never overdrawing; audited',
      params: idParams,
      body: creditAdjustmentSchema,
      response: { 200: creditAdjustmentResultSchema },
    },
    endSessions: {
      summary: 'End every session of the member (sockets closed); audited',
      params: idParams,
      body: memberActionSchema,
      response: { 200: memberActionResultSchema },
    },
    enableMail: {
      summary: "Turn the member's e-mail back on (after bounces or complaints); audited",
      params: idParams,
      body: memberActionSchema,
      response: { 200: memberActionResultSchema },
    },
    startDeletion: {
      summary: "Start the member's 14-day deletion; audited",
      params: idParams,
      body: memberActionSchema,
      response: { 200: memberActionResultSchema },
    },
  }),
  adminPayments: tagged(['admin'], {
    codes: {
      summary: "This site's discount codes with their redemption counts",
      querystring: adminPageQuerySchema,
      response: { 200: adminCodePageSchema },
    },
    createCode: {
      summary: 'Create a discount code; audited',
      body: discountCodeCreateSchema,
      response: { 201: adminCodeSchema },
    },
    disableCode: {
      summary: 'Disable a discount code; audited',
      params: adminCodeParams,
      response: { 200: adminCodeSchema },
    },
    redemptions: {
      summary: "A code's redemptions: member, order, date",
      params: adminCodeParams,
      querystring: adminPageQuerySchema,
      response: { 200: adminRedemptionPageSchema },
    },
    orders: {
      summary: "This site's orders by order id, member id or e-mail",
      querystring: adminOrderSearchSchema,
      response: { 200: adminOrderPageSchema },
    },
    order: {
      summary: 'An order with its status history and what may still be refunded',
      params: idParams,
      response: { 200: adminOrderDetailSchema },
    },
    refund: {
      summary: 'Refund an order through the provider (all or part); the ledger reverses; audited',
      params: idParams,
      body: adminRefundSchema,
      response: { 200: adminOrderDetailSchema },
    },
  }),
  moderation: tagged(['moderation'], {
    mine: {
      summary: 'The member’s own restrictions of the last six months',
      response: { 200: noticesSchema },
    },
    notice: {
      summary: 'A statement of reasons (by the token of its link)',
      params: tokenParams,
      response: { 200: noticeSchema },
    },
    appeal: {
      summary: 'Appeal a decision (once, within six months)',
      params: tokenParams,
      body: appealSchema,
      response: { 200: noticeSchema },
    },
  }),

  adminModeration: tagged(['admin'], {
    photos: { summary: 'Photos to review, oldest first', response: { 200: photoQueueSchema } },
    decidePhoto: {
      summary: 'Approve or reject a photo (with a reason)',
      params: idParams,
      body: photoDecisionSchema,
      response: { 200: decisionViewSchema },
    },
    reports: { summary: 'Open reports, oldest first', response: { 200: reportQueueSchema } },
    report: {
      summary: 'A report with the reported member',
      params: idParams,
      response: { 200: reportDetailSchema },
    },
    decideReport: {
      summary: 'Decide a report: dismiss, remove a photo, hide the profile, suspend, ban',
      params: idParams,
      body: reportDecisionSchema,
      response: { 200: decisionViewSchema },
    },
    appeals: { summary: 'Open appeals, oldest first', response: { 200: appealQueueSchema } },
    decideAppeal: {
      summary: 'Uphold or reverse a decision (another moderator than its author)',
      params: idParams,
      body: appealDecisionSchema,
      response: { 200: z.object({ status: z.enum(['open', 'upheld', 'reversed']) }) },
    },
    transparency: {
      summary: 'Transparency figures for a date range',
      querystring: transparencyQuerySchema,
      response: { 200: transparencySchema },
    },
    transparencyCsv: { summary: 'Transparency figures as CSV', querystring: transparencyQuerySchema },
  }),
} satisfies { [G in keyof EndpointTable]: { [K in keyof EndpointTable[G]]: RouteSchema } };

/** The schemas of one endpoint (by its `group.name`). */
export function schemaOf(endpoint: Pick<Endpoint, 'name'>): RouteSchema {
  const [group = '', name = ''] = endpoint.name.split('.');
  const entry = (endpointSchemas as Record<string, Record<string, RouteSchema>>)[group]?.[name];
  if (!entry) throw new Error(`no schemas for endpoint ${endpoint.name}`);
  return entry;
}
