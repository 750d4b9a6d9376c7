import {
  CONSOLE_LIST_PAGE,
  MAILING_LANGUAGES,
  MAILING_SCHEDULE_MAX_DAYS,
  MAILING_TESTS_PER_DAY,
  type MailingDetail,
  type MailingLanguage,
  type MailingPage,
  type MailingPreview,
  type MailingSummary,
  type MailingTestResult,
  type mailingInputSchema,
} from '@amora/contracts';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { audit } from '../../platform/audit.ts';
import { consolePage } from '../../platform/console-page.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError, found } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { mailCatalogs } from '../../platform/mail/catalogs.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { type MailData, renderMail } from '../../platform/mail/templates.ts';
import type { Site } from '../../platform/sites.ts';
import { siteOrigin } from '../sites/site-origin.ts';
import * as repo from './broadcasts.repo.ts';
import { broadcastAudienceCount, broadcastAudienceToday } from './mail.repo.ts';
import { BROADCASTS_JOB, broadcastTemplate } from './mail-notify-base.ts';

/**
 * The console's mailings (issue 26 item 13), for admins of the console's site: promotions and
 * news composed with texts per language, previewed in the real template, tested on the operator's
 * own address (MAILING_TESTS_PER_DAY), scheduled (a time to come, or now) or cancelled; every write
 * audited in its transaction. Sending is mail-periodic's pace (broadcastPass): only members who
 * chose the type, on this site, mailable, each once, a bounded number a minute.
 */

/** What sending needs besides the database: links' origin, and a wake-up after a commit that queued work. */
export interface MailingDeps {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  /** After a commit that queued a job or a mail. */
  afterCommit: () => void;
}

export interface Operator {
  id: string;
  name: string;
  email: string;
}
type Input = z.output<typeof mailingInputSchema>;

const PAGE = CONSOLE_LIST_PAGE;
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

function present(b: repo.BroadcastRow): MailingSummary {
  return {
    id: b.id,
    type: b.type,
    status: b.status,
    headline: b.texts.en.headline,
    languages: MAILING_LANGUAGES.filter((l) => b.texts[l]),
    scheduled_at: isoOrNull(b.scheduled_at),
    started_at: isoOrNull(b.started_at),
    finished_at: isoOrNull(b.finished_at),
    created_at: b.created_at.toISOString(),
    updated_at: b.updated_at.toISOString(),
    created_by: b.created_by,
    updated_by: b.updated_by,
    counts: {
      queued: b.queued,
      sent: b.sent,
      bounced: b.bounced,
      complaints: b.complaints,
      unsubscribed: b.unsubscribed,
      limited: b.limited,
    },
  };
}

async function broadcastOf(q: Queryable, site: Site, id: number): Promise<repo.BroadcastRow> {
  const b = found(await repo.broadcastOfSite(q, site.id, id));
  return b;
}

/** The texts as stored: English, and each other language with a headline and text (the contract checked both). */
function texts(input: Input): repo.BroadcastFields['texts'] {
  return Object.fromEntries(
    MAILING_LANGUAGES.flatMap((l) => {
      const t = input.texts[l];
      return t?.headline && t.body ? [[l, { headline: t.headline, body: t.body }]] : [];
    }),
  );
}

const fields = (input: Input): repo.BroadcastFields => ({
  type: input.type,
  path: input.path,
  texts: texts(input),
});

export async function listMailings(db: Db, site: Site, page: number): Promise<MailingPage> {
  const rows = await repo.listBroadcasts(db, site.id, PAGE, (page - 1) * PAGE);
  return consolePage('mailings', rows, { page, size: PAGE }, present);
}

async function detail(q: Queryable, site: Site, operator: Operator, id: number): Promise<MailingDetail> {
  const b = await broadcastOf(q, site, id);
  // Who had a mail of its kind today, for the confirmation of a draft: an address key per member,
  // so not read for a scheduled or sending mailing, whose page refreshes every 3 s.
  const { audience, mailed_today } =
    b.status === 'draft'
      ? await broadcastAudienceToday(q, site.id, b.type, broadcastTemplate(b.type))
      : { audience: await broadcastAudienceCount(q, site.id, b.type), mailed_today: null };
  return {
    ...present(b),
    path: b.path,
    texts: b.texts,
    audience,
    audience_mailed_today: mailed_today,
    tests_left: Math.max(0, MAILING_TESTS_PER_DAY - (await repo.testsToday(q, operator.id))),
  };
}

export const getMailing = (db: Db, site: Site, operator: Operator, id: number) =>
  detail(db, site, operator, id);

const auditMailing = (
  q: Queryable,
  site: Site,
  operator: Operator,
  action: string,
  id: number,
  details: Record<string, unknown>,
) =>
  audit(q, operator, {
    action: `mailing.${action}`,
    siteId: site.id,
    subjectType: 'mailing',
    subjectId: String(id),
    details,
  });

/** A new mailing of the site: a draft. */
export async function createMailing(db: Db, site: Site, operator: Operator, input: Input) {
  return db.tx(async (q) => {
    const f = fields(input);
    const id = await repo.insertBroadcast(q, site.id, operator.id, f);
    await auditMailing(q, site, operator, 'create', id, { ...f });
    return detail(q, site, operator, id);
  });
}

/** Changes a mailing not sending yet ('mailing_not_editable' once it is). */
export async function updateMailing(db: Db, site: Site, operator: Operator, id: number, input: Input) {
  return db.tx(async (q) => {
    const before = await broadcastOf(q, site, id);
    const f = fields(input);
    if (!(await repo.updateBroadcast(q, site.id, id, operator.id, f))) {
      throw new AppError('mailing_not_editable', 409);
    }
    const was = { type: before.type, path: before.path, texts: before.texts };
    await auditMailing(q, site, operator, 'update', id, { before: was, after: f });
    return detail(q, site, operator, id);
  });
}

/**
 * What a member reading `lang` would get, rendered by the real template (notifyPromotion or
 * notifyNews), addressed to the operator; its unsubscribe links lead to the pages without a token
 * (they unsubscribe nobody). `fallback`: the language has no text of its own (English is shown).
 */
function mailingMail(
  deps: MailingDeps,
  site: Site,
  b: repo.BroadcastRow,
  lang: MailingLanguage,
  name: string,
) {
  const origin = siteOrigin(site, deps.config);
  const own = b.texts[lang];
  const text = own ?? b.texts.en;
  const template = broadcastTemplate(b.type);
  const data: MailData['notifyPromotion'] = {
    name,
    link: `${origin}${b.path}`,
    unsubscribe: {
      type: b.type,
      page: `${origin}/unsubscribe`,
      oneClick: `${origin}/api/mail/unsubscribe`,
      settings: `${origin}/notifications`,
    },
    headline: text.headline,
    body: text.body,
  };
  return { template, data, fallback: !own };
}

export async function previewMailing(
  deps: MailingDeps,
  site: Site,
  operator: Operator,
  id: number,
  lang: MailingLanguage,
): Promise<MailingPreview> {
  const b = await broadcastOf(deps.db, site, id);
  const { template, data, fallback } = mailingMail(deps, site, b, lang, operator.name);
  const mail = renderMail(template, lang, data, site);
  return { lang, fallback, subject: mail.subject, html: mail.html, text: mail.text };
}

/**
 * The mail in `lang` to the operator's own address, its subject marked as a test; at most
 * MAILING_TESTS_PER_DAY a day (counted by their audit entries, and by the address's own mail
 * allowance as the last line).
 */
export async function testMailing(
  deps: MailingDeps,
  site: Site,
  operator: Operator,
  id: number,
  lang: MailingLanguage,
): Promise<MailingTestResult> {
  const limit = () => new AppError('mailing_test_limit', 429, { limit: MAILING_TESTS_PER_DAY });
  const left = await deps.db.tx(async (q) => {
    const b = await broadcastOf(q, site, id);
    const done = await repo.testsToday(q, operator.id);
    if (done >= MAILING_TESTS_PER_DAY) throw limit();
    const { template, data } = mailingMail(deps, site, b, lang, operator.name);
    const subject = mailCatalogs[lang].layout.testSubject.replace('{{subject}}', data.headline);
    const mailId = await enqueueMail(
      q,
      { siteId: site.id, to: operator.email, template, locale: lang, data: { ...data, headline: subject } },
      { quota: { name: 'mailingTest', perDay: MAILING_TESTS_PER_DAY } },
    );
    if (mailId === null) throw limit();
    await auditMailing(q, site, operator, 'test', id, { lang });
    return MAILING_TESTS_PER_DAY - done - 1;
  });
  deps.afterCommit();
  return { to: operator.email, tests_left: left };
}

/**
 * Sends the mailing at `at` (a time to come, up to MAILING_SCHEDULE_MAX_DAYS ahead) or now (null):
 * the pace starts it when its time comes. A draft or a scheduled mailing only.
 */
export async function scheduleMailing(
  deps: MailingDeps,
  site: Site,
  operator: Operator,
  id: number,
  at: string | null,
): Promise<MailingDetail> {
  const when = at === null ? null : new Date(at);
  if (when && when.getTime() < Date.now() - 60_000) {
    throw new AppError('validation', 400, {}, { at: 'mailing_schedule_past' });
  }
  if (when && when.getTime() > Date.now() + MAILING_SCHEDULE_MAX_DAYS * 86_400_000) {
    throw new AppError('validation', 400, {}, { at: 'mailing_schedule_far' });
  }
  const result = await deps.db.tx(async (q) => {
    const b = await broadcastOf(q, site, id);
    if (!(await repo.scheduleBroadcast(q, site.id, id, operator.id, when))) {
      throw new AppError('mailing_not_editable', 409);
    }
    const audience = await broadcastAudienceCount(q, site.id, b.type);
    await auditMailing(q, site, operator, 'schedule', id, { at: when?.toISOString() ?? 'now', audience });
    // The pace runs when the time comes (and every minute besides).
    await enqueueJob(
      q,
      BROADCASTS_JOB,
      {},
      {
        runAt: when ?? new Date(),
        singletonKey: `start:${id}:${when?.getTime() ?? 'now'}`,
      },
    );
    return detail(q, site, operator, id);
  });
  deps.afterCommit();
  return result;
}

/** Cancels a mailing not sent yet; one sending stops (copies not mailed yet never go). */
export async function cancelMailing(db: Db, site: Site, operator: Operator, id: number) {
  return db.tx(async (q) => {
    const b = await broadcastOf(q, site, id);
    if (!(await repo.cancelBroadcast(q, site.id, id, operator.id))) {
      throw new AppError('mailing_not_cancellable', 409);
    }
    await auditMailing(q, site, operator, 'cancel', id, { status: b.status, queued: b.queued });
    return detail(q, site, operator, id);
  });
}
