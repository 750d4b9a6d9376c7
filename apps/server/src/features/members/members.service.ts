import type { FeaturedMembers, SearchCard } from '@amora/contracts';
import type { Queryable } from '../../platform/db.ts';
import type { Site } from '../../platform/sites.ts';
import { presentCard } from './members.presenter.ts';
import {
  type CardRow,
  cardRows,
  countActiveMembers,
  matchingMembers,
  recentMembersWithPhoto,
} from './members.repo.ts';

/**
 * Cards for a list of members, in the given order. Members the viewer may not see (visibility.ts)
 * drop out; invisible ones stay when `includeInvisible` (a conversation an invisible member started).
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

export async function featuredMembers(q: Queryable, site: Site, limit: number): Promise<FeaturedMembers> {
  const [rows, total] = await Promise.all([
    recentMembersWithPhoto(q, site.id, limit),
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
