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

export async function upsertSite(
  q: Queryable,
  site: { domain: string; aliases: string[]; isDefault: boolean; config: SiteConfig },
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO sites (domain, aliases, is_default, config) VALUES ($1, $2, $3, $4)
     ON CONFLICT (domain) DO UPDATE SET aliases = EXCLUDED.aliases, config = EXCLUDED.config,
       is_default = EXCLUDED.is_default, updated_at = now()
     RETURNING id`,
    [site.domain, site.aliases, site.isDefault, JSON.stringify(site.config)],
  );
  return rows[0]!.id;
}
