import type { OwnProfile, ProfileUpdate } from '@amora/contracts';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError, found } from '../../platform/errors.ts';
import type { Site } from '../../platform/sites.ts';
import { photosOf } from '../photos/photos.service.ts';
import { presentOwnProfile } from './profiles.presenter.ts';
import type { ProfileRow } from './profiles.repo.ts';
import * as repo from './profiles.repo.ts';

export async function ownProfile(db: Db, site: Site, userId: string): Promise<OwnProfile> {
  const [p, photos] = await Promise.all([profileById(db, userId), photosOf(db, userId)]);
  if (!p) throw new AppError('not_found', 404);
  return presentOwnProfile(p, photos, site);
}

/** Saves the fields sent; country must be one of the site's, region one of that country's list. */
export async function editProfile(
  db: Db,
  site: Site,
  userId: string,
  input: ProfileUpdate,
): Promise<OwnProfile> {
  const current = found(await profileById(db, userId));
  const country = input.country ?? current.country;
  if (input.country && !site.config.countries.includes(input.country)) {
    throw new AppError('validation', 400, {}, { country: 'choose_option' });
  }
  const region = input.region !== undefined ? input.region : input.country ? null : current.region;
  const regions = site.config.region_data[country]?.regions;
  if (region && regions && !regions.includes(region)) {
    throw new AppError('validation', 400, {}, { region: 'choose_option' });
  }
  const changes: Record<string, unknown> = { ...input };
  if (input.country && input.region === undefined) changes.region = null;
  if (input.interests) changes.interests = [...new Set(input.interests)];
  await repo.updateProfile(db, userId, changes);
  return ownProfile(db, site, userId);
}

export async function setInvisible(
  db: Db,
  site: Site,
  userId: string,
  invisible: boolean,
): Promise<OwnProfile> {
  await repo.setInvisible(db, userId, invisible);
  return ownProfile(db, site, userId);
}

/** A member's profile row (other features read profiles through this module, never the repo). */
export function profileById(q: Queryable, userId: string): Promise<ProfileRow | null> {
  return repo.profileById(q, userId);
}

/** Is either member blocking the other? */
export function blockBetween(
  q: Queryable,
  a: string,
  b: string,
): Promise<{ aBlocksB: boolean; bBlocksA: boolean }> {
  return repo.blockBetween(q, a, b);
}
