import type { FeaturedMembers } from '@amora/contracts';
import type { Queryable } from '../../platform/db.ts';
import type { Site } from '../../platform/sites.ts';
import { presentMemberCard } from './members.presenter.ts';
import { countActiveMembers, matchingMembers, recentMembersWithPhoto } from './members.repo.ts';

export async function featuredMembers(q: Queryable, site: Site, limit: number): Promise<FeaturedMembers> {
  const [rows, total] = await Promise.all([
    recentMembersWithPhoto(q, site.id, limit),
    countActiveMembers(q, site.id),
  ]);
  return { members: rows.map((r) => presentMemberCard(r, site.config.cdn_prefix)), total };
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
  return { members: rows.map((r) => presentMemberCard(r, site.config.cdn_prefix)), total: rows.length };
}
