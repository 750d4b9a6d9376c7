import { parseTracking, type SignupRequest, signupsOpen } from '@amora/contracts';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { violates } from '../../platform/db-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { createSession, deleteUserSessions } from '../../platform/sessions.ts';
import type { Site } from '../../platform/sites.ts';
import { emailKey } from '../../platform/tokens.ts';
import { book } from '../credits/ledger.ts';
import { siteOrigin } from '../sites/site-origin.ts';
import {
  type AccountRow,
  accountByEmail,
  accountById,
  consumeToken,
  countAndRecordMailRequest,
  issueToken,
  peekToken,
  reserveUsername,
  revokeTokens,
  usernameTaken,
} from './accounts.repo.ts';
import { isCommonPassword } from './password-policy.ts';

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

// A real argon2id hash of a random password: unknown addresses cost the same verify time as known ones.
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
};

function link(ctx: AccountsContext, site: Site, path: string): string {
  return `${siteOrigin(site, ctx.config)}${path}`;
}

function checkNewPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw new AppError('validation', 400, {}, { [field]: 'password_common' });
}

function homeCountry(site: Site, visitorCountry: string): string {
  return site.config.countries.includes(visitorCountry) ? visitorCountry : site.config.countries[0]!;
}

/**
 * Signs up a visitor. Answers the same whatever the address: a new address gets an account and an
 * activation mail; an address with an account gets a mail saying so (or, pending deletion, how to
 * reactivate). Only the mailbox owner learns which.
 */
export async function signup(
  ctx: AccountsContext,
  site: Site,
  input: SignupRequest,
  visitor: { country: string; locale: string },
): Promise<void> {
  const tracking = parseTracking(input.tracking ?? {});
  if (!signupsOpen(site.config.signups, Object.keys(tracking).length > 0))
    throw new AppError('signups_closed', 403);
  checkNewPassword(input.password, 'password');
  if (await usernameTaken(ctx.db, site.id, input.name)) {
    throw new AppError('validation', 400, {}, { name: 'username_taken' });
  }
  // Hash for every request, new address or not, so both take the same time.
  const passwordHash = await hashPassword(input.password);
  const email = input.email;
  try {
    await ctx.db.tx(async (q) => {
      const inserted = await q.query<{ id: string }>(
        `INSERT INTO users (site_id, email, password_hash, status, language, tracking)
         VALUES ($1, $2, $3, 'not_confirmed', $4, $5)
         ON CONFLICT (site_id, email) DO NOTHING RETURNING id`,
        [
          site.id,
          email,
          passwordHash,
          visitor.locale,
          Object.keys(tracking).length ? JSON.stringify(tracking) : null,
        ],
      );
      const id = inserted[0]?.id;
      if (id) {
        await q.query(
          `INSERT INTO profiles (user_id, site_id, name, gender, seeking, sexuality, birth_date, country, about, interests,
              hair_color, eye_color, body_type, relationship_status, tattoos, signup_reason)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
          [
            id,
            site.id,
            input.name,
            input.gender,
            input.seeking,
            sexualityOf(input.gender, input.seeking),
            input.date_of_birth,
            homeCountry(site, visitor.country),
            input.about ?? '',
            input.interests ?? [],
            input.hair_color ?? null,
            input.eye_color ?? null,
            input.body_type ?? null,
            input.relationship_status ?? null,
            input.tattoos ?? null,
            input.signup_reason ?? null,
          ],
        );
        await sendActivation(ctx, q, site, { id, email, language: visitor.locale, name: input.name });
        return;
      }
      const existing = await accountByEmail(q, site.id, email);
      if (!existing) return;
      // The username is now held as a new account would hold it: trying it again answers 'taken'
      // whether or not this address had an account (no enumeration through usernames).
      await reserveUsername(q, site.id, input.name, ACTIVATION_TTL_DAYS);
      if (existing.status === 'pending_deletion') {
        await sendReactivation(ctx, q, site, existing, 'reactivationPending');
      } else if (existing.status !== 'deleted') {
        await enqueueMail(q, {
          siteId: site.id,
          to: email,
          template: 'alreadyRegistered',
          locale: existing.language,
          data: { loginLink: link(ctx, site, '/login'), resetLink: link(ctx, site, '/reset-password') },
        });
      }
    });
  } catch (err) {
    // Two signups racing for one username: the unique index decides.
    if (violates(err, 'profiles_site_lower_name', 'profiles_site_id_name_key')) {
      throw new AppError('validation', 400, {}, { name: 'username_taken' });
    }
    throw err;
  }
  ctx.afterCommit();
}

function sexualityOf(gender: string, seeking: string): string {
  if (seeking === 'both') return 'bi';
  if (gender !== seeking) return 'hetero';
  return gender === 'male' ? 'gay' : 'lesbian';
}

async function sendActivation(
  ctx: AccountsContext,
  q: Queryable,
  site: Site,
  user: { id: string; email: string; language: string; name: string },
) {
  const token = await issueToken(q, {
    kind: 'activation',
    userId: user.id,
    siteId: site.id,
    ttlSeconds: ACTIVATION_TTL_DAYS * 86400,
  });
  await enqueueMail(q, {
    siteId: site.id,
    to: user.email,
    template: 'activation',
    locale: user.language,
    data: {
      name: user.name,
      link: link(ctx, site, `/api/activate.php?token=${token}`),
      days: ACTIVATION_TTL_DAYS,
    },
  });
}

async function sendReactivation(
  ctx: AccountsContext,
  q: Queryable,
  site: Site,
  account: AccountRow,
  template: 'reactivationPending' | 'accountDeleted',
) {
  const requested = account.deletion_requested_at ? new Date(account.deletion_requested_at) : new Date();
  const until = new Date(requested.getTime() + REACTIVATION_DAYS * 86400_000);
  const ttlSeconds = Math.max(60, Math.floor((until.getTime() - Date.now()) / 1000));
  const token = await issueToken(q, {
    kind: 'reactivation',
    userId: account.id,
    siteId: site.id,
    ttlSeconds,
  });
  const reactivate = link(ctx, site, `/api/reactivate.php?token=${token}`);
  if (template === 'accountDeleted') {
    await enqueueMail(q, {
      siteId: site.id,
      to: account.email,
      template,
      locale: account.language,
      data: { name: account.name ?? '', link: reactivate, until: until.toISOString() },
    });
  } else {
    await enqueueMail(q, {
      siteId: site.id,
      to: account.email,
      template,
      locale: account.language,
      data: { link: reactivate, until: until.toISOString() },
    });
  }
}

/** Logs in: the same answer for a wrong password and an unknown address; repeated failures lock the address. */
export async function login(
  ctx: AccountsContext,
  site: Site,
  input: { email: string; password: string },
  userAgent: string | undefined,
): Promise<{ account: AccountRow; token: string }> {
  const key = emailKey(input.email);
  const [throttle] = await ctx.db.query<{ blocked_until: Date | null }>(
    'SELECT blocked_until FROM login_throttle WHERE site_id = $1 AND email_hash = $2',
    [site.id, key],
  );
  if (throttle?.blocked_until && new Date(throttle.blocked_until).getTime() > Date.now()) {
    throw blockedError(new Date(throttle.blocked_until));
  }
  const account = await accountByEmail(ctx.db, site.id, input.email);
  const usable = account?.password_hash && account.status !== 'deleted';
  const ok = await verifyPassword(usable ? account.password_hash! : await dummy(), input.password);
  if (!ok || !usable) {
    const [row] = await ctx.db.query<{ blocked_until: Date | null }>(
      `INSERT INTO login_throttle AS t (site_id, email_hash, failures, window_start) VALUES ($1, $2, 1, now())
       ON CONFLICT (site_id, email_hash) DO UPDATE SET
         failures = CASE WHEN t.window_start < now() - make_interval(mins => $3) THEN 1 ELSE t.failures + 1 END,
         window_start = CASE WHEN t.window_start < now() - make_interval(mins => $3) THEN now() ELSE t.window_start END,
         blocked_until = CASE
           WHEN (CASE WHEN t.window_start < now() - make_interval(mins => $3) THEN 1 ELSE t.failures + 1 END) >= $4
           THEN now() + make_interval(mins => $5) ELSE t.blocked_until END
       RETURNING blocked_until`,
      [site.id, key, LOCKOUT.windowMinutes, LOCKOUT.maxFailures, LOCKOUT.blockMinutes],
    );
    if (row?.blocked_until && new Date(row.blocked_until).getTime() > Date.now()) {
      // The block starts with this attempt: the owner (if any) gets a link that logs in anyway,
      // so a stranger guessing cannot lock them out. The answer is the same without an account.
      if (usable && (account.status === 'active' || account.status === 'not_confirmed')) {
        await ctx.db.tx((q) => sendLoginLink(ctx, q, site, account));
        ctx.afterCommit();
      }
      throw blockedError(new Date(row.blocked_until));
    }
    throw new AppError('login_failed', 401);
  }
  await ctx.db.query('DELETE FROM login_throttle WHERE site_id = $1 AND email_hash = $2', [site.id, key]);
  if (account.status === 'pending_deletion') {
    // The password was right, so telling the owner is safe: explain, and mail a fresh reactivation link.
    await ctx.db.tx((q) => sendReactivation(ctx, q, site, account, 'reactivationPending'));
    ctx.afterCommit();
    throw new AppError('account_pending_deletion', 403);
  }
  const token = await createSession(ctx.db, account, userAgent);
  return { account, token };
}

async function sendLoginLink(ctx: AccountsContext, q: Queryable, site: Site, account: AccountRow) {
  await revokeTokens(q, account.id, 'login_link');
  const token = await issueToken(q, {
    kind: 'login_link',
    userId: account.id,
    siteId: site.id,
    ttlSeconds: LOCKOUT.blockMinutes * 60,
  });
  await enqueueMail(q, {
    siteId: site.id,
    to: account.email,
    template: 'loginLink',
    locale: account.language,
    data: {
      name: account.name ?? '',
      link: link(ctx, site, `/api/login-link.php?token=${token}`),
      minutes: LOCKOUT.blockMinutes,
    },
  });
}

/**
 * The login link mailed at a lockout: logs the owner in once (the mailbox proves who they are)
 * and lifts the block on their address.
 */
export async function loginWithLink(
  ctx: AccountsContext,
  site: Site,
  secret: string,
  userAgent: string | undefined,
): Promise<string | null> {
  return ctx.db.tx(async (q) => {
    const token = await consumeToken(q, 'login_link', secret, site.id);
    if (!token) return null;
    const account = await accountById(q, token.user_id, true);
    if (!account || (account.status !== 'active' && account.status !== 'not_confirmed')) return null;
    await q.query('DELETE FROM login_throttle WHERE site_id = $1 AND email_hash = $2', [
      site.id,
      emailKey(account.email),
    ]);
    return createSession(q, account, userAgent);
  });
}

function blockedError(until: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return new AppError('login_blocked', 429, { minutes });
}

/** Activation link: activates and logs in; a link opened again after use still lands on "done" without a session. */
export async function activate(
  ctx: AccountsContext,
  site: Site,
  secret: string,
  userAgent: string | undefined,
): Promise<{ ok: boolean; sessionToken?: string }> {
  return ctx.db.tx(async (q) => {
    const token = await consumeToken(q, 'activation', secret, site.id);
    if (!token) {
      const seen = await peekToken(q, 'activation', secret, site.id);
      if (seen?.used_at && !seen.expired) {
        const account = await accountById(q, seen.user_id);
        return { ok: account?.status === 'active' };
      }
      return { ok: false };
    }
    const account = await accountById(q, token.user_id, true);
    if (!account || (account.status !== 'not_confirmed' && account.status !== 'active')) return { ok: false };
    await q.query(`UPDATE users SET status = 'active' WHERE id = $1 AND status = 'not_confirmed'`, [
      account.id,
    ]);
    await grantSignupCredits(q, site, account.id);
    return { ok: true, sessionToken: await createSession(q, account, userAgent) };
  });
}

export async function resendActivation(ctx: AccountsContext, site: Site, userId: string): Promise<string> {
  const email = await ctx.db.tx(async (q) => {
    const account = await accountById(q, userId, true);
    if (account?.status !== 'not_confirmed') throw new AppError('validation', 400);
    const n = await countAndRecordMailRequest(q, site.id, emailKey(account.email), 'activation');
    if (n >= RESEND_MAILS_PER_DAY) throw new AppError('rate_limited', 429);
    await sendActivation(ctx, q, site, { ...account, name: account.name ?? '' });
    return account.email;
  });
  ctx.afterCommit();
  return email;
}

/** Mails a reset link if the address has an account; the answer and the daily limit are the same either way. */
export async function requestPasswordReset(ctx: AccountsContext, site: Site, email: string): Promise<void> {
  await ctx.db.tx(async (q) => {
    const n = await countAndRecordMailRequest(q, site.id, emailKey(email), 'password_reset');
    if (n >= RESET_MAILS_PER_DAY) throw new AppError('reset_too_many', 429);
    const account = await accountByEmail(q, site.id, email);
    if (!account || (account.status !== 'active' && account.status !== 'not_confirmed')) return;
    const token = await issueToken(q, {
      kind: 'password_reset',
      userId: account.id,
      siteId: site.id,
      ttlSeconds: RESET_TTL_MINUTES * 60,
    });
    await enqueueMail(q, {
      siteId: site.id,
      to: account.email,
      template: 'passwordReset',
      locale: account.language,
      data: {
        name: account.name ?? '',
        link: link(ctx, site, `/reset-password/do?token=${token}`),
        minutes: RESET_TTL_MINUTES,
      },
    });
  });
  ctx.afterCommit();
}

/** Sets a new password from a reset link (single use); every session of the member ends. */
export async function resetPassword(
  ctx: AccountsContext,
  site: Site,
  secret: string,
  password: string,
): Promise<string> {
  const seen = await peekToken(ctx.db, 'password_reset', secret, site.id);
  if (!seen || seen.used_at || seen.expired) throw new AppError('reset_link_invalid', 400);
  checkNewPassword(password, 'password');
  const hash = await hashPassword(password);
  const userId = await ctx.db.tx(async (q) => {
    const token = await consumeToken(q, 'password_reset', secret, site.id);
    if (!token) throw new AppError('reset_link_invalid', 400);
    const account = await accountById(q, token.user_id, true);
    if (!account || (account.status !== 'active' && account.status !== 'not_confirmed')) {
      throw new AppError('reset_link_invalid', 400);
    }
    // The link reached the mailbox, which also proves the address: a not yet confirmed account is confirmed.
    await q.query(
      `UPDATE users SET password_hash = $2, password_changed_at = now(),
         status = CASE WHEN status = 'not_confirmed' THEN 'active' ELSE status END WHERE id = $1`,
      [account.id, hash],
    );
    await grantSignupCredits(q, site, account.id);
    await revokeTokens(q, account.id, 'password_reset');
    await deleteUserSessions(q, account.id);
    await enqueueMail(q, {
      siteId: site.id,
      to: account.email,
      template: 'passwordChanged',
      locale: account.language,
      data: { name: account.name ?? '' },
    });
    return account.id;
  });
  ctx.afterCommit();
  return userId; // whose sessions ended: the route closes their open sockets too
}

async function requirePassword(
  q: Queryable,
  userId: string,
  password: string,
  field: string,
): Promise<AccountRow> {
  const account = await accountById(q, userId);
  if (!account?.password_hash || !(await verifyPassword(account.password_hash, password))) {
    throw new AppError('validation', 400, {}, { [field]: 'old_password_wrong' });
  }
  return account;
}

export async function changePassword(
  ctx: AccountsContext,
  site: Site,
  userId: string,
  sessionId: string | null,
  input: { old_password: string; new_password: string },
): Promise<void> {
  const account = await requirePassword(ctx.db, userId, input.old_password, 'old_password');
  checkNewPassword(input.new_password, 'new_password');
  const hash = await hashPassword(input.new_password);
  await ctx.db.tx(async (q) => {
    await q.query('UPDATE users SET password_hash = $2, password_changed_at = now() WHERE id = $1', [
      userId,
      hash,
    ]);
    await deleteUserSessions(q, userId, sessionId);
    await revokeTokens(q, userId, 'password_reset');
    await enqueueMail(q, {
      siteId: site.id,
      to: account.email,
      template: 'passwordChanged',
      locale: account.language,
      data: { name: account.name ?? '' },
    });
  });
  ctx.afterCommit();
}

/** Starts an e-mail change: the new address must confirm through a mailed link. */
export async function requestEmailChange(
  ctx: AccountsContext,
  site: Site,
  userId: string,
  input: { new_email: string; password: string },
): Promise<void> {
  const account = await requirePassword(ctx.db, userId, input.password, 'password');
  if (input.new_email === account.email)
    throw new AppError('validation', 400, {}, { new_email: 'new_email_invalid' });
  const owner = await accountByEmail(ctx.db, site.id, input.new_email);
  if (owner) {
    // Whether an address has an account is its owner's business: the answer is the same as for a
    // free address, and the owner's mailbox learns what happened (nothing changed).
    await ctx.db.tx((q) =>
      enqueueMail(q, {
        siteId: site.id,
        to: owner.email,
        template: 'mailChangeTaken',
        locale: owner.language,
        data: { name: owner.name ?? '' },
      }),
    );
    ctx.afterCommit();
    return;
  }
  await ctx.db.tx(async (q) => {
    await revokeTokens(q, userId, 'mail_change');
    const token = await issueToken(q, {
      kind: 'mail_change',
      userId,
      siteId: site.id,
      ttlSeconds: MAIL_CHANGE_TTL_HOURS * 3600,
      data: { new_email: input.new_email },
    });
    await enqueueMail(q, {
      siteId: site.id,
      to: input.new_email,
      template: 'mailChange',
      locale: account.language,
      data: {
        name: account.name ?? '',
        link: link(ctx, site, `/mail-change/do?token=${token}`),
        hours: MAIL_CHANGE_TTL_HOURS,
      },
    });
  });
  ctx.afterCommit();
}

export async function confirmEmailChange(ctx: AccountsContext, site: Site, secret: string): Promise<string> {
  const userId = await ctx.db.tx(async (q) => {
    const token = await consumeToken(q, 'mail_change', secret, site.id);
    const newEmail = token?.data?.new_email;
    if (!token || !newEmail) throw new AppError('mail_change_invalid', 400);
    const account = await accountById(q, token.user_id, true);
    if (!account || (account.status !== 'active' && account.status !== 'not_confirmed')) {
      throw new AppError('mail_change_invalid', 400);
    }
    if (await accountByEmail(q, site.id, newEmail)) throw new AppError('email_taken', 400);
    // Confirming from the new mailbox proves that address too.
    await q.query(`UPDATE users SET email = $2, status = 'active' WHERE id = $1`, [account.id, newEmail]);
    await grantSignupCredits(q, site, account.id);
    await enqueueMail(q, {
      siteId: site.id,
      to: account.email,
      template: 'mailChanged',
      locale: account.language,
      data: { name: account.name ?? '', newEmail },
    });
    return account.id;
  });
  ctx.afterCommit();
  return userId;
}

/** Deletion: pending at once (hidden, logged out everywhere), reactivation by mailed link for 14 days. */
export async function deleteAccount(
  ctx: AccountsContext,
  site: Site,
  userId: string,
  input: { reason: string; remarks?: string; password: string },
): Promise<void> {
  await requirePassword(ctx.db, userId, input.password, 'password');
  await ctx.db.tx(async (q) => {
    await q.query(
      `UPDATE users SET status_before_deletion = status, status = 'pending_deletion', deletion_requested_at = now(),
         delete_reason = $2, delete_remarks = $3 WHERE id = $1 AND status IN ('active', 'not_confirmed')`,
      [userId, input.reason, input.remarks ?? null],
    );
    await deleteUserSessions(q, userId);
    const account = await accountById(q, userId);
    if (account) await sendReactivation(ctx, q, site, account, 'accountDeleted');
  });
  ctx.afterCommit();
}

export async function reactivate(ctx: AccountsContext, site: Site, secret: string): Promise<boolean> {
  return ctx.db.tx(async (q) => {
    const token = await consumeToken(q, 'reactivation', secret, site.id);
    if (!token) return false;
    const rows = await q.query(
      `UPDATE users SET status = coalesce(status_before_deletion, 'active'), status_before_deletion = NULL,
         deletion_requested_at = NULL, delete_reason = NULL, delete_remarks = NULL
       WHERE id = $1 AND status = 'pending_deletion'
         AND deletion_requested_at > now() - make_interval(days => $2) RETURNING id`,
      [token.user_id, REACTIVATION_DAYS],
    );
    return rows.length > 0;
  });
}

/** The site's welcome credits, booked once per member (ref 'signup') when the account becomes active. */
async function grantSignupCredits(q: Queryable, site: Site, userId: string): Promise<void> {
  if (site.config.signup_credits > 0) {
    await book(q, {
      userId,
      siteId: site.id,
      delta: site.config.signup_credits,
      reason: 'signup',
      ref: 'signup',
    });
  }
}

export async function setLanguage(db: Db, userId: string, language: string): Promise<void> {
  await db.query('UPDATE users SET language = $2 WHERE id = $1', [userId, language]);
}
