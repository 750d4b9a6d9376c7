/**
 * The zod schemas of the endpoints visitors and members call (the console's are in
 * endpoint-schemas.admin.ts); endpoint-schemas.ts joins the two.
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
import { chatEndpointSchemas } from './endpoint-schemas.chat.ts';
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
import { appealSchema, noticeSchema, noticesSchema } from './moderation.ts';
import {
  createOrderBodySchema,
  createOrderResponseSchema,
  deletionFactsSchema,
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
import { answering, done, idParams, tagged } from './route-schema.ts';
import { FEATURED_LIMIT } from './rules.ts';
import {
  companyInfoSchema,
  regionDataSchema,
  settingsQuerySchema,
  settingsResponseSchema,
} from './settings.ts';
import { healthSchema, readySchema } from './site.ts';

/** The swipe game's ids are checked as UUIDs. */
const uuidParams = z.object({ id: z.string().uuid() });
/** A notice link's token (decision id and signature). */
const tokenParams = z.object({ token: z.string().max(120) });
/** A token from a mailed link (activation, login link, reactivation); none is an invalid one. */
const linkQuery = z.object({ token: z.string().max(200).default('') });
/** A mailed link (activation, login link, reactivation): it redirects to a page, no JSON. */
const mailedLink = (summary: string) => ({ summary, querystring: linkQuery });

// The answers several endpoints share.
const user = answering(userResponseSchema);
const mailSent = answering(checkEmailResponseSchema, 202);
const featured = answering(featuredMembersSchema);
const blocked = answering(z.object({ blocked: z.boolean() }));
const ownProfile = answering(ownProfileSchema);
const likeResult = answering(likeResultSchema);
const order = answering(orderDetailSchema);
const discountCode = answering(discountCodeSchema);
const pushState = answering(pushStateSchema);
const mailPrefs = answering(mailPrefsResponseSchema);
const notice = answering(noticeSchema);

export const appEndpointSchemas = {
  ...chatEndpointSchemas,
  platform: tagged(['platform'], {
    health: {
      summary: 'Liveness: whether the server process answers (200)',
      response: { 200: healthSchema },
    },
    ready: {
      summary:
        'Readiness: whether the database, Redis (when configured) and the media store answer (503 when the database or the media store does not)',
      response: { 200: readySchema, 503: readySchema },
    },
  }),

  sites: tagged(['sites'], {
    settings: {
      summary: 'Settings of the site serving the host (or the forced-domain query value)',
      querystring: settingsQuerySchema,
      response: { 200: settingsResponseSchema },
    },
    interests: {
      summary: 'The interests a profile may choose from',
      response: { 200: z.object({ interests: z.array(z.string()) }) },
    },
    regions: {
      summary: 'The regions of the site’s countries (profile and search)',
      response: { 200: z.object({ region_data: regionDataSchema }) },
    },
    companyInfo: {
      summary: 'The company operating the site (imprint, legal pages)',
      response: { 200: companyInfoSchema },
    },
  }),

  accounts: tagged(['accounts'], {
    user: user({ summary: 'The logged-in member (or null)' }),
    login: user({ summary: 'Log in', body: loginRequestSchema }),
    setLanguage: user({ summary: 'Change the language', body: languageUpdateSchema }),
    logout: user({ summary: 'Log out' }),
    signup: mailSent({
      summary: 'Sign up (answers the same whether or not the address has an account)',
      body: signupRequestSchema,
    }),
    resendActivation: mailSent({ summary: 'Send the activation mail again' }),
    activate: mailedLink('Activation link from the e-mail'),
    requestPasswordReset: mailSent({
      summary: 'Mail a password reset link (same answer for every address)',
      body: passwordResetRequestSchema,
    }),
    resetPassword: done({
      summary: 'Set a new password from a reset link',
      body: passwordResetDoSchema,
    }),
    checkPasswordReset: {
      summary: 'Whether a password reset link is still usable (reads only; the link stays usable)',
      querystring: linkQuery,
      response: { 200: z.object({ valid: z.boolean() }) },
    },
    changeEmail: mailSent({
      summary: 'Change the e-mail address (confirmed from the new mailbox)',
      body: emailChangeSchema,
    }),
    confirmEmailChange: user({ summary: 'Confirm a new e-mail address', body: tokenSchema }),
    changePassword: done({
      summary: 'Change the password (other sessions end)',
      body: passwordChangeSchema,
    }),
    deleteAccount: done({
      summary: 'Delete the account (reactivation possible for 14 days)',
      body: deleteAccountSchema,
    }),
    loginLink: mailedLink('Login link mailed when an address is locked'),
    reactivate: mailedLink('Reactivation link from the e-mail'),
  }),

  members: tagged(['members'], {
    featured: featured({
      summary: 'Recently active members for the public home page',
      querystring: z.object({ limit: z.coerce.number().int().min(1).max(24).default(FEATURED_LIMIT) }),
    }),
    signupMatches: featured({
      summary: 'Members who fit a profile that was just signed up',
      querystring: signupMatchesQuerySchema,
    }),
    member: {
      summary: 'A member’s profile as the viewer may see it',
      params: idParams,
      response: { 200: memberProfileSchema },
    },
    block: blocked({ summary: 'Block a member', params: idParams }),
    unblock: blocked({ summary: 'Unblock a member', params: idParams }),
    search: {
      summary: 'Search members, most recently active first, page by page (cursor)',
      querystring: searchQuerySchema,
      response: { 200: searchResultSchema },
    },
  }),

  profiles: tagged(['profiles'], {
    own: ownProfile({ summary: 'The own profile, with every photo' }),
    update: ownProfile({ summary: 'Change the own profile', body: profileUpdateSchema }),
    setInvisible: ownProfile({ summary: 'Browse invisibly (premium) or visibly', body: invisibleSchema }),
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
    remove: ownProfile({ summary: 'Delete one of the own photos', params: idParams }),
    setMain: ownProfile({ summary: 'Make a photo the main one', params: idParams }),
    reorder: ownProfile({ summary: 'Put the own photos in a new order', body: photoOrderSchema }),
  }),

  likes: tagged(['likes'], {
    list: { summary: 'Likes given and received, and matches', response: { 200: likesResponseSchema } },
    like: likeResult({ summary: 'Like a member (a match when they liked back)', params: idParams }),
    unlike: likeResult({ summary: 'Take a like back', params: idParams }),
    seen: done({
      summary: "Clear a received like's new flag (its profile was opened)",
      params: idParams,
    }),
    autoLike: {
      summary: 'A like from a fictional profile due now, if any',
      response: { 200: autoLikeSchema },
    },
  }),

  discover: tagged(['discover'], {
    swipe: { summary: 'Cards to swipe and the likes left today', response: { 200: swipeStateSchema } },
    swipeLike: likeResult({ summary: 'Like the card shown', params: uuidParams }),
    swipePass: done({
      summary: 'Pass on the card shown (not shown again)',
      params: uuidParams,
    }),
    matchFinder: { summary: 'Members who may suit the viewer', response: { 200: memberListSchema } },
  }),

  complaints: tagged(['members'], {
    file: {
      summary: 'Report a member or the site (the reporter gets a receipt and later the outcome)',
      body: complaintSchema,
      response: { 201: z.object({ id: z.string() }) },
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
    order: order({ summary: 'One order of the member', params: idParams }),
    syncOrder: order({
      summary: 'Ask the provider how an order stands (the return page; webhooks may come later)',
      params: idParams,
    }),
    stored: {
      summary: "The member's stored card and direct-debit mandate",
      response: { 200: storedMethodsSchema },
    },
    deletionFacts: {
      summary: 'What a deletion loses: paid credits, pending payments',
      response: { 200: deletionFactsSchema },
    },
    repeatOrder: order({
      summary: 'Buy a package with the stored card (one confirmation, no checkout)',
      body: repeatOrderBodySchema,
    }),
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
    discountCode: discountCode({
      summary: "A discount code by its code, or the member's welcome code (welcome=true)",
      querystring: discountQuerySchema,
    }),
    deleteOffer: discountCode({
      summary:
        'The personal code offered to a member who asks to delete the account (site setting delete_discount): the deletion form (reason, password) comes with it',
      body: deleteAccountSchema,
    }),
  }),

  push: tagged(['notifications'], {
    subscribe: pushState({
      summary: "Store this browser's push subscription (one member may have several devices)",
      body: pushSubscribeSchema,
    }),
    unsubscribe: pushState({
      summary: "Forget this browser's push subscription",
      body: pushUnsubscribeSchema,
    }),
  }),

  mail: tagged(['notifications'], {
    prefs: mailPrefs({ summary: 'E-mail notification preferences' }),
    updatePrefs: mailPrefs({
      summary: 'Switch e-mail notification types on or off',
      body: mailPrefsUpdateSchema,
    }),
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
    pageHidden: done({
      summary: 'Beacon: the page became hidden',
      body: z.object({}).passthrough().optional(),
    }),
  }),

  mailDelivery: tagged(['notifications'], {
    enable: {
      summary:
        'Turn e-mail notifications back on (after a bounce, a spam complaint or an unsubscribe from all)',
      response: { 200: mailEnableResponseSchema },
    },
  }),

  moderation: tagged(['moderation'], {
    mine: {
      summary: 'The member’s own restrictions of the last six months',
      response: { 200: noticesSchema },
    },
    notice: notice({ summary: 'A statement of reasons (by the token of its link)', params: tokenParams }),
    appeal: notice({
      summary: 'Appeal a decision (once, within six months)',
      params: tokenParams,
      body: appealSchema,
    }),
  }),
};
