import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerWithAccess } from './access.ts';
import { errorBody } from './errors.ts';

export interface SsrRenderer {
  clientDir: string;
  render(req: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** Built client assets, then every other GET outside /api is rendered by the web app. */
export async function webRoutes(app: FastifyInstance, opts: { ssr?: SsrRenderer }) {
  const { ssr } = opts;
  if (ssr) {
    await registerWithAccess(app, 'public', (scope) =>
      scope.register(fastifyStatic, {
        root: path.join(ssr.clientDir, 'assets'),
        prefix: '/assets/',
        decorateReply: false,
        immutable: true,
        maxAge: '365d',
        index: false,
      }),
    );
    for (const file of ['favicon.svg', 'robots.txt', 'manifest.webmanifest']) {
      const full = path.join(ssr.clientDir, file);
      if (!fs.existsSync(full)) continue;
      const body = fs.readFileSync(full);
      const type = file.endsWith('.svg')
        ? 'image/svg+xml'
        : file.endsWith('.txt')
          ? 'text/plain; charset=utf-8'
          : 'application/manifest+json';
      app.get(`/${file}`, { config: { access: 'public' }, schema: { hide: true } }, (_req, reply) =>
        reply.type(type).header('cache-control', 'public, max-age=3600').send(body),
      );
    }
  }

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (req, reply) => {
      if (req.url.startsWith('/api/') || req.url === '/api') {
        return reply.status(404).send(errorBody(req.locale, 'not_found', 404));
      }
      if (!ssr) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built. Run `npm run build` (or `npm start`).');
      }
      return ssr.render(req, reply);
    },
  });

  app.setNotFoundHandler((req, reply) => reply.status(404).send(errorBody(req.locale, 'not_found', 404)));
}
