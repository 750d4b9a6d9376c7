import type { FeaturedMembers, SearchCard } from '@amora/contracts';
import type { LanderNiche } from '@amora/i18n';
import type { Queryable } from '../../platform/db.ts';
import type { Site } from '../../platform/sites.ts';
import { presentCard } from './members.presenter.ts';
import {
  type CardRow,
  cardRows,
  countActiveMembers,
  featuredRows,
  type MemberKind,
  matchingMembers,
} from './members.repo.ts';

/**
 * Cards for a list of members, in the given order. Members the viewer may not see (visibility.ts)
 * drop out; an invisible member stays for a viewer they liked or talk with (spec §6: they reached
 * out first), and whenever `includeInvisible` (the caller knows they talk).
 */
export async function cards(
  q: Queryable,
  site: Site,
  viewerId: string,
  ids: string[],
  includeInvisible = false,
): Promise<SearchCard[]> {
  if (ids.length === 0) return [];
  const rows = await cardRows(q, site.id, viewerId, ids, includeInvisible);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const now = new Date();
  return ids
    .map((id) => byId.get(id))
    .filter((r): r is CardRow => !!r)
    .map((r) => presentCard(r, site.config.cdn_prefix, now));
}

/**
 * The members a niche's lander shows (issue 26 item 15: a niche changes its members, not only its
 * words): "women who make the first move" shows women, "curves" curvy women, the mature niches
 * women of those ages, "men meeting men" men who seek men. The plain and kink niches show everyone
 * (a profile says nothing about kinks).
 */
export const NICHE_MEMBERS: Record<LanderNiche, MemberKind | undefined> = {
  plain: undefined,
  she: { gender: 'female' },
  bdsm: undefined,
  bbw: { gender: 'female', bodyTypes: ['fat'] },
  gilf: { gender: 'female', minAge: 55 },
  milf: { gender: 'female', minAge: 35, maxAge: 55 },
  gay: { gender: 'male', seeking: ['male', 'both'] },
};

/** Days a member is "new" and kept off public pages (there is no review of members yet). */
export const FEATURED_MIN_DAYS = 7;

/**
 * The members of the public home page (its collage and grid): only what the site stands behind.
 * - Photos that passed the site's photo policy: with `photo_approval` 'manual' only approved
 *   ones, with 'auto' a photo is active at once (the home copy says so and promises no check).
 * - Members who are visible (confirmed, active, not invisible) and not new: nobody reviews a
 *   member yet, so a member must have been one for FEATURED_MIN_DAYS days; a test sign-up or a
 *   profile made to be seen never lands on the home page the minute it is made.
 * - A complete profile: a main photo, a city, an about-me.
 * `total` still counts every visible member (the "N members" line).
 */
export async function featuredMembers(
  q: Queryable,
  site: Site,
  limit: number,
  niche: LanderNiche = 'plain',
): Promise<FeaturedMembers> {
  const [rows, total] = await Promise.all([
    featuredRows(q, site.id, { minDays: FEATURED_MIN_DAYS, limit, only: NICHE_MEMBERS[niche] }),
    countActiveMembers(q, site.id),
  ]);
  return { members: rows.map((r) => presentCard(r, site.config.cdn_prefix)), total };
}

/** Members who fit someone who just signed up: the gender they seek, who seek them, about their age. */
export async function signupMatches(
  q: Queryable,
  site: Site,
  who: { gender: 'male' | 'female'; seeking: 'male' | 'female' | 'both'; age: number },
): Promise<FeaturedMembers> {
  const genders = who.seeking === 'both' ? ['male', 'female'] : [who.seeking];
  const rows = await matchingMembers(q, site.id, {
    genders,
    seekingOneOf: [who.gender, 'both'],
    minAge: Math.max(18, who.age - 8),
    maxAge: who.age + 8,
    limit: 12,
  });
  return { members: rows.map((r) => presentCard(r, site.config.cdn_prefix)), total: rows.length };
}
