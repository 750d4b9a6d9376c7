import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { Site } from '../../platform/sites.ts';
import { siteOrigin } from '../sites/site-origin.ts';
import { type AccountRow, issueToken, revokeTokens, type TokenKind } from './accounts.repo.ts';

/** Lockout (documented in the README): 5 failed logins for an address within 15 minutes block it for 15 minutes. */
export const LOCKOUT = { maxFailures: 5, windowMinutes: 15, blockMinutes: 15 } as const;
export const ACTIVATION_TTL_DAYS = 7;
export const RESET_TTL_MINUTES = 60;
export const RESET_MAILS_PER_DAY = 3;
export const RESEND_MAILS_PER_DAY = 5;
export const MAIL_CHANGE_TTL_HOURS = 24;
export const REACTIVATION_DAYS = 14;

export interface AccountsContext {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  /** Called after a transaction that queued mail has committed. */
  afterCommit: () => void;
}

/**
 * Runs `work` in one transaction and, once it has committed, lets the mail it queued go
 * (ctx.afterCommit): a change that rolls back mails nothing.
 */
export async function txWithMail<T>(ctx: AccountsContext, work: (q: Queryable) => Promise<T>): Promise<T> {
  const result = await ctx.db.tx(work);
  ctx.afterCommit();
  return result;
}

/** An absolute link on the member's own site. */
export function link(ctx: AccountsContext, site: Site, path: string): string {
  return `${siteOrigin(site, ctx.config)}${path}`;
}

// The account mails that carry a link. Each is queued inside the caller's transaction (sent after
// its commit, see platform/mail/outbox.ts), so a rolled-back change mails nothing.

/** A single-use token of `kind` for the account, and the link that spends it on its site. */
async function tokenLink(
  ctx: AccountsContext,
  q: Queryable,
  site: Site,
  t: { kind: TokenKind; userId: string; ttlSeconds: number; path: string; data?: unknown },
): Promise<string> {
  const token = await issueToken(q, {
    kind: t.kind,
    userId: t.userId,
    siteId: site.id,
    ttlSeconds: t.ttlSeconds,
    data: t.data,
  });
  return link(ctx, site, `${t.path}?token=${token}`);
}

export async function sendActivation(
  ctx: AccountsContext,
  q: Queryable,
  site: Site,
  user: { id: string; email: string; language: string; name: string },
) {
  const url = await tokenLink(ctx, q, site, {
    kind: 'activation',
    userId: user.id,
    ttlSeconds: ACTIVATION_TTL_DAYS * 86400,
    path: '/api/activate.php',
  });
  await enqueueMail(q, {
    siteId: site.id,
    to: user.email,
    template: 'activation',
    locale: user.language,
    data: { name: user.name, link: url, days: ACTIVATION_TTL_DAYS },
  });
}

/** How to undo a deletion, valid until the 14 days from the request run out. */
export async function sendReactivation(
  ctx: AccountsContext,
  q: Queryable,
  site: Site,
  account: AccountRow,
  template: 'reactivationPending' | 'accountDeleted',
) {
  const requested = account.deletion_requested_at ? new Date(account.deletion_requested_at) : new Date();
  const until = new Date(requested.getTime() + REACTIVATION_DAYS * 86400_000);
  const url = await tokenLink(ctx, q, site, {
    kind: 'reactivation',
    userId: account.id,
    ttlSeconds: Math.max(60, Math.floor((until.getTime() - Date.now()) / 1000)),
    path: '/api/reactivate.php',
  });
  const mail = { siteId: site.id, to: account.email, locale: account.language };
  if (template === 'accountDeleted') {
    const data = { name: account.name ?? '', link: url, until: until.toISOString() };
    await enqueueMail(q, { ...mail, template, data });
  } else {
    await enqueueMail(q, { ...mail, template, data: { link: url, until: until.toISOString() } });
  }
}

/** A link mail to the account's own address whose link works for `minutes` (the mail says how long). */
async function sendTimedLink(
  ctx: AccountsContext,
  q: Queryable,
  site: Site,
  account: AccountRow,
  m: { kind: TokenKind; path: string; minutes: number; template: 'loginLink' | 'passwordReset' },
) {
  const url = await tokenLink(ctx, q, site, {
    kind: m.kind,
    userId: account.id,
    ttlSeconds: m.minutes * 60,
    path: m.path,
  });
  await enqueueMail(q, {
    siteId: site.id,
    to: account.email,
    template: m.template,
    locale: account.language,
    data: { name: account.name ?? '', link: url, minutes: m.minutes },
  });
}

/** At a lockout: a link that logs the owner in once, however many strangers guess. */
export async function sendLoginLink(ctx: AccountsContext, q: Queryable, site: Site, account: AccountRow) {
  await revokeTokens(q, account.id, 'login_link');
  await sendTimedLink(ctx, q, site, account, {
    kind: 'login_link',
    path: '/api/login-link.php',
    minutes: LOCKOUT.blockMinutes,
    template: 'loginLink',
  });
}

export async function sendPasswordReset(ctx: AccountsContext, q: Queryable, site: Site, account: AccountRow) {
  await sendTimedLink(ctx, q, site, account, {
    kind: 'password_reset',
    path: '/reset-password/do',
    minutes: RESET_TTL_MINUTES,
    template: 'passwordReset',
  });
}

/** The link that confirms a new address, sent to that address. */
export async function sendMailChange(
  ctx: AccountsContext,
  q: Queryable,
  site: Site,
  account: AccountRow,
  newEmail: string,
) {
  await revokeTokens(q, account.id, 'mail_change');
  const url = await tokenLink(ctx, q, site, {
    kind: 'mail_change',
    userId: account.id,
    ttlSeconds: MAIL_CHANGE_TTL_HOURS * 3600,
    path: '/mail-change/do',
    data: { new_email: newEmail },
  });
  await enqueueMail(q, {
    siteId: site.id,
    to: newEmail,
    template: 'mailChange',
    locale: account.language,
    data: { name: account.name ?? '', link: url, hours: MAIL_CHANGE_TTL_HOURS },
  });
}
