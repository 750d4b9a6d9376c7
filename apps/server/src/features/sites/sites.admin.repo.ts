import type { SiteConfig } from '@amora/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { rowOf, rowsOf, sql, sqlText } from '../../platform/sql.ts';

const siteAdminRow = z.object({
  id: z.number(),
  domain: z.string(),
  aliases: z.array(z.string()),
  is_default: z.boolean(),
  // The config as stored: an object, checked against siteConfigSchema where it is used (the site
  // directory, the console's form), not here: the console lists and mends a site whose stored
  // config no longer passes, and an edit's audit compares with what was stored.
  config: z.record(z.string(), z.unknown()).transform((c) => c as SiteConfig),
  created_at: z.date(),
  updated_at: z.date(),
});
export type SiteAdminRow = z.output<typeof siteAdminRow>;

const COLS = sqlText('id, domain, aliases, is_default, config, created_at, updated_at');

export function listSiteRows(q: Queryable): Promise<SiteAdminRow[]> {
  return rowsOf(q, siteAdminRow, sql`SELECT ${COLS} FROM sites ORDER BY id`);
}

/** The row, locked for the change that follows (in a transaction). */
export async function siteRowForUpdate(q: Queryable, id: number): Promise<SiteAdminRow | null> {
  return (await rowOf(q, siteAdminRow, sql`SELECT ${COLS} FROM sites WHERE id = ${id} FOR UPDATE`)) ?? null;
}

/** Hosts (domains or aliases) among `hosts` that another site than `exceptId` already answers to. */
export async function hostsTaken(q: Queryable, hosts: string[], exceptId: number | null): Promise<string[]> {
  const rows = await rowsOf(
    q,
    z.object({ host: z.string() }),
    sql`SELECT h AS host FROM unnest(${hosts}::text[]) AS h
         WHERE EXISTS (SELECT 1 FROM sites s
                        WHERE s.id IS DISTINCT FROM ${exceptId}::int AND (s.domain = h OR h = ANY(s.aliases)))`,
  );
  return rows.map((r) => r.host);
}

export async function insertSite(
  q: Queryable,
  s: { domain: string; aliases: string[]; config: SiteConfig },
): Promise<SiteAdminRow> {
  const row = await rowOf(
    q,
    siteAdminRow,
    sql`INSERT INTO sites (domain, aliases, config) VALUES (${s.domain}, ${s.aliases}, ${JSON.stringify(s.config)})
        RETURNING ${COLS}`,
  );
  return row!;
}

export async function updateSite(
  q: Queryable,
  id: number,
  s: { domain: string; aliases: string[]; config: SiteConfig },
): Promise<SiteAdminRow> {
  const row = await rowOf(
    q,
    siteAdminRow,
    sql`UPDATE sites SET domain = ${s.domain}, aliases = ${s.aliases}, config = ${JSON.stringify(s.config)},
                         updated_at = now()
         WHERE id = ${id} RETURNING ${COLS}`,
  );
  return row!;
}
