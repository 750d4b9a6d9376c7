import {
  hasTrafficSource,
  parseTracking,
  type SignupRequest,
  signupsOpen,
  type Tracking,
  type User,
} from '@amora/contracts';
import type { Db, Queryable } from '../../platform/db.ts';
import { violates } from '../../platform/db-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { createSession, deleteUserSessions } from '../../platform/sessions.ts';
import type { Site } from '../../platform/sites.ts';
import { emailKey } from '../../platform/tokens.ts';
import { dropQueuedNotificationMail } from '../notifications/mail-rhythm.ts';
import {
  ACTIVATION_TTL_DAYS,
  type AccountsContext,
  link,
  REACTIVATION_DAYS,
  RESEND_MAILS_PER_DAY,
  sendActivation,
  sendMailChange,
  sendReactivation,
  txWithMail,
} from './account-mails.ts';
import { presentUser } from './accounts.presenter.ts';
import * as repo from './accounts.repo.ts';
import { checkNewPassword, requirePassword } from './password.service.ts';
import { grantSignupCredits } from './signup-credits.ts';
import { checkSignupMessage, keepSignupMessage } from './signup-message.ts';

// The accounts feature's services, for its routes: an account's life here, logging in and
// passwords in their own modules.
export { type AccountsContext, REACTIVATION_DAYS } from './account-mails.ts';
export { admitById, login, loginWithLink } from './login.service.ts';
export {
  changePassword,
  checkResetLink,
  requestPasswordReset,
  requirePassword,
  resetPassword,
} from './password.service.ts';

function homeCountry(site: Site, visitorCountry: string): string {
  return site.config.countries.includes(visitorCountry) ? visitorCountry : site.config.countries[0]!;
}

function sexualityOf(gender: string, seeking: string): string {
  if (seeking === 'both') return 'bi';
  if (gender !== seeking) return 'hetero';
  return gender === 'male' ? 'gay' : 'lesbian';
}

/**
 * Signs up a visitor. Answers the same whatever the address: a new address gets an account and an
 * activation mail; an address with an account gets a mail saying so (or, pending deletion, how to
 * reactivate). Only the mailbox owner learns which. The account keeps the visitor's traffic source:
 * the one the server kept from the first landing (`visitor.tracking`, first touch wins), else the
 * one the browser sends (cookies off); a 'with_trafficsource' site takes signups only with one.
 */
export async function signup(
  ctx: AccountsContext,
  site: Site,
  input: SignupRequest,
  visitor: { country: string; locale: string; tracking?: Tracking },
): Promise<void> {
  const kept = visitor.tracking ?? {};
  const tracking = hasTrafficSource(kept) ? kept : parseTracking(input.tracking ?? {});
  const tracked = hasTrafficSource(tracking);
  if (!signupsOpen(site.config.signups, tracked)) throw new AppError('signups_closed', 403);
  checkNewPassword(input.password, 'password');
  checkSignupMessage(site, input.signup_message);
  if (await repo.usernameTaken(ctx.db, site.id, input.name)) {
    throw new AppError('validation', 400, {}, { name: 'username_taken' });
  }
  // Hash for every request, new address or not, so both take the same time.
  const passwordHash = await hashPassword(input.password);
  const email = input.email;
  try {
    await ctx.db.tx(async (q) => {
      const id = await repo.insertAccount(q, {
        siteId: site.id,
        email,
        passwordHash,
        language: visitor.locale,
        tracking: tracked ? tracking : null,
      });
      if (id) {
        await repo.insertProfile(q, id, site.id, {
          name: input.name,
          gender: input.gender,
          seeking: input.seeking,
          sexuality: sexualityOf(input.gender, input.seeking),
          birthDate: input.date_of_birth,
          country: homeCountry(site, visitor.country),
          about: input.about ?? '',
          interests: input.interests ?? [],
          hairColor: input.hair_color ?? null,
          eyeColor: input.eye_color ?? null,
          bodyType: input.body_type ?? null,
          relationshipStatus: input.relationship_status ?? null,
          tattoos: input.tattoos ?? null,
          signupReason: input.signup_reason ?? null,
        });
        // The member whose page or lander brought the visitor, with the message if one was written.
        if (input.message_to) {
          await keepSignupMessage(q, site, id, input.message_to, input.signup_message ?? '');
        }
        await sendActivation(ctx, q, site, { id, email, language: visitor.locale, name: input.name });
        return;
      }
      const existing = await repo.accountByEmail(q, site.id, email);
      if (!existing) return;
      // The username is now held as a new account would hold it: trying it again answers 'taken'
      // whether or not this address had an account (no enumeration through usernames).
      await repo.reserveUsername(q, site.id, input.name, ACTIVATION_TTL_DAYS);
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

/** Activation link: activates and logs in; a link opened again after use still lands on "done" without a session. */
export async function activate(
  ctx: AccountsContext,
  site: Site,
  secret: string,
  userAgent: string | undefined,
): Promise<{ ok: boolean; sessionToken?: string; userId?: string }> {
  return ctx.db.tx(async (q) => {
    const token = await repo.consumeToken(q, 'activation', secret, site.id);
    if (!token) {
      const seen = await repo.peekToken(q, 'activation', secret, site.id);
      if (seen?.used_at && !seen.expired) {
        const account = await repo.accountById(q, seen.user_id);
        return { ok: account?.status === 'active' };
      }
      return { ok: false };
    }
    const account = await repo.accountById(q, token.user_id, true);
    if (!account || (account.status !== 'not_confirmed' && account.status !== 'active')) return { ok: false };
    await repo.confirmAccount(q, account.id);
    await grantSignupCredits(q, site, account.id);
    return { ok: true, sessionToken: await createSession(q, account, userAgent), userId: account.id };
  });
}

export async function resendActivation(ctx: AccountsContext, site: Site, userId: string): Promise<string> {
  return txWithMail(ctx, async (q) => {
    const account = await repo.accountById(q, userId, true);
    if (account?.status !== 'not_confirmed') throw new AppError('validation', 400);
    const n = await repo.countAndRecordMailRequest(q, site.id, emailKey(account.email), 'activation');
    if (n >= RESEND_MAILS_PER_DAY) throw new AppError('rate_limited', 429);
    await sendActivation(ctx, q, site, { ...account, name: account.name ?? '' });
    return account.email;
  });
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
  const owner = await repo.accountByEmail(ctx.db, site.id, input.new_email);
  await txWithMail(ctx, async (q) => {
    if (owner) {
      // Whether an address has an account is its owner's business: the answer is the same as for
      // a free address, and the mail goes where the member expects their link, to that address
      // (at most MAILS_PER_RECIPIENT_DAY a day): its owner learns nothing changed, and a member who
      // owns both accounts how to log in there or free the address (issue 26 item 14).
      await enqueueMail(q, {
        siteId: site.id,
        to: owner.email,
        template: 'mailChangeTaken',
        locale: owner.language,
        data: {
          name: owner.name ?? '',
          loginLink: link(ctx, site, '/login'),
          resetLink: link(ctx, site, '/reset-password'),
        },
      });
    } else {
      await sendMailChange(ctx, q, site, account, input.new_email);
    }
  });
}

export async function confirmEmailChange(ctx: AccountsContext, site: Site, secret: string): Promise<string> {
  return txWithMail(ctx, async (q) => {
    const token = await repo.consumeToken(q, 'mail_change', secret, site.id);
    const newEmail = token?.data?.new_email;
    if (!token || !newEmail) throw new AppError('mail_change_invalid', 400);
    const account = await repo.accountById(q, token.user_id, true);
    if (!account || (account.status !== 'active' && account.status !== 'not_confirmed')) {
      throw new AppError('mail_change_invalid', 400);
    }
    if (await repo.accountByEmail(q, site.id, newEmail)) throw new AppError('email_taken', 400);
    // Confirming from the new mailbox proves that address too.
    await repo.setConfirmedEmail(q, account.id, newEmail);
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
}

/**
 * A deletion asked for as the deletion form asks: a reason (the schema's) and the member's password,
 * checked as deleteAccount checks it, without deleting yet. What a site offers a member who is
 * leaving (the deletion offer, payments discounts.service) comes only after this (issue 25 item 6).
 */
export async function checkDeletionRequest(
  ctx: Pick<AccountsContext, 'db'>,
  userId: string,
  input: { reason: string; password: string },
): Promise<void> {
  await requirePassword(ctx.db, userId, input.password, 'password');
}

/** Deletion: pending at once (hidden, logged out everywhere), reactivation by mailed link for 14 days. */
export async function deleteAccount(
  ctx: AccountsContext,
  site: Site,
  userId: string,
  input: { reason: string; remarks?: string; password: string },
): Promise<void> {
  await requirePassword(ctx.db, userId, input.password, 'password');
  await txWithMail(ctx, (q) => startDeletion(ctx, q, site, userId, input.reason, input.remarks ?? null));
}

/**
 * The deletion itself, inside the caller's transaction (the member's own request above, or an
 * operator's in the console, who audits it in the same transaction): pending deletion, every
 * session ended, queued notification mail dropped, the reactivation link mailed. The caller closes
 * the member's sockets after commit and calls ctx.afterCommit(). False when the account was not
 * active or unconfirmed (already pending, deleted or restricted): nothing changed.
 */
export async function startDeletion(
  ctx: AccountsContext,
  q: Queryable,
  site: Site,
  userId: string,
  reason: string,
  remarks: string | null,
): Promise<boolean> {
  const started = await repo.markPendingDeletion(q, userId, reason, remarks);
  if (!started) return false;
  await deleteUserSessions(q, userId);
  const account = await repo.accountById(q, userId);
  // Notification mail still waiting goes with the account (its jobs find the member gone).
  if (account) await dropQueuedNotificationMail(q, account.email);
  if (account) await sendReactivation(ctx, q, site, account, 'accountDeleted');
  return true;
}

export async function reactivate(ctx: AccountsContext, site: Site, secret: string): Promise<boolean> {
  return ctx.db.tx(async (q) => {
    const token = await repo.consumeToken(q, 'reactivation', secret, site.id);
    if (!token) return false;
    return repo.restoreFromDeletion(q, token.user_id, REACTIVATION_DAYS);
  });
}

export async function setLanguage(db: Db, userId: string, language: string): Promise<void> {
  await repo.setLanguage(db, userId, language);
}

/** The logged-in member as /api/user and the pages see them; null once the account is gone. */
export async function currentUser(q: Queryable, site: Site, userId: string): Promise<User | null> {
  const row = await repo.accountById(q, userId);
  return row ? presentUser(row, site) : null;
}
