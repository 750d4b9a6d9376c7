import type { ErrorResponse } from '@amora/contracts';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@amora/contracts/endpoints';
import { CSRF_COOKIE, CSRF_HEADER } from '@amora/contracts/rules';

/** An API error with the server's stable code and translated message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly authenticationRequired = false,
  ) {
    super(message);
  }
}

/** What to tell the member about a failed call: the server's translated message, or the generic one. */
export function errorText(err: unknown, t: (key: string) => string): string {
  return err instanceof ApiError && err.message ? err.message : t('errors.generic');
}

type AuthListener = () => void;
const authListeners = new Set<AuthListener>();

/** Called when any call but /api/user.php answers 403 authentication_required (spec §8). */
export function onAuthenticationRequired(fn: AuthListener): () => void {
  authListeners.add(fn);
  return () => authListeners.delete(fn);
}

export const RETRIES = 5;
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Delay before retry n (0-based): 300 ms doubling, with jitter, capped at 8 s. */
export function retryDelay(attempt: number, random = Math.random): number {
  return Math.min(8000, 300 * 2 ** attempt) * (0.75 + random() * 0.5);
}

function retryable(err: unknown): boolean {
  if (err instanceof ApiError) return err.status >= 500 || err.status === 429 || err.status === 0;
  return true; // network failure
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Retries (spec §7: up to 5 with exponential delay). Non-idempotent calls are not retried. */
  retries?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Calls the API; JSON in, JSON out; retries idempotent calls on network and 5xx/429 errors. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = (opts.method ?? 'GET').toUpperCase();
  const retries = IDEMPOTENT.has(method) ? (opts.retries ?? RETRIES) : 0;
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
      return await once<T>(url, method, opts);
    } catch (err) {
      if (opts.signal?.aborted || attempt >= retries || !retryable(err)) throw err;
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
  Pick<RequestOptions, 'headers' | 'signal' | 'retries' | 'sleep'>;

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
  } & Pick<RequestOptions, 'headers' | 'signal' | 'retries' | 'sleep'>;
  return api<ResponseOf<E>>(endpointPath(endpoint, o.params), {
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
  const error = new ApiError(res.status, e?.code ?? 'generic', e?.message ?? '', e?.fields, authRequired);
  if (authRequired && !url.startsWith('/api/user.php')) {
    for (const fn of authListeners) fn();
  }
  throw error;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
