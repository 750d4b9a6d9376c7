import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * How every Redis connection of the app behaves (REDIS_URL). Redis accelerates, it is never a
 * single point of failure (docs/ARCHITECTURE.md "Real time"): a command never waits for Redis to
 * come back. Without a connection a command fails at once (no offline queue), a command on a
 * connection that stopped answering fails after `commandTimeout`, and a command cut off with its
 * connection is not sent again later. The connection itself comes back on its own, forever, at
 * most 2 s apart; the callers fall back meanwhile (per-instance rate limits, local delivery).
 */
export const REDIS_OPTIONS = {
  lazyConnect: true,
  enableOfflineQueue: false,
  commandTimeout: 250,
  connectTimeout: 1000,
  maxRetriesPerRequest: 0,
  autoResendUnfulfilledCommands: false,
  // The subscriber subscribes itself on every 'ready' (platform/realtime.ts), so it knows each time
  // its subscription is back and may have missed something.
  autoResubscribe: false,
  retryStrategy: (attempt: number) => Math.min(100 * 2 ** attempt, 2000),
} as const satisfies RedisOptions;

/**
 * One connection to Redis, which reconnects by itself and logs an outage once (not at every
 * retry). `up` says whether a command may be sent now.
 */
export class RedisLink {
  readonly client: Redis;
  private down = false;
  private closing = false;
  private readyWaiters: (() => void)[] = [];

  constructor(
    url: string,
    private log: FastifyBaseLogger,
    private role: string,
  ) {
    this.client = new Redis(url, REDIS_OPTIONS);
    this.client.on('error', (err) => {
      if (this.down) return;
      this.down = true;
      this.log.warn({ err: err.message, role }, 'Redis unreachable: carrying on without it, reconnecting');
    });
    this.client.on('close', () => {
      if (this.down || this.closing) return;
      this.down = true;
      this.log.warn({ role }, 'Redis connection lost: carrying on without it, reconnecting');
    });
    this.client.on('ready', () => {
      if (this.down) this.log.info({ role }, 'Redis is back');
      this.down = false;
      for (const fn of this.readyWaiters.splice(0)) fn();
    });
  }

  /** True while commands can be sent (connected, ready, and the connection not being torn down). */
  get up(): boolean {
    return this.client.status === 'ready' && this.client.stream?.writable === true;
  }

  /**
   * Tries to connect once and answers whether it worked; when it did not, the connection keeps
   * retrying in the background. Never throws: an instance starts while Redis is down.
   */
  async connect(): Promise<boolean> {
    if (this.client.status !== 'wait') return this.up;
    return this.client.connect().then(
      () => true,
      () => false,
    );
  }

  /** Resolves once the connection is ready (at once when it is). */
  ready(): Promise<void> {
    if (this.up) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /**
   * A command failed. One that timed out went over a connection that stopped answering (a hung or
   * unreachable server: TCP may take minutes to notice), so that connection is dropped and made
   * again, and until it is ready `up` is false and nobody waits on it.
   */
  failed(err: unknown): void {
    if (err instanceof Error && /timed out/i.test(err.message) && this.client.status === 'ready') {
      this.log.warn({ role: this.role }, 'Redis stopped answering: reconnecting');
      this.reconnect();
    }
  }

  /**
   * Drops the connection now and makes a new one. Destroyed, not ended: ending waits for a hung
   * server's answer, and the connection would count as ready meanwhile.
   */
  reconnect(): void {
    if (this.client.status === 'ready') this.client.stream.destroy();
  }

  async close(): Promise<void> {
    this.closing = true;
    this.readyWaiters.splice(0);
    if (this.client.status === 'ready') await this.client.quit().catch(() => this.client.disconnect());
    else this.client.disconnect();
  }
}
