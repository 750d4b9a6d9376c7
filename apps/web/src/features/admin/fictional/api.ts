import type { FictionalProfileInput } from '@amora/contracts';
import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import { call } from '../../../api/client.ts';

const { adminFictional: api } = consoleEndpoints;

export const inboxKey = (page: number) => ['admin', 'fictional', 'inbox', page] as const;
export const conversationKey = (id: string) => ['admin', 'fictional', 'conversation', id] as const;
export const profilesKey = ['admin', 'fictional', 'profiles'] as const;
export const profileKey = (id: string) => ['admin', 'fictional', 'profile', id] as const;

export const fetchInbox = (page: number, signal?: AbortSignal) =>
  call(api.inbox, { query: { page }, signal });
export const fetchConversation = (id: string, signal?: AbortSignal) =>
  call(api.conversation, { params: { id }, signal });
export const sendReply = (id: string, body: { client_id: string; body: string }) =>
  call(api.reply, { params: { id }, body });
/** The operator is typing the answer: the member sees the fictional profile typing (never stored). */
export const sendTyping = (id: string) => call(api.typing, { params: { id } });
export const fetchProfiles = (signal?: AbortSignal) => call(api.list, { signal });
export const fetchProfile = (id: string, signal?: AbortSignal) => call(api.get, { params: { id }, signal });
export const createProfile = (body: FictionalProfileInput) => call(api.create, { body });
export const updateProfile = (id: string, body: FictionalProfileInput) =>
  call(api.update, { params: { id }, body });
export const addProfilePhoto = (id: string, file: File) => {
  const body = new FormData();
  body.append('photo', file);
  return call(api.addPhoto, { params: { id }, body });
};
