import { ageOn, type MemberProfile, type OwnProfile, PHOTO_LIMITS } from '@amora/contracts';
import { variantKey } from '../../platform/images.ts';
import type { Site } from '../../platform/sites.ts';
import { mediaUrl } from '../../platform/storage.ts';
import { presentOwnPhoto, presentPhoto } from '../photos/photos.presenter.ts';
import type { PhotoRow } from '../photos/photos.service.ts';
import type { ProfileRow } from './profiles.repo.ts';

/** What completes a profile, with its weight in the completeness score. */
const COMPLETENESS: [string, number, (p: ProfileRow, photos: PhotoRow[]) => boolean][] = [
  ['photo', 30, (_p, photos) => photos.some((ph) => ph.status !== 'rejected')],
  ['about', 20, (p) => p.about.trim().length >= 30],
  ['interests', 10, (p) => p.interests.length >= 3],
  ['location', 10, (p) => !!p.region && !!p.city],
  ['hair_color', 5, (p) => !!p.hair_color],
  ['eye_color', 5, (p) => !!p.eye_color],
  ['body_type', 5, (p) => !!p.body_type],
  ['relationship_status', 5, (p) => !!p.relationship_status],
  ['tattoos', 5, (p) => p.tattoos !== null],
  ['signup_reason', 5, (p) => !!p.signup_reason],
];

export function presentOwnProfile(p: ProfileRow, photos: PhotoRow[], site: Site): OwnProfile {
  const missing = COMPLETENESS.filter(([, , done]) => !done(p, photos)).map(([name]) => name);
  const completeness = COMPLETENESS.filter(([, , done]) => done(p, photos)).reduce(
    (sum, [, w]) => sum + w,
    0,
  );
  return {
    id: p.user_id,
    name: p.name,
    gender: p.gender,
    seeking: p.seeking,
    sexuality: p.sexuality,
    birth_date: p.birth_date,
    age: ageOn(p.birth_date),
    country: p.country,
    region: p.region,
    city: p.city,
    about: p.about,
    interests: p.interests,
    hair_color: p.hair_color,
    eye_color: p.eye_color,
    body_type: p.body_type,
    relationship_status: p.relationship_status,
    tattoos: p.tattoos,
    signup_reason: p.signup_reason,
    invisible: p.invisible,
    photos: photos.map((ph) => presentOwnPhoto(ph, site.config.cdn_prefix)),
    photo_limit: p.paid_user ? PHOTO_LIMITS.premium : PHOTO_LIMITS.free,
    completeness,
    missing,
  };
}

/** Coarse activity only: exact last-seen times are not shared. */
export function activityOf(lastActive: Date | string, now = Date.now()): MemberProfile['activity'] {
  const minutes = (now - new Date(lastActive).getTime()) / 60_000;
  if (minutes <= 15) return 'online';
  if (minutes <= 24 * 60) return 'today';
  if (minutes <= 7 * 24 * 60) return 'week';
  return 'earlier';
}

export type Viewer = { id: string; paid: boolean } | null;

/**
 * Another member's profile for a viewer. Visitors and free members see the main photo; the other
 * photos come blurred (locked) unless the viewer is premium (spec §6). Only fields the site shows.
 */
export function presentMemberProfile(
  p: ProfileRow,
  photos: PhotoRow[],
  site: Site,
  viewer: Viewer,
  blockedByMe: boolean,
  likes: { liked: boolean; match: boolean } = { liked: false, match: false },
): MemberProfile {
  const cdn = site.config.cdn_prefix;
  const visible = photos.filter((ph) => ph.status === 'active');
  const premium = viewer?.paid === true;
  const fields: MemberProfile['fields'] = {};
  for (const f of site.config.visible_profile_fields) {
    if (
      f in p &&
      !['user_id', 'site_id', 'birth_date', 'invisible', 'paid_user', 'user_status'].includes(f)
    ) {
      fields[f] = (p as unknown as Record<string, string | boolean | null>)[f] ?? null;
    }
  }
  const main = visible.find((ph) => ph.is_main);
  return {
    id: p.user_id,
    name: p.name,
    age: ageOn(p.birth_date),
    gender: p.gender,
    country: p.country,
    region: p.region,
    city: p.city,
    about: p.about,
    interests: p.interests,
    fields,
    photos: visible.map((ph) => presentPhoto(ph, cdn, !premium && !ph.is_main)),
    main_image: main ? mediaUrl(cdn, variantKey(main.storage_key, 'm')) : null,
    activity: activityOf(p.last_active_at),
    fictional: p.fictional,
    blocked_by_me: blockedByMe,
    liked: likes.liked,
    match: likes.match,
    viewer: viewer ? (premium ? 'premium' : 'free') : 'visitor',
  };
}
