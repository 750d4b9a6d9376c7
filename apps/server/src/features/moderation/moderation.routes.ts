import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import { endpoints } from '@amora/contracts/endpoints';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../platform/audit.ts';
import { rateLimited, route } from '../../platform/endpoint.ts';
import { AppError, found } from '../../platform/errors.ts';
import { siteOrigin } from '../sites/site-origin.ts';
import { appealQueue, decideAppeal, submitAppeal } from './appeals.service.ts';
import { LIFT_JOB, LIFT_QUEUE, type ModerationCtx, noticeToken, useNoticeKey } from './moderation.service.ts';
import { liftDueSuspensions, myNotices, notice } from './notices.service.ts';
import { decidePhoto, photoQueue } from './photo-review.service.ts';
import { decideReport, reportDetail, reportQueue } from './reports.service.ts';
import { transparency, transparencyCsv } from './transparency.service.ts';

const { adminModeration: api } = consoleEndpoints;
const { moderation: member } = endpoints;

/**
 * Moderation: the console's photo review, reports, appeals and transparency export (op:moderator,
 * on the request's site), and the member's notices with their appeal (by the notice link's token).
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Notice links are signed with the server's CSRF key under their own purpose ('moderation-notice').
  const key = app.secrets.csrf;
  useNoticeKey(key);
  app.jobs.define(LIFT_QUEUE, () => liftDueSuspensions(app.db));
  app.jobs.schedule(LIFT_JOB, '7 * * * *');

  const ctx = (req: FastifyRequest): ModerationCtx => {
    if (!req.operator) throw new AppError('not_found', 404);
    return {
      db: app.db,
      site: req.site,
      operator: { id: req.operator.id, name: req.operator.name },
      audit,
      noticeKey: key,
      origin: siteOrigin(req.site, app.config),
    };
  };
  const kickMail = () => void app.mailer.kick();
  // A decision changes what the site's public pages may show (a photo published or taken off, a
  // member hidden or back): their cached copies go at once, on every instance (platform/page-cache.ts).
  const decided = (req: FastifyRequest) => app.realtime.pagesChanged(req.site.id);

  route(app, api.photos, async (req) => photoQueue(app.db, req.site, req.query.page));
  route(app, api.decidePhoto, async (req) => {
    const d = await decidePhoto(ctx(req), req.params.id, req.body);
    decided(req);
    kickMail();
    return d;
  });
  route(app, api.reports, async (req) => reportQueue(app.db, req.site, req.query.page));
  route(app, api.report, async (req) => reportDetail(app.db, req.site, req.params.id));
  route(app, api.decideReport, async (req) => {
    const { decision, endedUserId } = await decideReport(ctx(req), req.params.id, req.body);
    decided(req);
    if (endedUserId) {
      // The account's sessions ended in the decision's transaction: its open tabs are told where
      // the statement of reasons is, then their sockets close everywhere.
      app.realtime.publish([endedUserId], { type: 'restricted', notice: noticeToken(key, decision.id) });
      app.sessionCache.forget({ userId: endedUserId });
      app.realtime.endSessions({ userId: endedUserId });
    }
    kickMail();
    return decision;
  });
  route(app, api.appeals, async (req) => appealQueue(app.db, req.site, req.operator!.id, req.query.page));
  route(app, api.decideAppeal, async (req) => {
    const r = await decideAppeal(ctx(req), req.params.id, req.body);
    decided(req);
    kickMail();
    return r;
  });
  route(app, api.transparency, async (req) => transparency(app.db, req.site, req.query.from, req.query.to));
  route(app, api.transparencyCsv, async (req, reply) => {
    const figures = await transparency(app.db, req.site, req.query.from, req.query.to);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="transparency-${req.site.domain}-${figures.from}-${figures.to}.csv"`,
      )
      .send(transparencyCsv(figures));
  });

  route(app, member.mine, async (req) => ({ notices: await myNotices(app.db, key, req.site, req.user!.id) }));
  route(app, member.notice, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const n = found(await notice(app.db, key, req.params.token, req.site));
    return n;
  });
  route(app, member.appeal, rateLimited(10, '1 hour'), async (req) =>
    submitAppeal(app.db, key, req.params.token, req.body.text, req.site),
  );
};
