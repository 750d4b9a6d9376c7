import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { renderVariants, type Variant, variantKey } from '../platform/images.ts';
import { mediaAllowed, mediaMaxAge, sendPhoto } from '../platform/media.ts';
import { type PortraitSpec, renderPortrait } from './portraits.ts';

const rendering = new Map<string, Promise<boolean>>();

/**
 * Demo portraits are drawn on first request from their stored spec (all variants at once) and
 * kept on disk like uploads, so a fresh start does not draw thousands of pictures up front.
 */
export async function demoMediaRoutes(app: FastifyInstance) {
  const root = path.join(app.config.dataDir, 'media');
  app.get<{ Params: { file: string }; Querystring: { e?: string; s?: string; w?: string } }>(
    '/media/demo/:file',
    { config: { access: 'public', rateLimit: false }, schema: { hide: true } },
    async (req, reply) => {
      const match = req.params.file.match(/^([0-9a-f-]{36}-\d{1,2})-([lmtb])\.jpg$/);
      if (!match || !mediaAllowed(`demo/${req.params.file}`, req.query)) return reply.callNotFound();
      const base = `demo/${match[1]}`;
      const key = variantKey(base, match[2] as Variant);
      const full = path.join(root, key);
      let stat = await fs.stat(full).catch(() => undefined);
      if (!stat) {
        let job = rendering.get(base);
        if (!job) {
          job = drawVariants(app, root, base).finally(() => rendering.delete(base));
          rendering.set(base, job);
        }
        if (await job) stat = await fs.stat(full).catch(() => undefined);
      }
      if (!stat?.isFile()) return reply.callNotFound();
      return sendPhoto(req, reply, full, stat, mediaMaxAge(`demo/${req.params.file}`, req.query));
    },
  );
}

async function drawVariants(app: FastifyInstance, root: string, base: string): Promise<boolean> {
  const [row] = await app.db.query<{ spec: PortraitSpec }>(
    'SELECT spec FROM demo_portraits WHERE storage_key = $1',
    [base],
  );
  if (!row) return false;
  const portrait = await renderPortrait(row.spec, 960, 1200);
  const { variants } = await renderVariants(sharp(portrait));
  await fs.mkdir(path.join(root, 'demo'), { recursive: true });
  for (const [v, data] of Object.entries(variants)) {
    const file = path.join(root, variantKey(base, v as Variant));
    await fs.writeFile(`${file}.tmp`, data);
    await fs.rename(`${file}.tmp`, file);
  }
  return true;
}
