import type { SiteConfig } from '@amora/contracts';
import type { Queryable } from '../../platform/db.ts';

export interface SiteRow {
  id: number;
  domain: string;
  aliases: string[];
  is_default: boolean;
  config: SiteConfig;
}

export async function listSites(q: Queryable): Promise<SiteRow[]> {
  return q.query<SiteRow>('SELECT id, domain, aliases, is_default, config FROM sites ORDER BY id');
}
