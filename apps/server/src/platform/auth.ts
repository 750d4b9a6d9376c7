import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, SESSION_MAX_AGE_S } from '@amora/contracts';
import { isLocale, LOCALE_COOKIE } from '@amora/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findSession, type SessionUser, touchDue, touchSession } from '../features/accounts/sessions.repo.ts';
import { AppError } from './errors.ts';
import { SessionCache } from './session-cache.ts';
import { hashSecret, newSecret, safeEqual } from './tokens.ts';

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
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(req.headers.host),
  });
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function issuesCsrf(url: string): boolean {
  return !url.startsWith('/api/') || url.startsWith('/api/user.php') || url.startsWith('/api/settings.php');
}

/**
 * Resolves the session of each request and guards against CSRF: mutating API calls must echo
 * the `auth.csrf` cookie in the `x-csrf-token` header (double submit; a cross-site page can
 * neither read the cookie nor set the header). Routes with `access: 'member'` need a session.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const cache = new SessionCache();
  app.decorate('sessionCache', cache);
  app.realtime.onSessionsEnded((ended) => cache.forget(ended));

  app.addHook('onRequest', async (req, reply) => {
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
    // The CSRF cookie comes with pages and the browser's boot calls; other API answers skip the work.
    if (!req.cookies[CSRF_COOKIE] && issuesCsrf(req.url)) {
      const csrf = newSecret();
      req.cookies[CSRF_COOKIE] = csrf; // so a same-request render can embed it
      reply.setCookie(CSRF_COOKIE, csrf, {
        path: '/',
        httpOnly: false,
        sameSite: 'strict',
        secure: secureCookies(req.headers.host),
        maxAge: SESSION_MAX_AGE_S,
      });
    }
  });

  app.addHook('preHandler', async (req) => {
    const access = req.routeOptions.config?.access;
    if (req.url.startsWith('/api/') && MUTATING.has(req.method)) {
      const header = req.headers[CSRF_HEADER];
      const cookie = req.cookies[CSRF_COOKIE];
      if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie)) {
        throw new AppError('csrf', 403);
      }
    }
    if (access === 'member' && !req.user) throw new AppError('authentication_required', 403);
  });
});
