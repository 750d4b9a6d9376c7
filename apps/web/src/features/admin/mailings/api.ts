import type { MailingInput, MailingLanguage } from '@amora/contracts';
import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import { call } from '../../../api/client.ts';

const { adminMailings: api } = consoleEndpoints;

export const mailingsKey = ['admin', 'mailings'] as const;
export const mailingKey = (id: number) => ['admin', 'mailings', id] as const;
export const previewKey = (id: number, lang: MailingLanguage, updated: string) =>
  ['admin', 'mailings', id, 'preview', lang, updated] as const;

export const fetchMailings = (page: number, signal?: AbortSignal) =>
  call(api.list, { query: { page }, signal });
export const fetchMailing = (id: number, signal?: AbortSignal) => call(api.get, { params: { id }, signal });
export const createMailing = (body: MailingInput) => call(api.create, { body });
export const updateMailing = (id: number, body: MailingInput) => call(api.update, { params: { id }, body });
export const fetchPreview = (id: number, lang: MailingLanguage, signal?: AbortSignal) =>
  call(api.preview, { params: { id }, query: { lang }, signal });
export const sendTest = (id: number, lang: MailingLanguage) =>
  call(api.test, { params: { id }, body: { lang } });
export const scheduleMailing = (id: number, at: string | null) =>
  call(api.schedule, { params: { id }, body: { at } });
export const cancelMailing = (id: number) => call(api.cancel, { params: { id } });
