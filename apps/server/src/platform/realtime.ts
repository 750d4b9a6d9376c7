import crypto from 'node:crypto';
import { type PublishedEvent, SOCKET_CLOSE } from '@amora/contracts/realtime';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { WebSocket } from 'ws';

const CHANNEL = 'amora:events';

/** What is published to members' sockets: the realtime contract (packages/contracts realtime.ts). */
export type RealtimeEvent = PublishedEvent;

/** Sessions whose sockets must close: one session, or every one of a member but `keep`. */
export type EndedSessions = { sessionId: string } | { userId: string; keep?: string | null };

/** Close code telling the client its session ended (logout elsewhere, password change...). */
export const SESSION_ENDED = SOCKET_CLOSE.sessionEnded;

/**
 * Delivers events to members' open sockets (every tab of every member concerned). With REDIS_URL
 * each instance also publishes to Redis and delivers what other instances publish, so a member
 * connected to one instance hears what was sent through another.
 */
export class Realtime {
  private sockets = new Map<string, Set<WebSocket>>();
  private sessionOf = new WeakMap<WebSocket, string>();
  private bySession = new Map<string, Set<WebSocket>>();
  private endedListeners: ((ended: EndedSessions) => void)[] = [];
  private forgetListeners: ((userId: string) => void)[] = [];
  private sitesListeners: (() => void)[] = [];
  private pagesListeners: ((siteId: number) => void)[] = [];
  private readonly instance = crypto.randomUUID();
  private pub: Redis | undefined;
  private sub: Redis | undefined;

  constructor(
    private redisUrl: string | undefined,
    private log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    if (!this.redisUrl) return;
    this.pub = new Redis(this.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.sub = new Redis(this.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    this.sub.on('message', (_channel, raw) => {
      try {
        const { from, userIds, event, ended, forget, sites, pages } = JSON.parse(raw) as {
          from: string;
          userIds?: string[];
          event?: RealtimeEvent;
          ended?: EndedSessions;
          forget?: string;
          sites?: boolean;
          pages?: number;
        };
        if (from === this.instance) return;
        if (sites) for (const fn of this.sitesListeners) fn();
        else if (typeof pages === 'number') for (const fn of this.pagesListeners) fn(pages);
        else if (forget) for (const fn of this.forgetListeners) fn(forget);
        else if (ended) this.close(ended);
        else if (userIds && event) this.deliver(userIds, event);
      } catch (err) {
        this.log.warn({ err }, 'bad realtime message');
      }
    });
    await this.sub.subscribe(CHANNEL);
  }

  add(userId: string, socket: WebSocket, sessionId: string): void {
    this.sessionOf.set(socket, sessionId);
    let set = this.sockets.get(userId);
    if (!set) {
      set = new Set();
      this.sockets.set(userId, set);
    }
    set.add(socket);
    let mine = this.bySession.get(sessionId);
    if (!mine) {
      mine = new Set();
      this.bySession.set(sessionId, mine);
    }
    mine.add(socket);
    socket.on('close', () => {
      set.delete(socket);
      if (set.size === 0) this.sockets.delete(userId);
      mine.delete(socket);
      if (mine.size === 0) this.bySession.delete(sessionId);
    });
  }

  /** Sends an event to these members' sockets here and, through Redis, on the other instances. */
  publish(userIds: string[], event: RealtimeEvent): void {
    this.deliver(userIds, event);
    this.toOthers({ userIds, event });
  }

  /** Closes the sockets of ended sessions here and, through Redis, on the other instances. */
  endSessions(ended: EndedSessions): void {
    this.close(ended);
    this.toOthers({ ended });
  }

  private toOthers(payload: object): void {
    if (!this.pub) return;
    void this.pub
      .publish(CHANNEL, JSON.stringify({ from: this.instance, ...payload }))
      .catch((err) => this.log.warn({ err }, 'realtime publish failed'));
  }

  /**
   * A member's account changed in a way cached sessions must not hide (premium after a first
   * purchase): every instance forgets that member's cached sessions, without closing sockets.
   */
  forgetUser(userId: string): void {
    for (const fn of this.forgetListeners) fn(userId);
    this.toOthers({ forget: userId });
  }

  onForgetUser(fn: (userId: string) => void): void {
    this.forgetListeners.push(fn);
  }

  /**
   * The sites table changed (the console saved a site): the other instances re-read their site
   * directory at once instead of after its 30 s cache (the saving instance reloads its own before
   * answering). Without Redis there are no others.
   */
  sitesChanged(): void {
    this.toOthers({ sites: true });
  }

  onSitesChanged(fn: () => void): void {
    this.sitesListeners.push(fn);
  }

  /**
   * What a site's public pages show changed in a way that must not wait for their cache's TTL (a
   * moderation decision took a member or a photo off them): every instance drops that site's
   * cached pages (platform/page-cache.ts).
   */
  pagesChanged(siteId: number): void {
    for (const fn of this.pagesListeners) fn(siteId);
    this.toOthers({ pages: siteId });
  }

  onPagesChanged(fn: (siteId: number) => void): void {
    this.pagesListeners.push(fn);
  }

  /** Called for every ended session, here or on another instance (e.g. to drop cached sessions). */
  onSessionsEnded(fn: (ended: EndedSessions) => void): void {
    this.endedListeners.push(fn);
  }

  private close(ended: EndedSessions): void {
    for (const fn of this.endedListeners) fn(ended);
    const targets =
      'sessionId' in ended
        ? [...(this.bySession.get(ended.sessionId) ?? [])]
        : [...(this.sockets.get(ended.userId) ?? [])].filter((s) => this.sessionOf.get(s) !== ended.keep);
    for (const socket of targets) socket.close(SESSION_ENDED, 'session ended');
  }

  private deliver(userIds: string[], event: RealtimeEvent): void {
    const data = JSON.stringify(event);
    for (const id of userIds) {
      for (const socket of this.sockets.get(id) ?? []) {
        if (socket.readyState === socket.OPEN) socket.send(data);
      }
    }
  }

  async stop(): Promise<void> {
    for (const set of this.sockets.values())
      for (const s of set) s.close(SOCKET_CLOSE.goingAway, 'server shutting down');
    this.sockets.clear();
    await Promise.all([this.pub?.quit(), this.sub?.quit()].filter(Boolean));
  }
}
