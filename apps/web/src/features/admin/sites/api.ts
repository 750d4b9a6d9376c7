import type { SiteInput } from '@amora/contracts';
import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import { call } from '../../../api/client.ts';

const { adminSites: api } = consoleEndpoints;

export const sitesKey = ['admin', 'sites'] as const;
export const siteKey = (id: number) => ['admin', 'site', id] as const;

export const fetchSites = (signal?: AbortSignal) => call(api.list, { signal });
export const fetchSite = (id: number, signal?: AbortSignal) => call(api.get, { params: { id }, signal });
export const createSite = (body: SiteInput) => call(api.create, { body });
export const updateSite = (id: number, body: SiteInput) => call(api.update, { params: { id }, body });
