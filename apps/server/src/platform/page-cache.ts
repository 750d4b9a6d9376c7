import type { Site } from './sites.ts';

interface Entry<V> {
  site: Site;
  value: V;
  bytes: number;
  at: number;
}

interface Flight<V> {
  site: Site;
  done: Promise<V>;
}

export interface PageCacheOptions {
  /** How long an entry answers (ms). */
  ttlMs?: number;
  /** At most this many entries... */
  maxEntries?: number;
  /** ...and this many bytes of them (each entry's `size`). */
  maxBytes?: number;
  now?: () => number;
}

/**
 * A short-lived in-memory cache of what a visitor's public page renders to (ssr.ts; see
 * docs/ARCHITECTURE.md "Public page cache"). Entries belong to a site as the directory loaded it
 * (platform/sites.ts keeps a Site object while its row is unchanged): a site saved in the console
 * reloads the directory, here at once and on the other instances through Redis, and its old entries
 * no longer answer. `forgetSite` drops a site's entries at once (a moderation decision). Bounded in
 * entries and bytes, the least recently used go first; a cold page asked for by many visitors at
 * once renders once (they wait for that render).
 */
export class PageCache<V> {
  private entries = new Map<string, Entry<V>>();
  private flights = new Map<string, Flight<V>>();
  /** Bumped by forgetSite: a render that started before does not store its (stale) answer. */
  private generation = new Map<number, number>();
  private bytes = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(opts: PageCacheOptions = {}) {
    this.ttlMs = opts.ttlMs ?? 30_000;
    this.maxEntries = opts.maxEntries ?? 2_000;
    this.maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
    this.now = opts.now ?? (() => Date.now());
  }

  /**
   * The value under `key` for `site`: the cached one, else the one a render under way gives, else
   * `render()`'s, kept when `size` gives its size (undefined: not kept, e.g. a 404).
   */
  async load(
    site: Site,
    key: string,
    render: () => Promise<V>,
    size: (v: V) => number | undefined,
  ): Promise<V> {
    const k = `${site.id} ${key}`;
    const hit = this.find(site, k);
    if (hit !== undefined) return hit;
    const flight = this.flights.get(k);
    if (flight && flight.site === site) return flight.done;
    const generation = this.generation.get(site.id) ?? 0;
    const done = render().then((value) => {
      const bytes = size(value);
      if (bytes !== undefined && (this.generation.get(site.id) ?? 0) === generation) {
        this.set(site, k, value, bytes);
      }
      return value;
    });
    this.flights.set(k, { site, done });
    const forget = () => {
      if (this.flights.get(k)?.done === done) this.flights.delete(k);
    };
    done.then(forget, forget);
    return done;
  }

  /** The value cached under `key` for `site`, if any (nothing renders). */
  get(site: Site, key: string): V | undefined {
    return this.find(site, `${site.id} ${key}`);
  }

  /** Drops every entry of the site (and lets no render under way store its answer). */
  forgetSite(siteId: number): void {
    this.generation.set(siteId, (this.generation.get(siteId) ?? 0) + 1);
    for (const [k, e] of this.entries) if (e.site.id === siteId) this.delete(k);
    for (const [k, f] of this.flights) if (f.site.id === siteId) this.flights.delete(k);
  }

  /** Entries and their bytes (for tests and the benchmark's notes). */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private find(site: Site, k: string): V | undefined {
    const e = this.entries.get(k);
    if (!e) return undefined;
    if (e.site !== site || this.now() - e.at >= this.ttlMs) {
      this.delete(k);
      return undefined;
    }
    // Most recently used last (a Map keeps insertion order).
    this.entries.delete(k);
    this.entries.set(k, e);
    return e.value;
  }

  private set(site: Site, k: string, value: V, bytes: number): void {
    if (bytes > this.maxBytes) return;
    this.delete(k);
    this.entries.set(k, { site, value, bytes, at: this.now() });
    this.bytes += bytes;
    for (const old of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(old);
    }
  }

  private delete(k: string): void {
    const e = this.entries.get(k);
    if (!e) return;
    this.entries.delete(k);
    this.bytes -= e.bytes;
  }
}
