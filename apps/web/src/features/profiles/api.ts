import type { MemberProfile, OwnPhoto, OwnProfile, ProfileUpdate } from '@amora/contracts';
import { pageDataKey } from '@amora/contracts/rules';
import { api } from '../../api/client.ts';
import type { GeocodeResult } from './geocode.ts';

/**
 * Profile, photo, block and geocode calls. Plain functions without schemas (types only), so any
 * chunk may use them without pulling zod in.
 */
export const ownProfileKey = ['profile', 'own'] as const;
/** The member page's query: the key the server fills at render (contracts/rules pageDataKey). */
export const memberKey = (id: string) => pageDataKey({ kind: 'member', id });

export const fetchOwnProfile = () => api<OwnProfile>('/api/profile');

export const updateProfile = (body: ProfileUpdate) =>
  api<OwnProfile>('/api/profile', { method: 'PUT', body });

export const setInvisible = (invisible: boolean) =>
  api<OwnProfile>('/api/account/invisible', { method: 'PUT', body: { invisible } });

/** One photo per request (multipart, field "photo"); the server re-encodes it and strips metadata. */
export function uploadPhoto(file: File, signal?: AbortSignal): Promise<OwnPhoto> {
  const body = new FormData();
  body.append('photo', file, file.name);
  return api<OwnPhoto>('/api/photos', { method: 'POST', body, signal });
}

export const deletePhoto = (id: string) =>
  api<OwnProfile>(`/api/photos/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const setMainPhoto = (id: string) =>
  api<OwnProfile>(`/api/photos/${encodeURIComponent(id)}/main`, { method: 'POST' });

export const reorderPhotos = (ids: string[]) =>
  api<OwnProfile>('/api/photos/order', { method: 'PUT', body: { ids } });

export const fetchMember = (id: string) => api<MemberProfile>(`/api/members/${encodeURIComponent(id)}`);

export const blockMember = (id: string) =>
  api<{ blocked: boolean }>(`/api/members/${encodeURIComponent(id)}/block`, { method: 'POST' });

export const unblockMember = (id: string) =>
  api<{ blocked: boolean }>(`/api/members/${encodeURIComponent(id)}/block`, { method: 'DELETE' });

export async function geocode(lat: number, lon: number): Promise<GeocodeResult> {
  return (await api<{ result: GeocodeResult }>('/api/geocode.php', { query: { lat, lon }, retries: 1 }))
    .result;
}
