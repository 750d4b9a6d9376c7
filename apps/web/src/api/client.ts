import type { ErrorResponse } from '@amora/contracts';
import {
  type BodyOf,
  type Endpoint,
  IDEMPOTENCY_HEADER,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@amora/contracts/endpoints';
import { CSRF_COOKIE, CSRF_HEADER } from '@amora/contracts/rules';

/** An API error with the server's stable code and translated message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly authenticationRequired = false,
    /** Untranslated values the page acts on (e.g. a restricted login's notice token). */
    readonly details?: Record<string, string>,
  ) {
    super(message);
  }
}

/** What to tell the member about a failed call: the server's translated message, or the generic one. */
export function errorText(err: unknown, t: (key: string) => string): string {
  return err instanceof ApiError && err.message ? err.message : t('errors.generic');
}

/** Answers true when it ended the member's session in this tab (there was one to end). */
type AuthListener = () => boolean | undefined;
const authListeners = new Set<AuthListener>();

/**
 * Spec §8: a 403 authentication_required from any call but /api/user.php logs the member out and
 * is swallowed. `fn` is told; when it answers true (it logged a member out), the call's promise
 * never settles, so the calling code never sees the error (the tab is leaving for '/'). For a
 * visitor (false) the error reaches the caller, whose page shows its way to log in.
 */
export function onAuthenticationRequired(fn: AuthListener): () => void {
  authListeners.add(fn);
  return () => authListeners.delete(fn);
}

function loggedOutHere(err: unknown, url: string): boolean {
  if (!(err instanceof ApiError) || !err.authenticationRequired || url.startsWith('/api/user.php'))
    return false;
  let ended = false;
  for (const fn of authListeners) ended = fn() === true || ended;
  return ended;
}

export const RETRIES = 5;
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A fresh idempotency key: one per logical action, sent again with each of its retries, so the
 * server does the action once and answers every try alike (apps/server platform/idempotency.ts).
 * From getRandomValues, which works outside secure contexts too.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/** Delay before retry n (0-based): 300 ms doubling, with jitter, capped at 8 s. */
export function retryDelay(attempt: number, random = Math.random): number {
  return Math.min(8000, 300 * 2 ** attempt) * (0.75 + random() * 0.5);
}

/**
 * Whether another try may go better: a network failure or a server error; for a read also 429.
 * A mutating call's 429 is an answer (a daily limit, a code's cool-down, a login lockout) that a
 * retry within seconds only repeats; 'payments_off' is the site's setting, a full disk (507) no
 * passing fault. An outage (503 service_unavailable) is retried. A first try of the same
 * key still running (409 idempotency_in_progress) will have its answer soon.
 */
function retryable(err: unknown, mutating: boolean): boolean {
  if (!(err instanceof ApiError)) return true; // network failure
  if (err.code === 'idempotency_in_progress') return true;
  // A full disk (507 storage_full) stays full for longer than a few retries.
  if (err.code === 'payments_off' || err.status === 507) return false;
  return err.status >= 500 || err.status === 0 || (err.status === 429 && !mutating);
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Retries (spec §7: up to 5 with exponential delay); a mutating call retries under its idempotency key. */
  retries?: number;
  /**
   * The idempotency key of a mutating call: one per logical action, made here when not given.
   * Pass one to make several calls one action (e.g. a Retry button sending the same thing again).
   */
  idempotencyKey?: string;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Calls the API; JSON in, JSON out; retries on network and 5xx/429 errors: reads as they are,
 * mutating calls under one idempotency key for all their tries (the server runs them once).
 */
/**
 * A static JSON file of this server, e.g. the page's catalog (/i18n/<locale>-<hash>.json): a plain
 * GET, the request the page's head preloads, so the preloaded answer serves it.
 */
export async function staticJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = (opts.method ?? 'GET').toUpperCase();
  const key = MUTATING.has(method) ? (opts.idempotencyKey ?? newIdempotencyKey()) : undefined;
  const retries = IDEMPOTENT.has(method) || key ? (opts.retries ?? RETRIES) : 0;
  const withKey: RequestOptions = key
    ? { ...opts, headers: { [IDEMPOTENCY_HEADER]: key, ...opts.headers } }
    : opts;
  const sleep = opts.sleep ?? wait;
  let url = path;
  if (opts.query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query)) if (v !== undefined) qs.set(k, String(v));
    const s = qs.toString();
    if (s) url += (url.includes('?') ? '&' : '?') + s;
  }
  for (let attempt = 0; ; attempt++) {
    try {
      return await once<T>(url, method, withKey);
    } catch (err) {
      if (loggedOutHere(err, url)) return new Promise<T>(() => {}); // spec §8: swallowed
      if (opts.signal?.aborted || attempt >= retries || !retryable(err, key !== undefined)) throw err;
      await sleep(retryDelay(attempt));
    }
  }
}

/** A part of a call: required when the endpoint's schema requires it, optional when all of it is. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : Record<string, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a call of `E` takes: its path parameters, query and body as its contract types them. */
export type CallOptions<E extends Endpoint> = Part<'params', ParamsOf<E>> &
  Part<'query', QueryOf<E>> &
  Part<'body', BodyOf<E>> &
  Pick<RequestOptions, 'headers' | 'signal' | 'retries' | 'sleep' | 'idempotencyKey'>;

type CallArgs<E extends Endpoint> =
  Record<string, never> extends CallOptions<E> ? [opts?: CallOptions<E>] : [opts: CallOptions<E>];

/** The path of `endpoint` with its `:name` parameters filled in (encoded). */
export function endpointPath(endpoint: Endpoint, params: Record<string, unknown> = {}): string {
  return endpoint.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${endpoint.name}: no value for :${name}`);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * Calls an endpoint of the contract (packages/contracts endpoints.ts) with its method and path,
 * typed by it: `call(endpoints.likes.like, { params: { id } })` answers a LikeResult. Retries,
 * CSRF and errors as `api()`.
 */
export async function call<E extends Endpoint>(endpoint: E, ...[opts]: CallArgs<E>): Promise<ResponseOf<E>> {
  const o = (opts ?? {}) as {
    params?: Record<string, unknown>;
    query?: RequestOptions['query'];
    body?: unknown;
  } & Pick<RequestOptions, 'headers' | 'signal' | 'retries' | 'sleep' | 'idempotencyKey'>;
  return api<ResponseOf<E>>(endpointPath(endpoint, o.params), {
    idempotencyKey: o.idempotencyKey,
    method: endpoint.method,
    query: o.query,
    body: o.body,
    headers: o.headers,
    signal: o.signal,
    retries: o.retries,
    sleep: o.sleep,
  });
}

/** The double-submit CSRF token the server put in a readable cookie. */
function csrfToken(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.cookie.match(new RegExp(`(?:^|; )${CSRF_COOKIE.replace('.', '\\.')}=([^;]+)`))?.[1];
}

async function once<T>(url: string, method: string, opts: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (method !== 'GET' && method !== 'HEAD') {
    const token = csrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: opts.signal });
  const text = await res.text();
  const data = text ? safeJson(text) : undefined;
  if (res.ok) return data as T;
  const e = (data as ErrorResponse | undefined)?.error;
  const authRequired =
    res.status === 403 && (data as ErrorResponse | undefined)?.authentication_required === true;
  throw new ApiError(res.status, e?.code ?? 'generic', e?.message ?? '', e?.fields, authRequired, e?.details);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
