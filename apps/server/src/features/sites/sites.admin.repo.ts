import type { SiteConfig } from '@amora/contracts';
import type { Queryable } from '../../platform/db.ts';

export interface SiteAdminRow {
  id: number;
  domain: string;
  aliases: string[];
  is_default: boolean;
  config: SiteConfig;
  created_at: Date;
  updated_at: Date;
}

const COLS = 'id, domain, aliases, is_default, config, created_at, updated_at';

export async function listSiteRows(q: Queryable): Promise<SiteAdminRow[]> {
  return q.query<SiteAdminRow>(`SELECT ${COLS} FROM sites ORDER BY id`);
}

/** The row, locked for the change that follows (in a transaction). */
export async function siteRowForUpdate(q: Queryable, id: number): Promise<SiteAdminRow | null> {
  const [row] = await q.query<SiteAdminRow>(`SELECT ${COLS} FROM sites WHERE id = $1 FOR UPDATE`, [id]);
  return row ?? null;
}

/** Hosts (domains or aliases) among `hosts` that another site than `exceptId` already answers to. */
export async function hostsTaken(q: Queryable, hosts: string[], exceptId: number | null): Promise<string[]> {
  const rows = await q.query<{ host: string }>(
    `SELECT h AS host FROM unnest($1::text[]) AS h
      WHERE EXISTS (SELECT 1 FROM sites s WHERE s.id IS DISTINCT FROM $2::int AND (s.domain = h OR h = ANY(s.aliases)))`,
    [hosts, exceptId],
  );
  return rows.map((r) => r.host);
}

export async function insertSite(
  q: Queryable,
  s: { domain: string; aliases: string[]; config: SiteConfig },
): Promise<SiteAdminRow> {
  const [row] = await q.query<SiteAdminRow>(
    `INSERT INTO sites (domain, aliases, config) VALUES ($1, $2, $3) RETURNING ${COLS}`,
    [s.domain, s.aliases, JSON.stringify(s.config)],
  );
  return row!;
}

export async function updateSite(
  q: Queryable,
  id: number,
  s: { domain: string; aliases: string[]; config: SiteConfig },
): Promise<SiteAdminRow> {
  const [row] = await q.query<SiteAdminRow>(
    `UPDATE sites SET domain = $2, aliases = $3, config = $4, updated_at = now() WHERE id = $1 RETURNING ${COLS}`,
    [id, s.domain, s.aliases, JSON.stringify(s.config)],
  );
  return row!;
}
