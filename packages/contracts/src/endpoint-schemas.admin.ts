/**
 * The zod schemas of the operator console's endpoints (the groups `admin*`), all under the OpenAPI
 * tag `admin`; endpoint-schemas.ts joins them with the app's.
 */
import { z } from 'zod';
import {
  auditPageSchema,
  auditQuerySchema,
  consoleListQuerySchema,
  dashboardSchema,
  operatorListSchema,
  operatorLoginSchema,
  operatorSessionSchema,
  operatorTotpSchema,
  requireTotpSchema,
  totpSetupSchema,
} from './admin.ts';
import {
  mailingDetailSchema,
  mailingInputSchema,
  mailingLanguageQuerySchema,
  mailingListQuerySchema,
  mailingPageSchema,
  mailingPreviewSchema,
  mailingScheduleSchema,
  mailingTestResultSchema,
  mailingTestSchema,
} from './admin-mailings.ts';
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
  appealDecisionSchema,
  appealQueueSchema,
  decisionViewSchema,
  photoDecisionSchema,
  photoQueueSchema,
  reportDecisionSchema,
  reportDetailSchema,
  reportQueueSchema,
  transparencyQuerySchema,
  transparencySchema,
} from './moderation.ts';
import {
  passkeyLoginSchema,
  passkeyRegisterSchema,
  passkeysSchema,
  webauthnOptionsResponseSchema,
} from './passkeys.ts';
import { answering, done, type Entry, idParams, tagged } from './route-schema.ts';

/** A console group: its entries under the tag `admin`. */
const admin = <T extends Record<string, Entry>>(entries: T) => tagged(['admin'], entries);

// The answers several endpoints share.
const session = answering(operatorSessionSchema);
const operators = answering(operatorListSchema);
const site = answering(adminSiteSchema);
const fictional = answering(adminFictionalProfileSchema);
const inboxConversation = answering(inboxConversationSchema);
const code = answering(adminCodeSchema);
const adminOrder = answering(adminOrderDetailSchema);
const decision = answering(decisionViewSchema);
const mailing = answering(mailingDetailSchema);
const mailingMade = answering(mailingDetailSchema, 201);
const mailingId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** An action on a member of the console (with the operator's reason), audited. */
const memberAction = (summary: string) =>
  answering(memberActionResultSchema)({ summary, params: idParams, body: memberActionSchema });

export const adminEndpointSchemas = {
  adminCore: admin({
    session: session({ summary: 'The console session (operator or null, and what the login still needs)' }),
    login: session({ summary: 'Console login (e-mail and password)', body: operatorLoginSchema }),
    logout: session({ summary: 'Console logout' }),
    totp: session({
      summary: "Console login's second step (the authenticator app's 6-digit code)",
      body: operatorTotpSchema,
    }),
    totpSetup: {
      summary: 'A new authenticator secret to set up (pending until confirmed)',
      response: { 200: totpSetupSchema },
    },
    totpEnable: session({ summary: 'Confirm the authenticator app with a code', body: operatorTotpSchema }),
    totpRemove: session({ summary: 'Remove the authenticator app (unless required)' }),
    passkeyOptions: answering(webauthnOptionsResponseSchema)({
      summary: "Console login's second step with a passkey: options (the operator's passkeys here)",
    }),
    passkey: session({
      summary: "Console login's second step: the passkey's answer",
      body: passkeyLoginSchema,
    }),
    passkeys: answering(passkeysSchema)({ summary: "The operator's passkeys on this site" }),
    passkeyAddOptions: answering(webauthnOptionsResponseSchema)({ summary: 'Options to create a passkey' }),
    passkeyAdd: answering(passkeysSchema)({
      summary: 'Add the passkey the browser created (a second factor from now on)',
      body: passkeyRegisterSchema,
    }),
    passkeyRemove: answering(passkeysSchema)({
      summary: 'Remove a passkey (not the last second factor an admin requires)',
      params: idParams,
    }),
    dashboard: { summary: 'What waits for the operators of this site', response: { 200: dashboardSchema } },
    audit: {
      summary: 'The audit log of operator actions (newest first)',
      querystring: auditQuerySchema,
      response: { 200: auditPageSchema },
    },
    operators: operators({ summary: 'Operators with a role on this site' }),
    requireTotp: operators({
      summary: "Require (or stop requiring) an operator's second factor",
      params: idParams,
      body: requireTotpSchema,
    }),
  }),

  adminSites: admin({
    list: { summary: 'Every site (admins of every site)', response: { 200: adminSiteListSchema } },
    get: site({ summary: 'A site with all its settings', params: siteIdParams }),
    create: site({
      summary: 'Create a site (settings checked by siteConfigSchema; serves at once on every instance)',
      body: siteInputSchema,
    }),
    update: site({
      summary: 'Change a site (domain, aliases, settings); audited with before and after',
      params: siteIdParams,
      body: siteInputSchema,
    }),
  }),

  adminFictional: admin({
    list: { summary: 'The fictional profiles of this site', response: { 200: adminFictionalListSchema } },
    get: fictional({ summary: 'A fictional profile', params: profileIdParams }),
    create: fictional({ summary: 'Create a fictional profile', body: fictionalProfileInputSchema }),
    update: fictional({
      summary: 'Edit a fictional profile (its mark stays while it has conversations)',
      params: profileIdParams,
      body: fictionalProfileInputSchema,
    }),
    addPhoto: fictional({
      summary: 'Add a photo to a fictional profile (multipart field "photo")',
      consumes: ['multipart/form-data'],
      params: profileIdParams,
    }),
    inbox: {
      summary: 'Members’ conversations with fictional profiles: unanswered first, newest first',
      querystring: inboxQuerySchema,
      response: { 200: inboxPageSchema },
    },
    conversation: inboxConversation({
      summary: 'One conversation of the inbox',
      params: conversationIdParams,
    }),
    reply: inboxConversation({
      summary: 'Answer as the fictional profile (the chat’s own send; the operator is recorded)',
      params: conversationIdParams,
      body: inboxReplySchema,
    }),
    typing: done({
      summary: 'The operator is typing an answer: the member sees the fictional profile typing (not stored)',
      params: conversationIdParams,
    }),
  }),

  adminMembers: admin({
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
    endSessions: memberAction('End every session of the member (sockets closed); audited'),
    enableMail: memberAction("Turn the member's e-mail back on (after bounces or complaints); audited"),
    startDeletion: memberAction("Start the member's 14-day deletion; audited"),
  }),

  adminPayments: admin({
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
    disableCode: code({ summary: 'Disable a discount code; audited', params: adminCodeParams }),
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
    order: adminOrder({
      summary: 'An order with its status history and what may still be refunded',
      params: idParams,
    }),
    refund: adminOrder({
      summary: 'Refund an order through the provider (all or part); the ledger reverses; audited',
      params: idParams,
      body: adminRefundSchema,
    }),
  }),

  adminMailings: admin({
    list: {
      summary: "This site's mailings (promotions and news), newest first, with what became of them",
      querystring: mailingListQuerySchema,
      response: { 200: mailingPageSchema },
    },
    get: mailing({ summary: 'A mailing with its texts, counts and audience', params: mailingId }),
    create: mailingMade({
      summary: 'Create a mailing (a draft); audited',
      body: mailingInputSchema,
    }),
    update: mailing({
      summary: 'Change a draft or scheduled mailing; audited',
      params: mailingId,
      body: mailingInputSchema,
    }),
    preview: {
      summary: 'The mail as a member reading this language gets it (the real template)',
      params: mailingId,
      querystring: mailingLanguageQuerySchema,
      response: { 200: mailingPreviewSchema },
    },
    test: {
      summary: "Send the mail to the operator's own address (a few a day); audited",
      params: mailingId,
      body: mailingTestSchema,
      response: { 200: mailingTestResultSchema },
    },
    schedule: mailing({
      summary: 'Send at a time to come, or now (null); audited',
      params: mailingId,
      body: mailingScheduleSchema,
    }),
    cancel: mailing({
      summary: 'Cancel a mailing not sent yet (or stop one sending); audited',
      params: mailingId,
    }),
  }),

  adminModeration: admin({
    photos: {
      summary: 'Photos to review, oldest first, a page of 50 with the count',
      querystring: consoleListQuerySchema,
      response: { 200: photoQueueSchema },
    },
    decidePhoto: decision({
      summary: 'Approve or reject a photo (with a reason)',
      params: idParams,
      body: photoDecisionSchema,
    }),
    reports: {
      summary: 'Open and in-review reports, oldest first, a page of 50 with the count',
      querystring: consoleListQuerySchema,
      response: { 200: reportQueueSchema },
    },
    report: {
      summary: 'A report with the reported member',
      params: idParams,
      response: { 200: reportDetailSchema },
    },
    decideReport: decision({
      summary: 'Decide a report: dismiss, remove a photo, hide the profile, suspend, ban',
      params: idParams,
      body: reportDecisionSchema,
    }),
    appeals: {
      summary: 'Open appeals, oldest first, a page of 50 with the count',
      querystring: consoleListQuerySchema,
      response: { 200: appealQueueSchema },
    },
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
};
