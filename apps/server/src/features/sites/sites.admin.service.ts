import { type SiteConfig, type SiteInput, siteConfigSchema } from '@amora/contracts';
import { type AuditActor, audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, found } from '../../platform/errors.ts';
import type { Realtime } from '../../platform/realtime.ts';
import { normalizeHost, type SiteDirectory } from '../../platform/sites.ts';
import {
  hostsTaken,
  insertSite,
  listSiteRows,
  type SiteAdminRow,
  siteRowForUpdate,
  updateSite,
} from './sites.admin.repo.ts';

/**
 * Sites in the console (issue 17 item 6; only admins of every site reach these, see
 * sites.admin.routes.ts). A site's settings are checked by siteConfigSchema, the schema the site
 * directory checks at load, so nothing saved here can break a site; each refused setting comes
 * back as a translated field error. A save reloads this instance's directory before it answers
 * and tells the others (Realtime.sitesChanged, over Redis), so it serves at once everywhere.
 */

interface Deps {
  db: Db;
  sites: SiteDirectory;
  realtime: Pick<Realtime, 'sitesChanged'>;
}

/** The field error code of a refused setting (errors.setting_* in every catalog). */
function settingCode(issue: { code: string; message: string }): string {
  switch (issue.code) {
    case 'invalid_type':
      return /received undefined/.test(issue.message) ? 'setting_required' : 'setting_type';
    case 'too_small':
      return 'setting_too_small';
    case 'too_big':
      return 'setting_too_big';
    case 'invalid_format':
      return 'setting_format';
    case 'invalid_value':
      return 'setting_choice';
    default:
      return 'setting_invalid';
  }
}

/** Checks a site as the console sent it: the hosts, and every setting by siteConfigSchema. */
async function checkInput(db: Db, input: SiteInput, exceptId: number | null) {
  const fields: Record<string, string> = {};
  const domain = normalizeHost(input.domain);
  if (!domain || domain !== input.domain) fields.domain = 'host_invalid';
  const aliases = [...new Set(input.aliases.filter((a) => a !== ''))];
  aliases.forEach((a, i) => {
    if (normalizeHost(a) !== a || a === domain) fields[`aliases.${i}`] = 'host_invalid';
  });
  const parsed = siteConfigSchema.safeParse(input.config);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = ['config', ...issue.path.map(String)].join('.');
      fields[name] ??= settingCode(issue);
    }
  }
  if (!fields.domain) {
    const taken = await hostsTaken(db, [domain, ...aliases], exceptId);
    if (taken.includes(domain)) fields.domain = 'host_taken';
    aliases.forEach((a, i) => {
      if (taken.includes(a)) fields[`aliases.${i}`] ??= 'host_taken';
    });
  }
  if (Object.keys(fields).length > 0 || !parsed.success) throw new AppError('validation', 400, {}, fields);
  return { domain, aliases, config: parsed.data };
}

/** JSON with object keys sorted (jsonb keeps its own key order, so plain JSON would differ). */
const stable = (v: unknown): string =>
  JSON.stringify(v, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : x,
  );

/** What changed, for the audit log: each top-level setting (and domain, aliases) before and after. */
function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (stable(before[key]) !== stable(after[key]))
      changes[key] = { before: before[key] ?? null, after: after[key] ?? null };
  }
  return changes;
}

const flat = (r: { domain: string; aliases: string[]; config: SiteConfig }) => ({
  domain: r.domain,
  aliases: r.aliases,
  ...r.config,
});

export function presentAdminSite(r: SiteAdminRow) {
  return {
    id: r.id,
    domain: r.domain,
    aliases: r.aliases,
    is_default: r.is_default,
    config: siteConfigSchema.parse(r.config),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

export async function listSites(db: Db) {
  const rows = await listSiteRows(db);
  return {
    sites: rows.map((r) => ({
      id: r.id,
      domain: r.domain,
      aliases: r.aliases,
      is_default: r.is_default,
      name: r.config.name,
      domain_language: r.config.domain_language,
      niche: r.config.niche,
      fictional_profiles: r.config.fictional_profiles !== false,
      updated_at: new Date(r.updated_at).toISOString(),
    })),
  };
}

export async function getSite(db: Db, id: number) {
  const row = found(await db.tx((q) => siteRowForUpdate(q, id)));
  return presentAdminSite(row);
}

async function published(deps: Deps, row: SiteAdminRow) {
  await deps.sites.reload();
  deps.realtime.sitesChanged();
  return presentAdminSite(row);
}

export async function createSite(deps: Deps, operator: AuditActor, input: SiteInput) {
  const checked = await checkInput(deps.db, input, null);
  const row = await deps.db.tx(async (q) => {
    const created = await insertSite(q, checked);
    await audit(q, operator, {
      action: 'site.create',
      siteId: created.id,
      subjectType: 'site',
      subjectId: String(created.id),
      details: { changes: diff({}, flat(checked)) },
    });
    return created;
  });
  return published(deps, row);
}

export async function editSite(deps: Deps, operator: AuditActor, id: number, input: SiteInput) {
  const checked = await checkInput(deps.db, input, id);
  const row = await deps.db.tx(async (q) => {
    const before = found(await siteRowForUpdate(q, id));
    const changes = diff(flat(before), flat(checked));
    if (Object.keys(changes).length === 0) return before;
    const after = await updateSite(q, id, checked);
    await audit(q, operator, {
      action: 'site.edit',
      siteId: id,
      subjectType: 'site',
      subjectId: String(id),
      details: { changes },
    });
    return after;
  });
  return published(deps, row);
}
