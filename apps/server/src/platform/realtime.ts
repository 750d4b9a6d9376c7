import crypto from 'node:crypto';
import { type PublishedEvent, type ServerEvent, SOCKET_CLOSE } from '@amora/contracts/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { RedisLink } from './redis.ts';

const CHANNEL = 'amora:events';

/** What is published to members' sockets: the realtime contract (packages/contracts realtime.ts). */
export type RealtimeEvent = PublishedEvent;

/** Sessions whose sockets must close: one session, or every one of a member but `keep`. */
export type EndedSessions = { sessionId: string } | { userId: string; keep?: string | null };

/** Close code telling the client its session ended (logout elsewhere, password change...). */
export const SESSION_ENDED = SOCKET_CLOSE.sessionEnded;

export interface RealtimeOptions {
  /** Every socket is pinged this often; one that has not answered the previous ping is cut. */
  pingMs?: number;
  /**
   * Bytes a socket may have waiting to be sent (ws bufferedAmount, beyond what the kernel holds)
   * before it is closed as too slow (SOCKET_CLOSE.fellBehind): its client reconnects and catches up.
   */
  maxBufferedBytes?: number;
  /** How long a shutdown waits for clients to answer the 1001 close before cutting them. */
  closeWaitMs?: number;
}

/** What this instance's sockets went through (tests, logs). */
export interface RealtimeStats {
  sockets: number;
  /** Closed because their buffer passed maxBufferedBytes. */
  tooSlow: number;
  /** Terminated because they did not answer a ping. */
  dead: number;
  /** Times this instance told its sockets to catch up (its Redis subscription came back). */
  resyncs: number;
}

type Wire = {
  from: string;
  userIds?: string[];
  event?: RealtimeEvent;
  ended?: EndedSessions;
  forget?: string;
  sites?: boolean;
  pages?: number;
  resync?: boolean;
};

/**
 * Delivers events to members' open sockets (every tab of every member concerned). With REDIS_URL
 * each instance also publishes to Redis and delivers what other instances publish, so a member
 * connected to one instance hears what was sent through another.
 *
 * Redis is not a single point of failure. Without it, delivery stays local and nothing waits for
 * it (platform/redis.ts); an instance starts while it is down and connects when it returns. What
 * went over Redis meanwhile is lost, so when this instance's subscription comes back after a gap
 * (or comes up for the first time after the start), it resyncs: caches another instance may have
 * asked it to drop are dropped (site directory, public pages, sessions: `onResync`), then every
 * socket here is told {type: 'resync'} and its client catches up as after a reconnect. An
 * instance that could not publish tells the others to resync once it can again.
 *
 * Sockets are pinged every `pingMs` (a socket that missed its pong is terminated) and one that
 * reads too slowly is closed once its buffer passes `maxBufferedBytes`.
 */
export class Realtime {
  private sockets = new Map<string, Set<WebSocket>>();
  private sessionOf = new WeakMap<WebSocket, string>();
  private bySession = new Map<string, Set<WebSocket>>();
  private awaitingPong = new WeakSet<WebSocket>();
  private endedListeners: ((ended: EndedSessions) => void)[] = [];
  private forgetListeners: ((userId: string) => void)[] = [];
  private sitesListeners: (() => void)[] = [];
  private pagesListeners: ((siteId: number) => void)[] = [];
  private resyncListeners: (() => void | Promise<void>)[] = [];
  private readonly instance = crypto.randomUUID();
  private pub: RedisLink | undefined;
  private sub: RedisLink | undefined;
  private subscribing: Promise<void> | undefined;
  private isSubscribed = false;
  private subscribedWaiters: (() => void)[] = [];
  /** start() has returned: a subscription from now on may follow a gap. */
  private serving = false;
  /** A publish failed: the others missed something, and are told to resync once we can publish. */
  private othersMissed = false;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private readonly pingMs: number;
  private readonly maxBuffered: number;
  private readonly closeWaitMs: number;
  private counts = { tooSlow: 0, dead: 0, resyncs: 0 };

  constructor(
    private redisUrl: string | undefined,
    private log: FastifyBaseLogger,
    opts: RealtimeOptions = {},
  ) {
    this.pingMs = opts.pingMs ?? 30_000;
    this.maxBuffered = opts.maxBufferedBytes ?? 512 * 1024;
    this.closeWaitMs = opts.closeWaitMs ?? 1000;
  }

  /** The command connection to Redis (publishing; the rate limits count on it too), if any. */
  get redis(): RedisLink | undefined {
    return this.pub;
  }

  /** Whether this instance currently hears the other instances (its Redis subscription is up). */
  get subscribed(): boolean {
    return !!this.sub?.up && this.isSubscribed;
  }

  /**
   * Connects to Redis when REDIS_URL is set, without waiting for it when it is down (the
   * connection comes up by itself later), and starts pinging sockets.
   */
  async start(): Promise<void> {
    this.heartbeat = setInterval(() => this.tick(), this.pingMs);
    this.heartbeat.unref();
    if (!this.redisUrl) {
      this.serving = true;
      return;
    }
    const pub = new RedisLink(this.redisUrl, this.log, 'realtime publishing and rate limits');
    const sub = new RedisLink(this.redisUrl, this.log, 'realtime subscription');
    this.pub = pub;
    this.sub = sub;
    sub.client.on('message', (_channel, raw: string) => this.received(raw));
    sub.client.on('ready', () => {
      this.subscribing = this.subscribe(sub);
    });
    sub.client.on('close', () => {
      this.isSubscribed = false;
    });
    pub.client.on('ready', () => {
      if (this.othersMissed) {
        this.othersMissed = false;
        this.toOthers({ resync: true });
      }
    });
    const [, subscribed] = await Promise.all([pub.connect(), sub.connect()]);
    if (subscribed) await this.subscribing;
    this.serving = true;
  }

  private async subscribe(sub: RedisLink): Promise<void> {
    try {
      await sub.client.subscribe(CHANNEL);
    } catch (err) {
      // Subscribed to nothing on a live connection: make the connection again, which subscribes.
      this.log.warn({ err }, 'realtime: subscribing failed, reconnecting');
      sub.reconnect();
      return;
    }
    this.isSubscribed = true;
    if (this.serving) await this.resync('Redis subscription back');
    for (const fn of this.subscribedWaiters.splice(0)) fn();
  }

  /**
   * Resolves once this instance hears the others: its subscription is up and the resync it caused,
   * if any, has been sent. (Never, without REDIS_URL.)
   */
  whenSubscribed(): Promise<void> {
    if (this.isSubscribed && this.subscribing) return this.subscribing;
    return new Promise((resolve) => this.subscribedWaiters.push(resolve));
  }

  private received(raw: string): void {
    try {
      const { from, userIds, event, ended, forget, sites, pages, resync } = JSON.parse(raw) as Wire;
      if (from === this.instance) return;
      if (resync) void this.resync('another instance could not publish');
      else if (sites) for (const fn of this.sitesListeners) fn();
      else if (typeof pages === 'number') for (const fn of this.pagesListeners) fn(pages);
      else if (forget) for (const fn of this.forgetListeners) fn(forget);
      else if (ended) this.close(ended);
      else if (userIds && event) this.deliver(userIds, event);
    } catch (err) {
      this.log.warn({ err }, 'bad realtime message');
    }
  }

  /**
   * What other instances said meanwhile is lost: drop every cache they might have told us to drop,
   * then tell every socket here to catch up (its client reloads as after a reconnect).
   */
  private async resync(reason: string): Promise<void> {
    this.counts.resyncs++;
    this.log.info({ reason, sockets: this.stats.sockets }, 'realtime: sockets told to catch up');
    const done = await Promise.allSettled(this.resyncListeners.map(async (fn) => fn()));
    for (const d of done)
      if (d.status === 'rejected') this.log.warn({ err: d.reason }, 'realtime: resync step failed');
    const data = JSON.stringify({ type: 'resync' } satisfies ServerEvent);
    for (const socket of this.each()) this.send(socket, data);
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
    socket.on('pong', () => this.awaitingPong.delete(socket));
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

  /** Closes the sockets of ended sessions on this instance only (found out here, e.g. at a resync). */
  endLocalSessions(ended: EndedSessions): void {
    this.close(ended);
  }

  /** The sessions that have a socket open on this instance. */
  openSessions(): string[] {
    return [...this.bySession.keys()];
  }

  private toOthers(payload: Omit<Wire, 'from'>): void {
    const pub = this.pub;
    if (!pub) return;
    if (!pub.up) {
      // No waiting: it is lost for the others, who catch up when told to (see the 'ready' above).
      this.othersMissed = true;
      return;
    }
    pub.client.publish(CHANNEL, JSON.stringify({ from: this.instance, ...payload })).catch((err) => {
      this.othersMissed = true;
      pub.failed(err);
      this.log.warn({ err }, 'realtime publish failed');
    });
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

  /**
   * Called when this instance may have missed what other instances announced (its Redis
   * subscription came back after a gap): drop whatever such an announcement would have dropped.
   * The sockets are told to catch up once every listener has finished.
   */
  onResync(fn: () => void | Promise<void>): void {
    this.resyncListeners.push(fn);
  }

  get stats(): RealtimeStats {
    let sockets = 0;
    for (const set of this.sockets.values()) sockets += set.size;
    return { sockets, ...this.counts };
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
    for (const id of userIds) for (const socket of this.sockets.get(id) ?? []) this.send(socket, data);
  }

  /**
   * Sends unless the socket has fallen too far behind: a client that does not read would otherwise
   * have every event buffered here. It is closed instead (the close frame waits behind what is
   * buffered; ws cuts the socket if the close is not answered), and it catches up on reconnect.
   */
  private send(socket: WebSocket, data: string): void {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.maxBuffered) {
      this.counts.tooSlow++;
      socket.close(SOCKET_CLOSE.fellBehind, 'too far behind');
      return;
    }
    socket.send(data);
  }

  private *each(): Generator<WebSocket> {
    for (const set of this.sockets.values()) yield* set;
  }

  /** A socket that has not answered the last ping is gone (a lost network, a frozen client): cut it. */
  private tick(): void {
    for (const socket of [...this.each()]) {
      if (socket.readyState !== socket.OPEN) continue;
      if (this.awaitingPong.has(socket)) {
        this.counts.dead++;
        socket.terminate();
        continue;
      }
      this.awaitingPong.add(socket);
      socket.ping();
    }
    // A Redis that hangs keeps the subscription's connection open and silent: ask it.
    const sub = this.sub;
    if (sub?.up && this.isSubscribed) void sub.client.ping().catch((err) => sub.failed(err));
  }

  /**
   * Closes every socket with 1001 (going away: their clients reconnect, to another instance) and
   * waits a moment for the clients to answer, then cuts those that did not.
   */
  async closeAll(): Promise<void> {
    const open = [...this.each()].filter((s) => s.readyState !== s.CLOSED);
    const closed = Promise.all(open.map((s) => new Promise((r) => s.once('close', r))));
    for (const s of open) s.close(SOCKET_CLOSE.goingAway, 'server shutting down');
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([closed, new Promise((r) => (timer = setTimeout(r, this.closeWaitMs)))]);
    clearTimeout(timer);
    for (const s of open) if (s.readyState !== s.CLOSED) s.terminate();
  }

  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    this.serving = false;
    await this.closeAll();
    await Promise.all([this.pub?.close(), this.sub?.close()]);
  }
}
