import type { EndedSessions } from './realtime.ts';
import type { SessionUser } from './sessions.ts';

/**
 * Recently resolved sessions, so a member's burst of calls (a chat, a search page) does not read
 * the session row on every request. Entries live a few seconds; an ended session (logout, password
 * change, deletion: Realtime.endSessions, on every instance through Redis) is forgotten at once,
 * so it never outlives its row by more than the moment the event takes. What the entry carries
 * (paid_user, status, language) may lag a change by at most the TTL: rules that must be exact
 * (credits, limits) read the member's row in their own transaction.
 */
export class SessionCache {
  private entries = new Map<string, { user: SessionUser; siteId: number; at: number }>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly max = 20_000,
    private readonly now = () => Date.now(),
  ) {}

  get(sessionId: string, siteId: number): SessionUser | undefined {
    const e = this.entries.get(sessionId);
    if (!e) return undefined;
    if (this.now() - e.at > this.ttlMs || e.siteId !== siteId) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return e.user;
  }

  set(sessionId: string, siteId: number, user: SessionUser): void {
    if (this.entries.size >= this.max) {
      // The oldest go first (a Map keeps insertion order).
      const drop = Math.ceil(this.max / 10);
      for (const k of this.entries.keys()) {
        this.entries.delete(k);
        if (this.entries.size <= this.max - drop) break;
      }
    }
    this.entries.set(sessionId, { user, siteId, at: this.now() });
  }

  forget(ended: EndedSessions): void {
    if ('sessionId' in ended) {
      this.entries.delete(ended.sessionId);
      return;
    }
    for (const [k, e] of this.entries) {
      if (e.user.id === ended.userId && k !== ended.keep) this.entries.delete(k);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
