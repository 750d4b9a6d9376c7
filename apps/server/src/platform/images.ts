import { PHOTO_MAX_PIXELS } from '@amora/contracts';
import { PHOTO_STORED_WIDTHS } from '@amora/contracts/rules';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError } from './errors.ts';

// One libvips worker thread per operation: image work never takes both cores of a small machine
// (see Slots below; the request handlers need the other one).
sharp.concurrency(1);

/** The sizes the UI needs. Every variant is re-encoded from pixels: no metadata survives. */
export const VARIANTS = {
  l: { width: PHOTO_STORED_WIDTHS.l, height: 1200, fit: 'inside' as const },
  m: { width: PHOTO_STORED_WIDTHS.m, height: 600, fit: 'cover' as const },
  t: { width: PHOTO_STORED_WIDTHS.t, height: 200, fit: 'cover' as const },
} as const;
export type Variant = keyof typeof VARIANTS | 'b';

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);

export interface ProcessedPhoto {
  width: number;
  height: number;
  variants: Record<Variant, Buffer>;
}

/**
 * Checks an upload by its content (never its name or declared type), bounds its pixels before
 * decoding, and renders the variants: large, card, thumb and the blurred card for locked photos.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  let meta: sharp.Metadata;
  try {
    // Reading the header only: no pixels are decoded yet.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('photo_invalid', 400);
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height) {
    throw new AppError('photo_invalid', 400);
  }
  if (meta.width * meta.height > PHOTO_MAX_PIXELS) throw new AppError('photo_too_many_pixels', 400);
  return photoSlots.run(() =>
    renderVariants(
      sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', sequentialRead: true }).rotate(),
    ),
  );
}

/**
 * Bounds image work: a 40-megapixel PNG costs seconds of CPU and ~160 MB of pixels, so uploads
 * are decoded one at a time per process (the rest wait their turn; beyond a short queue the
 * upload is refused as 'busy'), leaving the other core to answer everyone else. Within one
 * upload, the variants are rendered one after another for the same reason.
 */
export class Slots {
  private running = 0;
  private waiting: (() => void)[] = [];
  constructor(
    private size: number,
    private maxWaiting: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) {
      if (this.waiting.length >= this.maxWaiting) throw new AppError('photo_busy', 503);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const photoSlots = new Slots(1, 16);

/** Renders every variant from an image pipeline (also used for the demo portraits). */
export async function renderVariants(source: sharp.Sharp): Promise<ProcessedPhoto> {
  let base: { data: Buffer; info: sharp.OutputInfo };
  try {
    // Auto-oriented, sRGB pixels once; all variants come from this decoded copy.
    base = await source.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('photo_invalid', 400);
  }
  const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } };
  const jpeg = (img: sharp.Sharp) => img.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  const from = () => sharp(base.data, raw);
  const variant = (v: keyof typeof VARIANTS) =>
    jpeg(from().resize({ ...VARIANTS[v], withoutEnlargement: v === 'l', position: 'attention' }));
  const l = await variant('l');
  const m = await variant('m');
  const t = await variant('t');
  const b = await jpeg(sharp(m).blur(30).modulate({ brightness: 1.05 }));
  return { width: base.info.width, height: base.info.height, variants: { l, m, t, b } };
}

export function variantKey(base: string, v: Variant): string {
  return `${base}-${v}.jpg`;
}

/**
 * The one photo file of a multipart request (field name free), bounded by the multipart
 * plugin's file size limit: refused as photo_invalid (no file) or photo_too_large (413).
 */
export async function readPhotoUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('photo_invalid', 400);
  // A malformed multipart body (no boundary, cut short) is a bad upload, not a server fault.
  const file = await req.file().catch((err: { statusCode?: number; code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('photo_too_large', 413);
    throw new AppError('photo_invalid', 400);
  });
  if (!file) throw new AppError('photo_invalid', 400);
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('photo_too_large', 413);
    throw err;
  }
}
