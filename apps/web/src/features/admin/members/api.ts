import type { CreditAdjustment } from '@amora/contracts';
import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import { call } from '../../../api/client.ts';

const { adminMembers: api } = consoleEndpoints;

export const membersKey = ['admin', 'members'] as const;
export const memberKey = (id: string) => ['admin', 'member', id] as const;
export const ledgerKey = (id: string) => ['admin', 'member', id, 'ledger'] as const;

export const searchMembers = (q: string, page: number, signal?: AbortSignal) =>
  call(api.search, { query: { q, page }, signal });
export const fetchMember = (id: string, signal?: AbortSignal) => call(api.detail, { params: { id }, signal });
export const fetchLedger = (id: string, cursor: number | undefined, signal?: AbortSignal) =>
  call(api.ledger, { params: { id }, query: cursor ? { cursor } : {}, signal });
export const adjustCredits = (id: string, body: CreditAdjustment) =>
  call(api.adjustCredits, { params: { id }, body });
export const endSessions = (id: string, reason: string) =>
  call(api.endSessions, { params: { id }, body: { reason } });
export const enableMail = (id: string, reason: string) =>
  call(api.enableMail, { params: { id }, body: { reason } });
export const startDeletion = (id: string, reason: string) =>
  call(api.startDeletion, { params: { id }, body: { reason } });
