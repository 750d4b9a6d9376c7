import type { MemberCard, SignupRequest, User } from '@amora/contracts';
import type { Locale } from '@amora/i18n';
import { api } from '../../api/client.ts';
import { browserStore, forgetAllKept } from '../chat/kept.ts';
import { endingSessionHere } from '../chat/socket.ts';

/**
 * The accounts calls (spec §7 and the accounts API). Plain functions without schemas, so the
 * shell (navigation, banner, logout) can use them without pulling zod into the entry bundle.
 */
type UserResponse = { user: User | null };
export type CheckEmail = { status: 'check_email'; email: string };

export const login = async (email: string, password: string) =>
  (await api<UserResponse>('/api/user.php', { method: 'POST', body: { email, password } })).user;

// Logging out and deleting the account end this tab's own session: its socket's close is expected
// here (other tabs are told, and reload the user).

export const logout = async () => {
  endingSessionHere();
  const res = await api<UserResponse>('/api/logout.php', { retries: 1 });
  forgetAllKept(browserStore()); // unsent chat texts and drafts do not outlive the session here
  return res;
};

export const updateLanguage = async (language: Locale) =>
  (await api<UserResponse>('/api/user.php', { method: 'PUT', body: { language } })).user;

export const signup = (body: SignupRequest) => api<CheckEmail>('/api/signup', { method: 'POST', body });

export const signupMatches = (q: { gender: string; seeking: string; age: number }) =>
  api<{ members: MemberCard[]; total: number }>('/api/signup-matches', { query: q });

export const resendActivation = () => api<CheckEmail>('/api/activation/resend', { method: 'POST' });

export const requestPasswordReset = (email: string) =>
  api<CheckEmail>('/api/password-reset', { method: 'POST', body: { email } });

export const resetPassword = (body: { token: string; password: string; password_repeat: string }) =>
  api<void>('/api/password-reset/do', { method: 'POST', body });

export const changeEmail = (body: { new_email: string; password: string }) =>
  api<CheckEmail>('/api/account/email', { method: 'POST', body });

export const confirmEmailChange = async (token: string) =>
  (await api<UserResponse>('/api/account/email/confirm', { method: 'POST', body: { token } })).user;

export const changePassword = (body: {
  old_password: string;
  new_password: string;
  new_password_repeat: string;
}) => api<void>('/api/account/password', { method: 'POST', body });

export const deleteAccount = async (body: { reason: string; remarks?: string; password: string }) => {
  endingSessionHere(true);
  try {
    await api<void>('/api/account/delete', { method: 'POST', body });
    forgetAllKept(browserStore());
  } catch (err) {
    endingSessionHere(false); // refused (wrong password): the session goes on
    throw err;
  }
};
