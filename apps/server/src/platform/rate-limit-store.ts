import type { RedisLink } from './redis.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A fixed window in Redis: the first hit of a window sets its expiry. Answers [count, ms left]. */
const WINDOW_LUA = `
local current = redis.call('INCR', KEYS[1])
local window = tonumber(ARGV[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], window)
  return {current, window}
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], window)
  ttl = window
end
return {current, ttl}
`;

type WindowCommand = (key: string, windowMs: number) => Promise<[number, number]>;

/** Fixed windows in this process's memory, the oldest forgotten first beyond `max` keys. */
class LocalWindows {
  private entries = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly max = 20_000) {}

  hit(key: string, windowMs: number, now = Date.now()): { current: number; ttl: number } {
    let e = this.entries.get(key);
    if (!e || e.resetAt <= now) {
      this.entries.delete(key);
      e = { count: 0, resetAt: now + windowMs };
      this.entries.set(key, e);
      if (this.entries.size > this.max) {
        for (const k of this.entries.keys()) {
          this.entries.delete(k);
          if (this.entries.size <= this.max * 0.9) break;
        }
      }
    }
    e.count++;
    return { current: e.count, ttl: e.resetAt - now };
  }
}

/**
 * The rate limits' store (@fastify/rate-limit `store`) with REDIS_URL: counted in Redis, so every
 * instance shares one count, while Redis answers; counted in this instance's memory while it does
 * not, so a limit still holds per instance (never fails open) and no request waits for Redis (the
 * connection has no offline queue and a short command timeout, platform/redis.ts). Counting moves
 * back to Redis as soon as the connection is ready again.
 */
export function redisRateLimitStore(link: RedisLink, prefix: string) {
  const redis = link.client as typeof link.client & { amoraRateWindow?: WindowCommand };
  if (!redis.amoraRateWindow) redis.defineCommand('amoraRateWindow', { numberOfKeys: 1, lua: WINDOW_LUA });
  const window = (key: string, ms: number) => redis.amoraRateWindow!(key, ms);

  class Store {
    private local = new LocalWindows();
    constructor(
      options: { continueExceeding?: boolean; exponentialBackoff?: boolean },
      private readonly keyPrefix = prefix,
    ) {
      // Only fixed windows are counted here; nothing in the app asks for the other modes.
      if (options.continueExceeding || options.exponentialBackoff)
        throw new Error('rate limits: continueExceeding and exponentialBackoff are not supported');
    }

    // @fastify/rate-limit passes the window (and the max) after the callback; its types leave them out.
    incr(key: string, cb: Callback, timeWindow = 60_000): void {
      if (!link.up) {
        cb(null, this.local.hit(key, timeWindow));
        return;
      }
      window(this.keyPrefix + key, timeWindow).then(
        ([current, ttl]) => cb(null, { current, ttl }),
        (err) => {
          link.failed(err);
          cb(null, this.local.hit(key, timeWindow));
        },
      );
    }

    // A route's own limit: its own keys (as @fastify/rate-limit's Redis store names them).
    child(route: object): Store {
      const { routeInfo, ...options } = route as { routeInfo?: { method?: unknown; url?: unknown } };
      return new Store(options, `${prefix}${routeInfo?.method}${routeInfo?.url}-`);
    }
  }
  return Store;
}
