import { hasTrafficSource, parseTracking, type Tracking } from '@amora/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { secureCookies } from './auth.ts';

/**
 * The visitor's traffic source (spec §3 tracking record, §9 parameters): taken from the URL of the
 * first page a visitor lands on and kept in a cookie; the first touch wins (a later URL with other
 * parameters changes nothing), so the partner who brought the visitor is the one credited. The
 * cookie is httpOnly and read back through parseTracking (known fields, braces and control
 * characters stripped, lengths bounded), so whatever a client puts there is at worst a source it
 * could have put in a URL.
 */
export const TRACKING_COOKIE = 'amora_src';
const TRACKING_MAX_AGE_S = 90 * 24 * 3600;

/** The tracking record the visitor's cookie holds ({} when none or unreadable). */
export function trackingOf(req: FastifyRequest): Tracking {
  const raw = req.cookies[TRACKING_COOKIE];
  if (!raw || raw.length > 4096) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? parseTracking(value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * On a page load: keeps the URL's tracking parameters when the visitor has no source yet. Returns
 * the record that holds for this request (the kept one, or the new one).
 */
export function captureTracking(req: FastifyRequest, reply: FastifyReply, search: URLSearchParams): Tracking {
  const kept = trackingOf(req);
  if (hasTrafficSource(kept)) return kept;
  const query: Record<string, string> = {};
  for (const [k, v] of search) if (!(k in query)) query[k] = v;
  const incoming = parseTracking(query);
  if (!hasTrafficSource(incoming)) return {};
  reply.setCookie(TRACKING_COOKIE, JSON.stringify(incoming), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(req.headers.host),
    maxAge: TRACKING_MAX_AGE_S,
  });
  req.cookies[TRACKING_COOKIE] = JSON.stringify(incoming);
  return incoming;
}
