import { endpoints } from '@amora/contracts/endpoints';
import { isoTag } from '@amora/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimited, route } from '../../platform/endpoint.ts';
import { AppError } from '../../platform/errors.ts';
import * as exports from './data-export.service.ts';

const { dataExport: api } = endpoints;

/**
 * "Take your data with you" (issue 30 item 1): the member asks in Settings, a job builds the
 * archive into the private store and mails its link; the link answers its owner only.
 */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: exports.ExportContext = {
    db: app.db,
    // The chat's store is the private one (DATA_DIR/private, or the bucket's private/ prefix):
    // archives live there under x/, never under the public photos.
    archives: app.media.chat,
    photos: app.media.photos,
    config: app.config,
    siteOf: (id) => app.sites.byIdOrThrow(id),
    afterCommit: () => void app.jobs.kick(),
  };
  app.jobs.define(exports.BUILD_QUEUE, (p) => exports.buildExport(ctx, p.exportId), {
    maxAttempts: 5,
    timeoutS: 600,
    concurrency: 2,
  });
  app.jobs.define(exports.EXPIRE_JOB, () => exports.expireExports(ctx).then(() => undefined));
  app.jobs.schedule(exports.EXPIRE_JOB, '37 * * * *');

  route(app, api.status, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return exports.exportStatus(app.db, req.user!.id);
  });

  route(app, api.request, rateLimited(10, '1 hour'), async (req, reply) => {
    const result = await exports.requestExport(ctx, req.site, req.user!.id);
    if (!result.ok) {
      const when = new Intl.DateTimeFormat(isoTag(req.locale), {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: req.site.config.time_zone,
      }).format(result.next);
      throw new AppError('export_once_a_day', 429, { date: when }, undefined, {
        next_request_at: result.next.toISOString(),
      });
    }
    return reply.status(202).send(result.status);
  });

  // The mailed link opened while logged out: log in, then the settings page with the download.
  route(
    app,
    api.download,
    { config: { loginThen: '/notifications#settings-data-export' } },
    async (req, reply) => {
      const { zip, requestedAt } = await exports.downloadExport(ctx, req.user!.id, req.params.id);
      const day = requestedAt.toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="my-data-${day}.zip"`)
        .send(zip);
    },
  );
};
