import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { sign } from './secrets.ts';

/**
 * Photo addresses. A blurred card (`-b`) is public; every full variant (`-l`, `-m`, `-t`) carries a
 * signature with an expiry, given out only by presenters to viewers entitled to it (the main photo
 * to anyone, the others to premium members and the owner). Guessing or editing a file name opens
 * nothing: `-l` for `-b` in a locked photo's address is refused.
 *
 * Signatures are made per period (6 h) and stay valid for one more, so the same viewer gets the
 * same address for hours (browser and CDN caches work) and a copied address dies within 12 h.
 */
const PERIOD_S = 6 * 3600;
let mediaKey: Buffer | undefined;

/** Sets the signing key (from the database, shared by every instance); done once at start. */
export function useMediaKey(key: Buffer): void {
  mediaKey = key;
}

function signature(file: string, expires: number): string {
  if (!mediaKey) throw new Error('media signing key not set (useMediaKey at start)');
  return sign(mediaKey, 'media', file, String(expires));
}

/**
 * The address of a stored object under the site's CDN prefix (spec §3 cdn_prefix), signed when it
 * is a full variant of a photo.
 */
export function mediaUrl(cdnPrefix: string, file: string, now = Date.now()): string {
  const base = `${cdnPrefix.replace(/\/$/, '')}/${file}`;
  if (file.endsWith('-b.jpg')) return base;
  const expires = (Math.floor(now / 1000 / PERIOD_S) + 2) * PERIOD_S;
  return `${base}?e=${expires}&s=${signature(file, expires)}`;
}

/** Whether a request for a stored file (path below /media/) may be answered. */
export function mediaAllowed(file: string, query: { e?: string; s?: string }, now = Date.now()): boolean {
  if (file.endsWith('-b.jpg')) return true;
  const expires = Number(query.e);
  if (!Number.isInteger(expires) || expires * 1000 < now || typeof query.s !== 'string') return false;
  const expected = signature(file, expires);
  return query.s.length === expected.length && query.s === expected;
}

/** Seconds a signed address stays valid (its cache lifetime). */
export function mediaMaxAge(file: string, query: { e?: string }, now = Date.now()): number {
  if (file.endsWith('-b.jpg')) return 31_536_000;
  return Math.max(0, Number(query.e) - Math.floor(now / 1000));
}

export function sendJpeg(reply: FastifyReply, body: Buffer | fs.ReadStream, maxAge: number) {
  return sendImage(reply, 'image/jpeg', body, maxAge);
}

function sendImage(reply: FastifyReply, type: string, body: Buffer | fs.ReadStream, maxAge: number) {
  return reply
    .type(type)
    .header('cache-control', `public, max-age=${maxAge}${maxAge > 86_400 ? ', immutable' : ''}`)
    .header('vary', 'accept')
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'same-site')
    .send(body);
}

/**
 * WebP copies of photos, made on first request and kept in memory only (at most 400, the oldest
 * go first), so a deleted photo leaves no copy behind on disk. Keyed by file, size and change time:
 * a replaced file gets a new copy.
 */
const webpCopies = new Map<string, Promise<Buffer>>();
const WEBP_COPIES = 400;

/**
 * A stored photo (a JPEG file) as the browser prefers it: WebP (a quarter to a third smaller at
 * the same look) when its Accept header names image/webp, else the JPEG; `Vary: Accept` either way.
 */
export async function sendPhoto(
  req: FastifyRequest,
  reply: FastifyReply,
  full: string,
  stat: fs.Stats,
  maxAge: number,
) {
  if (!/\bimage\/webp\b/.test(String(req.headers.accept ?? ''))) {
    return sendImage(reply, 'image/jpeg', fs.createReadStream(full), maxAge);
  }
  const key = `${full}:${stat.size}:${stat.mtimeMs}`;
  let copy = webpCopies.get(key);
  if (!copy) {
    copy = sharp(full).webp({ quality: 78 }).toBuffer();
    webpCopies.set(key, copy);
    copy.catch(() => webpCopies.delete(key));
    if (webpCopies.size > WEBP_COPIES) webpCopies.delete(webpCopies.keys().next().value!);
  }
  const body = await copy.catch(() => null);
  if (!body) return sendImage(reply, 'image/jpeg', fs.createReadStream(full), maxAge);
  return sendImage(reply, 'image/webp', body, maxAge);
}

/** Uploaded profile photos: only `p/<uuid>-<variant>.jpg`, and only as mediaAllowed says. */
const UPLOAD = /^p\/[0-9a-f-]{36}-[lmtb]\.jpg$/;

export async function mediaRoutes(app: FastifyInstance) {
  const root = path.join(app.config.dataDir, 'media');
  fs.mkdirSync(root, { recursive: true });
  app.get<{ Params: { '*': string }; Querystring: { e?: string; s?: string } }>(
    '/media/p/*',
    { config: { access: 'public', rateLimit: false }, schema: { hide: true } },
    async (req, reply) => {
      const file = `p/${req.params['*']}`;
      if (!UPLOAD.test(file) || !mediaAllowed(file, req.query)) return reply.callNotFound();
      const full = path.join(root, file);
      const stat = await fs.promises.stat(full).catch(() => null);
      if (!stat?.isFile()) return reply.callNotFound();
      return sendPhoto(req, reply, full, stat, mediaMaxAge(file, req.query));
    },
  );
}
