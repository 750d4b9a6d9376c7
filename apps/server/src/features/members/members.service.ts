import type { FeaturedMembers } from '@amora/contracts';
import type { Queryable } from '../../platform/db.ts';
import type { Site } from '../sites/sites.service.ts';
import { presentMemberCard } from './members.presenter.ts';
import { countActiveMembers, recentMembersWithPhoto } from './members.repo.ts';

export async function featuredMembers(q: Queryable, site: Site, limit: number): Promise<FeaturedMembers> {
  const [rows, total] = await Promise.all([
    recentMembersWithPhoto(q, site.id, limit),
    countActiveMembers(q, site.id),
  ]);
  return { members: rows.map((r) => presentMemberCard(r, site.config.cdn_prefix)), total };
}
