import { PHOTO_STORED_WIDTHS, PHOTO_WIDTHS } from '@amora/contracts/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { Slots } from './images.ts';
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

export function sendJpeg(reply: FastifyReply, body: Buffer, maxAge: number) {
  return sendImage(reply, 'image/jpeg', body, maxAge);
}

function sendImage(reply: FastifyReply, type: string, body: Buffer, maxAge: number) {
  return reply
    .type(type)
    .header('cache-control', `public, max-age=${maxAge}${maxAge > 86_400 ? ', immutable' : ''}`)
    .header('vary', 'accept')
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'same-site')
    .send(body);
}

type PhotoFormat = 'avif' | 'webp' | 'jpeg';

/**
 * Encoders of the copies. AVIF at effort 1 of 9: 1.2-1.9x the time of WebP at quality 78 for
 * 0.55-0.66 of its bytes on home's portraits; sharp's default effort, 4, took 18-21x WebP's time
 * for 4-13 % fewer bytes than effort 1 (docs/benchmarks.md "Photo sizes and formats"). Quality
 * 50 is sharp's default, the look of a JPEG at about 80.
 */
const ENCODE: Record<PhotoFormat, (img: sharp.Sharp) => sharp.Sharp> = {
  avif: (img) => img.avif({ quality: 50, effort: 1 }),
  webp: (img) => img.webp({ quality: 78 }),
  jpeg: (img) => img.jpeg({ quality: 82, mozjpeg: true }),
};

/** The best format the browser's Accept header names: AVIF, then WebP, else JPEG. */
function formatFor(accept: string | undefined): PhotoFormat {
  const a = String(accept ?? '');
  if (/\bimage\/avif\b/.test(a)) return 'avif';
  if (/\bimage\/webp\b/.test(a)) return 'webp';
  return 'jpeg';
}

/**
 * Copies of photos in other formats and widths, made on first request and kept in memory only
 * (the least recently used go first beyond 48 MiB), so a deleted photo leaves no copy behind on
 * disk. Keyed by key and size (a key names one upload for good; a redrawn demo portrait is the same).
 */
export class PhotoCopies {
  private entries = new Map<string, { body: Promise<Buffer>; bytes: number }>();
  private bytes = 0;
  constructor(private maxBytes: number) {}

  get(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.body;
    }
    const entry = { body: make(), bytes: 0 };
    this.entries.set(key, entry);
    entry.body.then(
      (buf) => {
        if (this.entries.get(key) !== entry) return;
        entry.bytes = buf.length;
        this.bytes += buf.length;
        for (const [k, e] of this.entries) {
          if (this.bytes <= this.maxBytes) break;
          if (e.bytes === 0 || k === key) continue; // still being made, or the newest
          this.entries.delete(k);
          this.bytes -= e.bytes;
        }
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.body;
  }
}

const copies = new PhotoCopies(48 * 1024 * 1024);

/**
 * Copies are made one at a time per process (libvips on one thread: a burst of first requests
 * takes one core, the other answers everyone else); beyond 64 waiting, the stored file goes out
 * as it is, uncached.
 */
const copySlots = new Slots(1, 64);

/**
 * The width a request asks for (`?w=`): undefined for the stored size (no `w`, or a `w` at or
 * above the variant's stored width), false for a width that is not offered.
 */
function requestedWidth(full: string, w: unknown): number | undefined | false {
  if (w === undefined) return undefined;
  const width = PHOTO_WIDTHS.find((x) => String(x) === w);
  if (width === undefined) return false;
  const variant = full.match(/-([lmtb])\.jpg$/)?.[1] as keyof typeof PHOTO_STORED_WIDTHS | undefined;
  if (!variant) return false;
  return width < PHOTO_STORED_WIDTHS[variant] ? width : undefined;
}

/**
 * A stored photo (a JPEG object, read whole from the media store) as the browser prefers it: AVIF when its Accept header names
 * image/avif, WebP when image/webp, else JPEG; `Vary: Accept` either way. `?w=` asks for one of
 * PHOTO_WIDTHS below the stored width (a narrower copy), any other width is not found. Every copy
 * is re-encoded from the file's pixels (no metadata) and never enlarged. A blurred file (`-b`)
 * gives blurred copies only: nothing here reads any other file than the one asked for.
 */
export async function sendPhoto(
  req: FastifyRequest,
  reply: FastifyReply,
  file: string,
  stored: Buffer,
  maxAge: number,
) {
  const width = requestedWidth(file, (req.query as { w?: unknown } | undefined)?.w);
  if (width === false) return reply.callNotFound();
  const format = formatFor(req.headers.accept);
  if (format === 'jpeg' && width === undefined) return sendImage(reply, 'image/jpeg', stored, maxAge);
  const key = `${file}:${stored.length}:${width ?? ''}:${format}`;
  const body = await copies
    .get(key, () =>
      copySlots.run(() => {
        const img = sharp(stored);
        return ENCODE[format](width ? img.resize({ width, withoutEnlargement: true }) : img).toBuffer();
      }),
    )
    .catch(() => null);
  if (!body) return sendImage(reply, 'image/jpeg', stored, 0);
  return sendImage(reply, `image/${format}`, body, maxAge);
}

/** Uploaded profile photos: only `p/<uuid>-<variant>.jpg`, and only as mediaAllowed says. */
const UPLOAD = /^p\/[0-9a-f-]{36}-[lmtb]\.jpg$/;

export async function mediaRoutes(app: FastifyInstance) {
  const store = app.media.photos;
  app.get<{ Params: { '*': string }; Querystring: { e?: string; s?: string; w?: string } }>(
    '/media/p/*',
    { config: { access: 'public', rateLimit: false }, schema: { hide: true } },
    async (req, reply) => {
      const file = `p/${req.params['*']}`;
      if (!UPLOAD.test(file) || !mediaAllowed(file, req.query)) return reply.callNotFound();
      // Missing: not found; a store that cannot answer: 503 (platform/storage.ts).
      const stored = await store.get(file);
      if (!stored) return reply.callNotFound();
      return sendPhoto(req, reply, file, stored, mediaMaxAge(file, req.query));
    },
  );
}
