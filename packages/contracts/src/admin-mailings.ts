import { z } from 'zod';
import { consolePageNumber, consolePageSchema } from './admin.ts';

/**
 * The console's mailings (issue 26 item 13): promotions and news composed per site, with texts per
 * language (English required, the others optional: a member whose language has none gets the
 * English text), a button leading to a path of the site, a preview, a test to the operator's own
 * address, a schedule, and what became of the copies sent.
 */

export const MAILING_TYPES = ['promotions', 'news'] as const;
export type MailingType = (typeof MAILING_TYPES)[number];
/** The languages of the product (packages/i18n LOCALE_CODES), English first. */
export const MAILING_LANGUAGES = ['en', 'de', 'es', 'fr', 'it', 'nl', 'pl'] as const;
export type MailingLanguage = (typeof MAILING_LANGUAGES)[number];
export const MAILING_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type MailingStatus = (typeof MAILING_STATUSES)[number];

export const MAILING_HEADLINE_MAX = 150;
export const MAILING_BODY_MAX = 5000;
/** Test mails an operator may send to themselves per day (UTC). */
export const MAILING_TESTS_PER_DAY = 10;
/** How far ahead a mailing may be scheduled. */
export const MAILING_SCHEDULE_MAX_DAYS = 365;

/**
 * A path of the site for the mail's button: starts with one '/', no spaces or control characters,
 * not the API, the console or the development tools (no member page lives there).
 */
export const mailingPathSchema = z
  .string()
  .trim()
  .max(200, 'mailing_path_invalid')
  .regex(/^\/(?![/\\])[^\s\\\p{Cc}]*$/u, 'mailing_path_invalid')
  .refine((p) => !/^\/(api|admin|dev)([/?#]|$)/i.test(p), 'mailing_path_invalid');

const mailingText = z
  .object({
    headline: z.string().trim().max(MAILING_HEADLINE_MAX, 'mailing_headline_long').default(''),
    body: z.string().trim().max(MAILING_BODY_MAX, 'mailing_body_long').default(''),
  })
  .strict();
export type MailingText = { headline: string; body: string };
export type MailingTexts = Partial<Record<MailingLanguage, MailingText>> & { en: MailingText };

/**
 * A mailing as the form sends it. A language's headline and text go together: English needs both,
 * another language both or neither (neither: that language gets the English text).
 */
export const mailingInputSchema = z
  .object({
    type: z.enum(MAILING_TYPES),
    path: mailingPathSchema,
    texts: z
      .object(
        Object.fromEntries(MAILING_LANGUAGES.map((l) => [l, mailingText.optional()])) as Record<
          MailingLanguage,
          z.ZodOptional<typeof mailingText>
        >,
      )
      .strict(),
  })
  .strict()
  .superRefine((m, ctx) => {
    for (const l of MAILING_LANGUAGES) {
      const x = m.texts[l];
      if (l !== 'en' && !x?.headline && !x?.body) continue;
      for (const f of ['headline', 'body'] as const) {
        if (!x?.[f]) {
          ctx.addIssue({
            code: 'custom',
            path: ['texts', l, f],
            message: l === 'en' ? 'field_required' : 'mailing_text_incomplete',
          });
        }
      }
    }
  });
export type MailingInput = z.input<typeof mailingInputSchema>;

/** When to send: a time (ISO 8601 with offset) in the future, or null for now. */
export const mailingScheduleSchema = z.object({ at: z.iso.datetime({ offset: true }).nullable() }).strict();

/** Which language to preview or test (a language without its own text shows the English one). */
export const mailingLanguageQuerySchema = z.object({ lang: z.enum(MAILING_LANGUAGES).default('en') });
export const mailingTestSchema = z.object({ lang: z.enum(MAILING_LANGUAGES).default('en') }).strict();

export const mailingListQuerySchema = z.object({ page: consolePageNumber });

/**
 * What became of the copies: queued for members, sent, bounced, marked as spam, unsubscribed by
 * their link, and not sent because the member had a mail of the kind that day already.
 */
export const mailingCountsSchema = z.object({
  queued: z.number().int(),
  sent: z.number().int(),
  bounced: z.number().int(),
  complaints: z.number().int(),
  /** Unsubscribes through this mailing's own link (not other ways of switching the type off). */
  unsubscribed: z.number().int(),
  /** Left out: the member had had a mail of this kind that day (one a day each, outbox.ts). */
  limited: z.number().int(),
});
export type MailingCounts = z.infer<typeof mailingCountsSchema>;

export const mailingSummarySchema = z.object({
  id: z.number().int(),
  type: z.enum(MAILING_TYPES),
  status: z.enum(MAILING_STATUSES),
  /** The English headline (the list's title). */
  headline: z.string(),
  /** Languages with a text of their own. */
  languages: z.array(z.enum(MAILING_LANGUAGES)),
  scheduled_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The operators' names (null: removed). */
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
  counts: mailingCountsSchema,
});
export type MailingSummary = z.infer<typeof mailingSummarySchema>;

const textOut = z.object({ headline: z.string(), body: z.string() });
export const mailingDetailSchema = mailingSummarySchema.extend({
  path: z.string(),
  texts: z.object({ en: textOut }).catchall(textOut),
  /** Members who would get it now: opted into its type on this site, and mailable. */
  audience: z.number().int(),
  /**
   * Of the audience, members who had a mail of this kind today (a draft; null otherwise): one a day
   * each, so a mailing sent now leaves them out.
   */
  audience_mailed_today: z.number().int().nullable(),
  /** Test mails the operator may still send today. */
  tests_left: z.number().int(),
});
export type MailingDetail = z.infer<typeof mailingDetailSchema>;

export const mailingPageSchema = consolePageSchema({ mailings: z.array(mailingSummarySchema) });
export type MailingPage = z.infer<typeof mailingPageSchema>;

/** The mail as a member reading `lang` gets it (the real template), and whether that is the English text. */
export const mailingPreviewSchema = z.object({
  lang: z.enum(MAILING_LANGUAGES),
  fallback: z.boolean(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type MailingPreview = z.infer<typeof mailingPreviewSchema>;

export const mailingTestResultSchema = z.object({ to: z.string(), tests_left: z.number().int() });
export type MailingTestResult = z.infer<typeof mailingTestResultSchema>;
