import { endpoints } from '@amora/contracts/endpoints';
import { call } from '../../api/client.ts';

const { moderation: api } = endpoints;

export const noticeKey = (token: string) => ['moderation-notice', token] as const;
export const myNoticesKey = ['moderation-notices'] as const;

export const fetchNotice = (token: string, signal?: AbortSignal) =>
  call(api.notice, { params: { token }, signal });
export const fetchMyNotices = (signal?: AbortSignal) => call(api.mine, { signal });
export const sendAppeal = (token: string, text: string) =>
  call(api.appeal, { params: { token }, body: { text } });
