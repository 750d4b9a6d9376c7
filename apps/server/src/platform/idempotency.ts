import crypto from 'node:crypto';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@amora/contracts/endpoints';
import { CSRF_COOKIE } from '@amora/contracts/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from './db.ts';
import { AppError } from './errors.ts';
import { routePath } from './request-context.ts';
import { hashSecret } from './tokens.ts';

/**
 * Idempotency keys (spec §7: every request retries up to 5 times, so a retried POST must not do
 * its thing twice). A mutating API request may carry `Idempotency-Key`; the first request with a
 * key runs and its answer (status, body) is kept a day per member (or visitor) and key. The same
 * key again, for the same request (method, path, body), gets that answer back without running;
 * for another request it is refused (422). While the first one runs, a second waits for it.
 *
 * Not kept, so a retry runs again: server errors (5xx), 429 and answers that set cookies (a login,
 * a logout: a session token is never stored, and running them again is harmless). Routes with an
 * idempotency of their own (a chat send's client_id, an order's attempt id) keep it; the key is a
 * second guard in front. Multipart uploads are told apart by method and path only (their body is
 * a stream the handler reads, with a random boundary per try).
 */

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long an answer is kept for retries. */
export const IDEMPOTENCY_TTL_H = 24;
/** A first request that never finished (its process died) frees its key after this long. */
const STALE_RUNNING_S = 120;
/** How long a second request waits for the first one with the same key. */
const WAIT_MS = 20_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request holds an idempotency key: its answer is kept for retries. */
    idempotency: { scope: string; key: string } | null;
  }
}

interface KeyRow {
  fingerprint: string;
  status: number | null;
  content_type: string | null;
  body: string | null;
}

/** Whose key it is: the member, else the visitor's browser (its CSRF token, which every mutating call sends). */
function scopeOf(req: FastifyRequest): string | null {
  if (req.user) return `u:${req.user.id}`;
  const csrf = req.cookies[CSRF_COOKIE];
  return csrf ? `v:${hashSecret(csrf)}` : null;
}

/** What makes two requests the same request: method, path with query, and the body (multipart: none). */
function fingerprintOf(req: FastifyRequest): string {
  const multipart = String(req.headers['content-type'] ?? '').startsWith('multipart/');
  const body = multipart || req.body === undefined ? '' : JSON.stringify(req.body);
  return crypto.createHash('sha256').update(`${req.method} ${req.url}\n${body}`).digest('base64url');
}

function keptAnswer(status: number, headers: Record<string, unknown>): boolean {
  return status < 500 && status !== 429 && status !== 409 && headers['set-cookie'] === undefined;
}

/** Deletes the answers kept longer than their day (the 'idempotency.prune' job). */
export async function pruneIdempotencyKeys(db: Db): Promise<number> {
  const rows = await db.query('DELETE FROM idempotency_keys WHERE expires_at < now() RETURNING 1');
  return rows.length;
}

export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  const db = app.db;
  app.decorateRequest('idempotency', null);
  /** First requests running in this process, by scope and key: a second one waits on it. */
  const running = new Map<string, Promise<void>>();
  const finished = new Map<string, () => void>();

  app.jobs.define('idempotency.prune', () => pruneIdempotencyKeys(db));
  app.jobs.schedule('idempotency.prune', '23 * * * *');

  const claim = async (scope: string, key: string, fingerprint: string) =>
    (
      await db.query(
        `INSERT INTO idempotency_keys (scope, key, fingerprint, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(hours => $4))
         ON CONFLICT (scope, key) DO UPDATE
            SET fingerprint = EXCLUDED.fingerprint, status = NULL, content_type = NULL, body = NULL,
                created_at = now(), expires_at = EXCLUDED.expires_at
          WHERE idempotency_keys.expires_at <= now()
             OR (idempotency_keys.status IS NULL
                 AND idempotency_keys.created_at < now() - make_interval(secs => $5))
         RETURNING 1`,
        [scope, key, fingerprint, IDEMPOTENCY_TTL_H, STALE_RUNNING_S],
      )
    ).length > 0;

  const read = async (scope: string, key: string) =>
    (
      await db.query<KeyRow>(
        'SELECT fingerprint, status, content_type, body FROM idempotency_keys WHERE scope = $1 AND key = $2',
        [scope, key],
      )
    )[0];

  /** The first request's answer, once it has one (waiting for it while it runs), or undefined. */
  async function answerOf(scope: string, key: string): Promise<KeyRow | undefined> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const row = await read(scope, key);
      if (!row || row.status !== null || Date.now() >= deadline) return row;
      const here = running.get(`${scope}\n${key}`);
      // In this process: wait for its end; on another instance: look again shortly.
      await Promise.race([
        here ?? new Promise((r) => setTimeout(r, 100)),
        new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now()))),
      ]);
    }
  }

  const replay = (reply: FastifyReply, row: KeyRow) => {
    reply.status(row.status!).header('idempotent-replayed', 'true');
    if (row.content_type) reply.header('content-type', row.content_type);
    return reply.send(row.body || undefined);
  };

  /** The end of a first request: a waiting second one may read its answer (or claim the key). */
  const release = (held: { scope: string; key: string }) => {
    const id = `${held.scope}\n${held.key}`;
    finished.get(id)?.();
    finished.delete(id);
    running.delete(id);
  };

  app.addHook('preHandler', async (req, reply) => {
    if (!MUTATING.has(req.method) || !routePath(req).startsWith('/api/')) return;
    const key = req.headers[IDEMPOTENCY_HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw new AppError('idempotency_key_invalid', 400);
    }
    const scope = scopeOf(req);
    if (!scope) return; // nobody to keep it for (a cookie-less call, e.g. one-click unsubscribe)
    const fingerprint = fingerprintOf(req);
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await claim(scope, key, fingerprint)) {
        const id = `${scope}\n${key}`;
        running.set(id, new Promise<void>((resolve) => finished.set(id, resolve)));
        req.idempotency = { scope, key };
        return;
      }
      const row = await answerOf(scope, key);
      if (!row) continue; // gone meanwhile (its first request failed): claim it
      if (row.fingerprint !== fingerprint) throw new AppError('idempotency_key_reused', 422);
      if (row.status === null) throw new AppError('idempotency_in_progress', 409);
      return replay(reply, row);
    }
    throw new AppError('idempotency_in_progress', 409);
  });

  const forget = (held: { scope: string; key: string }) =>
    db.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2', [held.scope, held.key]);

  app.addHook('onSend', async (req, reply, payload) => {
    const held = req.idempotency;
    if (!held) return payload;
    req.idempotency = null;
    try {
      const status = reply.statusCode;
      if (keptAnswer(status, reply.getHeaders()) && (payload == null || typeof payload === 'string')) {
        await db.query(
          `UPDATE idempotency_keys SET status = $3, content_type = $4, body = $5
            WHERE scope = $1 AND key = $2`,
          [held.scope, held.key, status, String(reply.getHeader('content-type') ?? ''), payload ?? ''],
        );
      } else {
        await forget(held); // not kept: a retry may run it again
      }
    } finally {
      release(held);
    }
    return payload;
  });

  // A request that ended without an answer (the client went away first): its key is free again.
  app.addHook('onResponse', async (req) => {
    const held = req.idempotency;
    if (!held) return;
    req.idempotency = null;
    try {
      await forget(held);
    } finally {
      release(held);
    }
  });
});
