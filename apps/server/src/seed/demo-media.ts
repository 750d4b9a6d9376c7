import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { renderVariants, type Variant, variantKey } from '../platform/images.ts';
import { mediaAllowed, mediaMaxAge, sendPhoto } from '../platform/media.ts';
import { type PortraitSpec, renderPortrait } from './portraits.ts';

const rendering = new Map<string, Promise<boolean>>();

/**
 * Demo portraits are drawn on first request from their stored spec (all variants at once) and
 * kept in the media store like uploads, so a fresh start does not draw thousands of pictures up front.
 */
export async function demoMediaRoutes(app: FastifyInstance) {
  const store = app.media.photos;
  app.get<{ Params: { file: string }; Querystring: { e?: string; s?: string; w?: string } }>(
    '/media/demo/:file',
    { config: { access: 'public', rateLimit: false }, schema: { hide: true } },
    async (req, reply) => {
      const match = req.params.file.match(/^([0-9a-f-]{36}-\d{1,2})-([lmtb])\.jpg$/);
      if (!match || !mediaAllowed(`demo/${req.params.file}`, req.query)) return reply.callNotFound();
      const base = `demo/${match[1]}`;
      const key = variantKey(base, match[2] as Variant);
      let stored = await store.get(key);
      if (!stored) {
        let job = rendering.get(base);
        if (!job) {
          job = drawVariants(app, base).finally(() => rendering.delete(base));
          rendering.set(base, job);
        }
        if (await job) stored = await store.get(key);
      }
      if (!stored) return reply.callNotFound();
      return sendPhoto(req, reply, key, stored, mediaMaxAge(`demo/${req.params.file}`, req.query));
    },
  );
}

async function drawVariants(app: FastifyInstance, base: string): Promise<boolean> {
  const [row] = await app.db.query<{ spec: PortraitSpec }>(
    'SELECT spec FROM demo_portraits WHERE storage_key = $1',
    [base],
  );
  if (!row) return false;
  const portrait = await renderPortrait(row.spec, 960, 1200);
  const { variants } = await renderVariants(sharp(portrait));
  await app.media.photos.putAll(
    Object.entries(variants).map(([v, data]) => [variantKey(base, v as Variant), data] as [string, Buffer]),
  );
  return true;
}
