import { type SiteConfig, siteConfigSchema } from '@amora/contracts';
import { type Db, detached, type Queryable } from './db.ts';

export interface SiteRow {
  id: number;
  domain: string;
  aliases: string[];
  is_default: boolean;
  config: SiteConfig;
}

async function listSites(q: Queryable): Promise<SiteRow[]> {
  return q.query<SiteRow>('SELECT id, domain, aliases, is_default, config FROM sites ORDER BY id');
}

/** A site (tenant): one domain with its settings, resolved per request from the Host header. */
export interface Site {
  id: number;
  domain: string;
  isDefault: boolean;
  config: SiteConfig;
}

/** Lowercased host without port and trailing dot; '' for anything that is not a host name. */
export function normalizeHost(raw: string | undefined): string {
  if (!raw) return '';
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  host = host.replace(/:\d+$/, '').replace(/\.$/, '');
  return /^[a-z0-9.-]{1,253}$/.test(host) ? host : '';
}

/**
 * What a host no site answers to gets: the default site (a local install: `*.localhost` names,
 * 127.0.0.1, a forgotten port all reach the demo) or nothing (a live install: the 'unknown site'
 * page, so no other site's pages, members or logins answer under a name the operator never set up).
 */
export type UnknownHosts = 'default' | 'refuse';

/**
 * Resolves the site for a request host. The sites table is small and read on every request,
 * so it is held in memory and re-read after `ttlMs` (other instances' edits show up then); while
 * there is no site at all it is read on every request, so the first site answers at once.
 */
export class SiteDirectory {
  private byHost = new Map<string, Site>();
  private byId = new Map<number, Site>();
  /** Each site's row as last read (JSON), to tell an unchanged site on reload. */
  private rowOf = new Map<number, string>();
  private fallback: Site | undefined;
  private loadedAt = 0;
  private loading: Promise<void> | undefined;
  private readonly ttlMs: number;
  private readonly unknownHosts: UnknownHosts;

  constructor(
    private db: Db,
    opts: { ttlMs?: number; unknownHosts?: UnknownHosts } = {},
  ) {
    this.ttlMs = opts.ttlMs ?? 30_000;
    this.unknownHosts = opts.unknownHosts ?? 'default';
  }

  /**
   * Re-reads the sites. A site whose row is unchanged keeps its Site object, so the object stands
   * for one version of the site's settings (the public page cache, platform/page-cache.ts, keeps
   * a page only while its site's object is the one the directory serves).
   */
  async reload(): Promise<void> {
    const rows = await listSites(this.db);
    const byHost = new Map<string, Site>();
    const byId = new Map<number, Site>();
    const rowOf = new Map<number, string>();
    let fallback: Site | undefined;
    for (const row of rows) {
      const raw = JSON.stringify(row);
      const prev = this.byId.get(row.id);
      const site = prev && this.rowOf.get(row.id) === raw ? prev : toSite(row);
      rowOf.set(row.id, raw);
      byId.set(site.id, site);
      byHost.set(row.domain, site);
      for (const alias of row.aliases) byHost.set(alias, site);
      if (row.is_default) fallback = site;
    }
    this.byHost = byHost;
    this.byId = byId;
    this.rowOf = rowOf;
    this.fallback = fallback ?? byId.values().next().value;
    this.loadedAt = Date.now();
  }

  /**
   * Once loaded, the directory never makes its caller wait: when it is older than the TTL it is
   * re-read in the background and the caller gets what is held (at most one request late). So a
   * caller holding a transaction never waits for a second connection (issue 24: on the embedded
   * engine that froze the server). Only a directory never loaded is read on the caller's time.
   */
  private async fresh(): Promise<void> {
    if (this.fallback) {
      if (Date.now() - this.loadedAt >= this.ttlMs && !this.loading) {
        this.loading = detached(() => this.reload())
          .catch(() => {}) // the next call tries again; what is held stays served
          .finally(() => {
            this.loading = undefined;
          });
      }
      return;
    }
    this.loading ??= this.reload().finally(() => {
      this.loading = undefined;
    });
    await this.loading;
  }

  /** Marks the directory as older than its TTL (tests: every cache expired). */
  expire(): void {
    this.loadedAt = 0;
  }

  /**
   * The site serving `host`; a host no site answers to gets the default site, or none when unknown
   * hosts are refused (a live install) or there is no site at all.
   */
  async lookup(host: string | undefined): Promise<Site | undefined> {
    await this.fresh();
    const site = this.byHost.get(normalizeHost(host));
    return site ?? (this.unknownHosts === 'default' ? this.fallback : undefined);
  }

  /** The site serving `host` (as lookup), for callers that know it exists (tests, benchmarks). */
  async forHost(host: string | undefined): Promise<Site> {
    const site = await this.lookup(host);
    if (!site) throw new Error(`No site answers to the host ${JSON.stringify(host ?? '')}`);
    return site;
  }

  async byIdOrThrow(id: number): Promise<Site> {
    await this.fresh();
    const site = this.byId.get(id);
    if (!site) throw new Error(`site ${id} not found`);
    return site;
  }

  all(): Site[] {
    return [...this.byId.values()];
  }

  /** Every site, read from the database if the directory has not loaded yet. */
  async list(): Promise<Site[]> {
    await this.fresh();
    return this.all();
  }
}

function toSite(row: SiteRow): Site {
  // Validate what operators stored: a broken site config fails loudly at load, not in a page later.
  const parsed = siteConfigSchema.safeParse(row.config);
  if (!parsed.success) {
    throw new Error(
      `site ${row.domain} has an invalid config: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return { id: row.id, domain: row.domain, isDefault: row.is_default, config: parsed.data };
}
