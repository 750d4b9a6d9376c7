import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type PortraitSpec, renderPortrait } from './portraits.ts';

const rendering = new Map<string, Promise<Buffer | undefined>>();

/**
 * Demo portraits are drawn on first request from their stored spec and kept on disk, so a
 * fresh start does not spend a minute drawing 1,500 pictures nobody looked at yet.
 */
export async function demoMediaRoutes(app: FastifyInstance) {
  const root = path.join(app.config.dataDir, 'media');
  app.get<{ Params: { file: string } }>('/media/demo/:file', async (req, reply) => {
    const { file } = req.params;
    if (!/^[0-9a-f-]{36}-\d{1,2}\.jpg$/.test(file)) return reply.callNotFound();
    const key = `demo/${file}`;
    const full = path.join(root, key);
    let body: Buffer | undefined = await fs.readFile(full).catch(() => undefined);
    if (!body) {
      let job = rendering.get(key);
      if (!job) {
        job = (async () => {
          const [row] = await app.db.query<{ spec: PortraitSpec }>(
            'SELECT spec FROM demo_portraits WHERE storage_key = $1',
            [key],
          );
          if (!row) return undefined;
          const jpeg = await renderPortrait(row.spec);
          await fs.mkdir(path.dirname(full), { recursive: true });
          await fs.writeFile(`${full}.tmp`, jpeg);
          await fs.rename(`${full}.tmp`, full);
          return jpeg;
        })().finally(() => rendering.delete(key));
        rendering.set(key, job);
      }
      body = await job;
    }
    if (!body) return reply.callNotFound();
    return reply
      .type('image/jpeg')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}
