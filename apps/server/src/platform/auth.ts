import crypto from 'node:crypto';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  OPERATOR_COOKIE,
  SESSION_COOKIE,
  SESSION_MAX_AGE_S,
} from '@amora/contracts';
import { isLocale, LOCALE_COOKIE } from '@amora/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';
import { routePath } from './request-context.ts';
import { sign } from './secrets.ts';
import { SessionCache } from './session-cache.ts';
import { findSession, type SessionUser, touchDue, touchSession } from './sessions.ts';
import { hashSecret, safeEqual } from './tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Recently resolved sessions; forget ended ones at once (platform/session-cache.ts). */
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    /** The member behind the session cookie, or null. Sessions only ever work on their own site. */
    user: SessionUser | null;
    sessionId: string | null;
  }
}

/** Cookies are Secure everywhere but on local development hosts. */
export function secureCookies(host: string | undefined): boolean {
  const h = (host ?? '').replace(/:\d+$/, '');
  return !(h === 'localhost' || h.endsWith('.localhost') || h === '127.0.0.1' || h === '[::1]');
}

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(req.headers.host),
    maxAge: SESSION_MAX_AGE_S,
  });
  setCsrfCookie(req, reply, bindingOf(token, req.cookies[OPERATOR_COOKIE])); // the CSRF token follows the new session
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(req.headers.host),
  });
  setCsrfCookie(req, reply, bindingOf(undefined, req.cookies[OPERATOR_COOKIE]));
}

/** A new CSRF token for the request's cookies as they are now (a console login or logout changed them). */
export function setCsrfFor(req: FastifyRequest, reply: FastifyReply): void {
  setCsrfCookie(req, reply, csrfBinding(req));
}

/**
 * Signed double submit (OWASP): the token is a random value with an HMAC binding it to the session
 * cookie it was issued with. A page that can plant cookies (a sibling subdomain) cannot make a
 * token valid for the victim's session, and a token outlives nothing: a new session gets a new one.
 */
function csrfFor(key: Buffer, binding: string): string {
  const nonce = crypto.randomBytes(18).toString('base64url');
  return `${nonce}.${sign(key, 'csrf', binding, nonce)}`;
}

function csrfValid(key: Buffer, binding: string, token: string | undefined): boolean {
  if (!token || token.length > 100) return false;
  const [nonce, mac] = token.split('.');
  return !!nonce && !!mac && safeEqual(mac, sign(key, 'csrf', binding, nonce));
}

/**
 * What a CSRF token is bound to: the session cookie as sent (its hash), or nothing for a visitor,
 * and the console's session cookie when there is one (a token from before a console login is refused).
 */
function csrfBinding(req: FastifyRequest): string {
  return bindingOf(req.cookies[SESSION_COOKIE], req.cookies[OPERATOR_COOKIE]);
}

function bindingOf(session: string | undefined, operator: string | undefined): string {
  const member = session && session.length <= 100 ? hashSecret(session) : '';
  return operator && operator.length <= 100 ? `${member}:op:${hashSecret(operator)}` : member;
}

function setCsrfCookie(req: FastifyRequest, reply: FastifyReply, binding: string): void {
  const csrf = csrfFor(req.server.secrets.csrf, binding);
  req.cookies[CSRF_COOKIE] = csrf; // so a same-request render can embed it
  reply.setCookie(CSRF_COOKIE, csrf, {
    path: '/',
    httpOnly: false,
    sameSite: 'strict',
    secure: secureCookies(req.headers.host),
    maxAge: SESSION_MAX_AGE_S,
  });
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The only mutating API calls without a CSRF token, each for a reason that makes the token moot:
 * - POST /api/mail/unsubscribe: RFC 8058 one-click comes from a mail provider without cookies; the
 *   signed per-member token in its URL is the authority, and the route reads no session.
 * - POST /api/page-hidden.php: the spec's beacon (navigator.sendBeacon cannot set a header); it only
 *   marks its own member as away, and a cross-site page cannot send the Lax session cookie with it.
 * Matched on the route (method and declared path); anything else under /api still needs the token.
 */
const CSRF_EXEMPT = new Set(['POST /api/mail/unsubscribe', 'POST /api/page-hidden.php']);

/**
 * Pages and the browser's boot calls carry the CSRF cookie; nothing else does. Hashed assets,
 * photos and other files (a dot in the path's last segment: favicon.svg, sw-push.js...) answer
 * without Set-Cookie, so a CDN or shared cache may keep them.
 */
function issuesCsrf(path: string): boolean {
  if (path.startsWith('/api/')) return path === '/api/user.php' || path === '/api/settings.php';
  return !path.startsWith('/assets/') && !path.startsWith('/media/') && !/\.[a-z0-9]+$/i.test(path);
}

/**
 * Resolves the session of each request and guards against CSRF: mutating API calls must echo
 * the `auth.csrf` cookie in the `x-csrf-token` header (double submit; a cross-site page can
 * neither read the cookie nor set the header), and the token must be signed for this session.
 * Route access is checked next, by platform/access.ts.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const cache = new SessionCache();
  app.decorate('sessionCache', cache);
  app.realtime.onSessionsEnded((ended) => cache.forget(ended));
  app.realtime.onForgetUser((userId) => cache.forget({ userId }));
  // A gap in the Redis subscription may have swallowed an ended session: forget them all.
  app.realtime.onResync(() => cache.clear());

  app.addHook('onRequest', async (req, reply) => {
    if (!req.site) return; // a siteless route (the health check) on a host no site answers to
    const token = req.cookies[SESSION_COOKIE];
    if (token && token.length <= 100) {
      const id = hashSecret(token);
      let found = cache.get(id, req.site.id);
      if (!found) {
        found = (await findSession(app.db, id, req.site.id)) ?? undefined;
        if (found) cache.set(id, req.site.id, found);
      }
      if (found) {
        req.user = found;
        req.sessionId = id;
        // A member's saved language applies wherever no language cookie says otherwise.
        if (!req.cookies[LOCALE_COOKIE] && isLocale(found.language)) req.locale = found.language;
        if (touchDue(found.last_seen_at)) {
          found.last_seen_at = new Date(); // once per session and interval, even from the cache
          void touchSession(app.db, id).catch(() => {});
        }
      }
    }
    const binding = csrfBinding(req);
    const cookie = req.cookies[CSRF_COOKIE];
    // Decided by the route the request matched, never by its target as written: `PUT
    // http://host/api/profile` (absolute form) and `/%61pi/profile` reach /api/profile too.
    const path = routePath(req);
    if (path.startsWith('/api/') && MUTATING.has(req.method) && !CSRF_EXEMPT.has(`${req.method} ${path}`)) {
      const header = req.headers[CSRF_HEADER];
      if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie)) {
        throw new AppError('csrf', 403);
      }
      if (!csrfValid(app.secrets.csrf, binding, cookie)) throw new AppError('csrf', 403);
      return;
    }
    // Pages and the browser's boot calls bring a (new) token when there is none valid for this session.
    if (issuesCsrf(path) && !csrfValid(app.secrets.csrf, binding, cookie)) {
      setCsrfCookie(req, reply, binding);
    }
  });
});
