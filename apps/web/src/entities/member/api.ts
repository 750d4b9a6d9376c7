import type { ProfileUpdate } from '@amora/contracts';
import { endpoints } from '@amora/contracts/endpoints';
import { OWN_PROFILE_KEY, pageDataKey } from '@amora/contracts/rules';
import { call } from '../../api/client.ts';
import type { GeocodeResult } from './geocode.ts';

/**
 * Profile, photo, block and geocode calls. Plain functions without schemas (types only), so any
 * chunk may use them without pulling zod in.
 */
/** The own profile's query: the key the server fills when it renders the search (contracts/rules). */
export const ownProfileKey = OWN_PROFILE_KEY;
/** The member page's query: the key the server fills at render (contracts/rules pageDataKey). */
export const memberKey = (id: string) => pageDataKey({ kind: 'member', id });

const { profiles, photos, members } = endpoints;

export const fetchOwnProfile = () => call(profiles.own);

export const updateProfile = (body: ProfileUpdate) => call(profiles.update, { body });

export const setInvisible = (invisible: boolean) => call(profiles.setInvisible, { body: { invisible } });

/** One photo per request (multipart, field "photo"); the server re-encodes it and strips metadata. */
export function uploadPhoto(file: File, signal?: AbortSignal) {
  const body = new FormData();
  body.append('photo', file, file.name);
  return call(photos.upload, { body, signal });
}

export const deletePhoto = (id: string) => call(photos.remove, { params: { id } });

export const setMainPhoto = (id: string) => call(photos.setMain, { params: { id } });

export const reorderPhotos = (ids: string[]) => call(photos.reorder, { body: { ids } });

export const fetchMember = (id: string) => call(members.member, { params: { id } });

export const blockMember = (id: string) => call(members.block, { params: { id } });

export const unblockMember = (id: string) => call(members.unblock, { params: { id } });

export async function geocode(lat: number, lon: number): Promise<GeocodeResult> {
  return (await call(profiles.geocode, { query: { lat, lon }, retries: 1 })).result;
}
