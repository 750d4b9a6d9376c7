import webpush from 'web-push';
import type { Db } from '../../platform/db.ts';
import { insertSiteKeys, type PushKeyRow, siteKeys } from './push.repo.ts';

/**
 * Each site's VAPID key pair (RFC 8292), made at start (or on first need, for a site added since)
 * and kept in the database, so every instance signs with the same key and a browser's
 * subscription (bound to the public key) stays valid across restarts. Held in memory once read: a site's keys never change.
 */
export class PushKeys {
  private cache = new Map<number, Promise<PushKeyRow>>();

  constructor(private db: Db) {}

  /** The site's key pair, made now if it has none. */
  keys(siteId: number): Promise<PushKeyRow> {
    let keys = this.cache.get(siteId);
    if (!keys) {
      keys = this.load(siteId);
      this.cache.set(siteId, keys);
      keys.catch(() => this.cache.delete(siteId));
    }
    return keys;
  }

  /** The settings' push_public_key: '' if the keys cannot be had (no push is offered then). */
  async publicKey(siteId: number): Promise<string> {
    try {
      return (await this.keys(siteId)).public_key;
    } catch {
      return '';
    }
  }

  private async load(siteId: number): Promise<PushKeyRow> {
    const have = await siteKeys(this.db, siteId);
    if (have) return have;
    const made = webpush.generateVAPIDKeys();
    await insertSiteKeys(this.db, siteId, { public_key: made.publicKey, private_key: made.privateKey });
    // Another instance may have made the site's keys at the same moment: whichever was stored wins.
    const stored = await siteKeys(this.db, siteId);
    if (!stored) throw new Error(`push keys of site ${siteId} could not be stored`);
    return stored;
  }
}
