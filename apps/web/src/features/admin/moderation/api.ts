import type { PhotoDecision, ReportDecision } from '@amora/contracts';
import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import { call, endpointPath } from '../../../api/client.ts';

const { adminModeration: api } = consoleEndpoints;

export const photosKey = ['admin', 'moderation', 'photos'] as const;
export const reportsKey = ['admin', 'moderation', 'reports'] as const;
export const reportKey = (id: string) => ['admin', 'moderation', 'report', id] as const;
export const appealsKey = ['admin', 'moderation', 'appeals'] as const;
export const transparencyKey = (from: string, to: string) =>
  ['admin', 'moderation', 'transparency', from, to] as const;

export const fetchPhotos = (page: number, signal?: AbortSignal) =>
  call(api.photos, { query: { page }, signal });
export const decidePhoto = (id: string, body: PhotoDecision) =>
  call(api.decidePhoto, { params: { id }, body });
export const fetchReports = (page: number, signal?: AbortSignal) =>
  call(api.reports, { query: { page }, signal });
export const fetchReport = (id: string, signal?: AbortSignal) => call(api.report, { params: { id }, signal });
export const decideReport = (id: string, body: ReportDecision) =>
  call(api.decideReport, { params: { id }, body });
export const fetchAppeals = (page: number, signal?: AbortSignal) =>
  call(api.appeals, { query: { page }, signal });
export const decideAppeal = (id: string, body: { outcome: 'uphold' | 'reverse'; note: string }) =>
  call(api.decideAppeal, { params: { id }, body });
export const fetchTransparency = (from: string, to: string, signal?: AbortSignal) =>
  call(api.transparency, { query: { from, to, format: 'json' }, signal });
/** The CSV download's address (a plain link: the browser saves the file). */
export const transparencyCsvHref = (from: string, to: string) =>
  `${endpointPath(api.transparencyCsv)}?${new URLSearchParams({ from, to, format: 'csv' })}`;
