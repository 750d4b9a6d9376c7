import { AppError } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { createSession } from '../../platform/sessions.ts';
import type { Site } from '../../platform/sites.ts';
import { emailKey } from '../../platform/tokens.ts';
import { restrictionAtLogin } from '../moderation/notices.service.ts';
import {
  type AccountsContext,
  LOCKOUT,
  sendLoginLink,
  sendReactivation,
  txWithMail,
} from './account-mails.ts';
import {
  type AccountRow,
  accountByEmail,
  accountById,
  clearLoginFailures,
  consumeToken,
  loginBlockedUntil,
  recordLoginFailure,
} from './accounts.repo.ts';

// A real argon2id hash of a random password: unknown addresses cost the same verify time as known ones.
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
};

const canLogIn = (a: AccountRow) => a.status === 'active' || a.status === 'not_confirmed';

/** Logs in: the same answer for a wrong password and an unknown address; repeated failures lock the address. */
export async function login(
  ctx: AccountsContext,
  site: Site,
  input: { email: string; password: string },
  userAgent: string | undefined,
): Promise<{ account: AccountRow; token: string }> {
  const key = emailKey(input.email);
  const blocked = await loginBlockedUntil(ctx.db, site.id, key);
  if (blocked && blocked.getTime() > Date.now()) throw blockedError(blocked);
  const account = await accountByEmail(ctx.db, site.id, input.email);
  const usable = account?.password_hash && account.status !== 'deleted';
  const ok = await verifyPassword(usable ? account.password_hash! : await dummy(), input.password);
  if (!ok || !usable) {
    const until = await recordLoginFailure(ctx.db, site.id, key, LOCKOUT);
    if (until && until.getTime() > Date.now()) {
      // The block starts with this attempt: the owner (if any) gets a link that logs in anyway,
      // so a stranger guessing cannot lock them out. The answer is the same without an account.
      if (usable && canLogIn(account)) {
        await txWithMail(ctx, (q) => sendLoginLink(ctx, q, site, account));
      }
      throw blockedError(until);
    }
    throw new AppError('login_failed', 401);
  }
  await clearLoginFailures(ctx.db, site.id, key);
  return admit(ctx, site, account, userAgent);
}

/**
 * The account whose owner just proved who they are (a password, a passkey) is let in, or told
 * why not: a restriction with its notice, a pending deletion with a fresh reactivation mail.
 * A login method that cannot tell owners apart from strangers checks `canLogIn` first.
 */
export async function admit(
  ctx: AccountsContext,
  site: Site,
  account: AccountRow,
  userAgent: string | undefined,
): Promise<{ account: AccountRow; token: string }> {
  if (account.status === 'suspended' || account.status === 'banned') {
    // The password was right: the owner learns why, and where the statement of reasons and the
    // appeal are (a suspension whose date has passed is lifted here and the login goes on).
    const notice = await restrictionAtLogin(ctx.db, account.id);
    if (notice !== null) {
      throw new AppError('account_restricted', 403, {}, undefined, notice ? { notice } : undefined);
    }
    account.status = (await accountById(ctx.db, account.id))?.status ?? account.status;
  }
  if (account.status === 'pending_deletion') {
    // The password was right, so telling the owner is safe: explain, and mail a fresh reactivation link.
    await txWithMail(ctx, (q) => sendReactivation(ctx, q, site, account, 'reactivationPending'));
    throw new AppError('account_pending_deletion', 403);
  }
  const token = await createSession(ctx.db, account, userAgent);
  return { account, token };
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
    if (!account || !canLogIn(account)) return null;
    await clearLoginFailures(q, site.id, emailKey(account.email));
    return createSession(q, account, userAgent);
  });
}

function blockedError(until: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return new AppError('login_blocked', 429, { minutes });
}

/**
 * Lets in the member whose passkey just verified (features/passkeys), as a right password would:
 * null when the account is gone or of another site (the caller answers as for a wrong password).
 */
export async function admitById(
  ctx: AccountsContext,
  site: Site,
  userId: string,
  userAgent: string | undefined,
): Promise<{ account: AccountRow; token: string } | null> {
  const account = await accountById(ctx.db, userId);
  if (!account || account.site_id !== site.id || account.status === 'deleted') return null;
  return admit(ctx, site, account, userAgent);
}
