import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/endpoint.ts';
import type { AccountsContext } from '../accounts/accounts.service.ts';
import * as members from './admin-members.service.ts';

const { adminMembers: api } = consoleEndpoints;

/**
 * The console's members (issue 17 item 5). Looking (search, detail, ledger) is for any operator of
 * the site; credit adjustments for finance; ending sessions and turning mail back on for support;
 * starting a deletion for admins. Access is declared per route (platform/access.ts answers 404 to
 * everyone else); the services keep every query to the console's site.
 */
export const adminMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (req: FastifyRequest) => ({ id: req.operator!.id, name: req.operator!.name });
  const ctx: AccountsContext = { db: app.db, config: app.config, afterCommit: () => void app.mailer.kick() };
  /** Closes the member's open sockets on every instance once the answer is out (as a logout does). */
  const endSockets = (reply: { raw: { once: (e: 'finish', f: () => void) => unknown } }, userId: string) => {
    app.sessionCache.forget({ userId });
    reply.raw.once('finish', () => app.realtime.endSessions({ userId }));
  };

  route(app, api.search, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return members.searchMembers(app.db, req.site, req.query.q, req.query.page);
  });

  route(app, api.detail, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return members.memberDetail(app.db, req.site, req.params.id);
  });

  route(app, api.ledger, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return members.memberLedger(app.db, req.site, req.params.id, req.query.cursor);
  });

  route(app, api.adjustCredits, async (req) =>
    members.adjustCredits(app.db, req.site, actor(req), req.params.id, req.body),
  );

  route(app, api.endSessions, async (req, reply) => {
    const res = await members.endMemberSessions(app.db, req.site, actor(req), req.params.id, req.body.reason);
    endSockets(reply, req.params.id);
    return res;
  });

  route(app, api.enableMail, async (req) =>
    members.reenableMail(app.db, req.site, actor(req), req.params.id, req.body.reason),
  );

  route(app, api.startDeletion, async (req, reply) => {
    const res = await members.startMemberDeletion(ctx, req.site, actor(req), req.params.id, req.body.reason);
    endSockets(reply, req.params.id);
    return res;
  });
};
