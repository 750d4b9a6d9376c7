import { type BodyOf, endpoints, type QueryOf } from '@amora/contracts/endpoints';
import type { Locale } from '@amora/i18n';
import { call } from '../../api/client.ts';
import { forgetPushHere } from '../push/push-state.ts';
import { sessionEnded, sessionEnding } from './session-end.ts';

/**
 * The accounts calls (spec §7 and the accounts API). Plain functions without schemas, so the
 * shell (navigation, banner, logout) can use them without pulling zod into the entry bundle.
 */
const { accounts, members } = endpoints;

export const login = async (email: string, password: string) =>
  (await call(accounts.login, { body: { email, password } })).user;

// Logging out and deleting the account end this tab's own session: what the rest of the app does
// then (chat's socket, drafts) is registered in session-end.ts.

export const logout = async () => {
  await forgetPushHere(); // while the session still lets it
  sessionEnding();
  const res = await call(accounts.logout, { retries: 1 });
  sessionEnded();
  return res;
};

/**
 * The session ended behind this tab's back (spec §8: a call met authentication_required): what this
 * tab kept goes, as at logout, but nothing is asked of the server. The session is gone there
 * already, and the browser's cookie may by now hold a newer one (a login, or an activation link,
 * in another tab or this one) that a logout call would end: issue 31's race.
 */
export const endedElsewhere = () => {
  sessionEnding();
  sessionEnded();
};

export const updateLanguage = async (language: Locale) =>
  (await call(accounts.setLanguage, { body: { language } })).user;

export const signup = (body: BodyOf<typeof accounts.signup>) => call(accounts.signup, { body });

export const signupMatches = (query: QueryOf<typeof members.signupMatches>) =>
  call(members.signupMatches, { query });

export const resendActivation = () => call(accounts.resendActivation);

export const requestPasswordReset = (email: string) =>
  call(accounts.requestPasswordReset, { body: { email } });

export const resetPassword = (body: BodyOf<typeof accounts.resetPassword>) =>
  call(accounts.resetPassword, { body });

/** Whether a reset link still works (reads only: the link stays usable). */
export const checkResetLink = async (token: string) =>
  (await call(accounts.checkPasswordReset, { query: { token } })).valid;

export const changeEmail = (body: BodyOf<typeof accounts.changeEmail>) =>
  call(accounts.changeEmail, { body });

export const confirmEmailChange = async (token: string) =>
  (await call(accounts.confirmEmailChange, { body: { token } })).user;

export const changePassword = (body: BodyOf<typeof accounts.changePassword>) =>
  call(accounts.changePassword, { body });

/** `reason` as the settings form holds it: its resolver (deleteAccountSchema) lets only a listed one by. */
export const deleteAccount = async (body: { reason: string; remarks?: string; password: string }) => {
  sessionEnding(true);
  try {
    await call(accounts.deleteAccount, { body: body as BodyOf<typeof accounts.deleteAccount> });
    sessionEnded();
  } catch (err) {
    sessionEnding(false); // refused (wrong password): the session goes on
    throw err;
  }
};
