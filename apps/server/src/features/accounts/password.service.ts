import type { Queryable } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { deleteUserSessions } from '../../platform/sessions.ts';
import type { Site } from '../../platform/sites.ts';
import { emailKey } from '../../platform/tokens.ts';
import { type AccountsContext, RESET_MAILS_PER_DAY, sendPasswordReset, txWithMail } from './account-mails.ts';
import {
  type AccountRow,
  accountByEmail,
  accountById,
  consumeToken,
  countAndRecordMailRequest,
  peekToken,
  revokeTokens,
  setPasswordHash,
} from './accounts.repo.ts';
import { isCommonPassword } from './password-policy.ts';
import { grantSignupCredits } from './signup-credits.ts';

export function checkNewPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw new AppError('validation', 400, {}, { [field]: 'password_common' });
}

/** The member's account, when `password` is theirs; otherwise a field error on `field`. */
export async function requirePassword(
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

const passwordChanged = (q: Queryable, site: Site, account: AccountRow) =>
  enqueueMail(q, {
    siteId: site.id,
    to: account.email,
    template: 'passwordChanged',
    locale: account.language,
    data: { name: account.name ?? '' },
  });

/** Mails a reset link if the address has an account; the answer and the daily limit are the same either way. */
export async function requestPasswordReset(ctx: AccountsContext, site: Site, email: string): Promise<void> {
  await txWithMail(ctx, async (q) => {
    const n = await countAndRecordMailRequest(q, site.id, emailKey(email), 'password_reset');
    if (n >= RESET_MAILS_PER_DAY) throw new AppError('reset_too_many', 429);
    const account = await accountByEmail(q, site.id, email);
    if (!account || (account.status !== 'active' && account.status !== 'not_confirmed')) return;
    await sendPasswordReset(ctx, q, site, account);
  });
}

/** A reset token that can still set a password: unused, not expired, of an account that may log in. */
async function usableResetLink(q: Queryable, site: Site, secret: string): Promise<boolean> {
  const seen = await peekToken(q, 'password_reset', secret, site.id);
  if (!seen || seen.used_at || seen.expired) return false;
  const account = await accountById(q, seen.user_id);
  return !!account && (account.status === 'active' || account.status === 'not_confirmed');
}

/**
 * Whether a reset link still works, so its page can say 'Link expired or invalid' on opening
 * rather than after a new password was typed. Reads only: the link stays usable.
 */
export async function checkResetLink(ctx: AccountsContext, site: Site, secret: string): Promise<boolean> {
  if (secret.length < 20) return false;
  return usableResetLink(ctx.db, site, secret);
}

/** Sets a new password from a reset link (single use); every session of the member ends. */
export async function resetPassword(
  ctx: AccountsContext,
  site: Site,
  secret: string,
  password: string,
): Promise<string> {
  if (!(await usableResetLink(ctx.db, site, secret))) throw new AppError('reset_link_invalid', 400);
  checkNewPassword(password, 'password');
  const hash = await hashPassword(password);
  const userId = await txWithMail(ctx, async (q) => {
    const token = await consumeToken(q, 'password_reset', secret, site.id);
    if (!token) throw new AppError('reset_link_invalid', 400);
    const account = await accountById(q, token.user_id, true);
    if (!account || (account.status !== 'active' && account.status !== 'not_confirmed')) {
      throw new AppError('reset_link_invalid', 400);
    }
    // The link reached the mailbox, which also proves the address: a not yet confirmed account is confirmed.
    await setPasswordHash(q, account.id, hash, true);
    await grantSignupCredits(q, site, account.id);
    await revokeTokens(q, account.id, 'password_reset');
    await deleteUserSessions(q, account.id);
    await passwordChanged(q, site, account);
    return account.id;
  });
  return userId; // whose sessions ended: the route closes their open sockets too
}

/** A new password from the settings: the member's other sessions end, this one stays. */
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
  await txWithMail(ctx, async (q) => {
    await setPasswordHash(q, userId, hash);
    await deleteUserSessions(q, userId, sessionId);
    await revokeTokens(q, userId, 'password_reset');
    await passwordChanged(q, site, account);
  });
}
