import { endpoints } from '@amora/contracts/endpoints';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearSessionCookie, setSessionCookie } from '../../platform/auth.ts';
import { rateLimited, route } from '../../platform/endpoint.ts';
import type { EndedSessions } from '../../platform/realtime.ts';
import { visitorCountries } from '../../platform/request-context.ts';
import { deleteSession } from '../../platform/sessions.ts';
import { trackingOf } from '../../platform/tracking.ts';
import { presentUser } from './accounts.presenter.ts';
import * as accounts from './accounts.service.ts';
import { eraseExpiredAccounts } from './erase.job.ts';
import { deliverSignupMessage } from './signup-message.ts';

const { accounts: api } = endpoints;

/** Accounts: spec §7 keeps /api/user.php and /api/logout.php; the rest is plain REST (guide §10). */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Closes the open sockets of ended sessions on every instance, once this answer has gone out:
   * the tab that asked (logout, deletion) acts on its answer first, and other tabs follow.
   */
  const closeSocketsAfter = (reply: FastifyReply, ended: EndedSessions) => {
    app.sessionCache.forget(ended); // this instance at once; the others through the event
    reply.raw.once('finish', () => app.realtime.endSessions(ended));
  };
  /** Ends a session: its row now, its open sockets after the answer. */
  const endSession = async (reply: FastifyReply, sessionId: string) => {
    await deleteSession(app.db, sessionId);
    closeSocketsAfter(reply, { sessionId });
  };
  // Erasing accounts whose 14 days of pending deletion are over: hourly, on whichever worker claims it.
  const media = app.media.photos;
  const chatMedia = app.media.chat;
  app.jobs.define('accounts.erase', () => eraseExpiredAccounts(app.db, media, chatMedia, app.log));
  app.jobs.schedule('accounts.erase', '17 * * * *');

  const ctx: accounts.AccountsContext = {
    db: app.db,
    config: app.config,
    afterCommit: () => void app.mailer.kick(),
  };

  async function currentUser(req: FastifyRequest) {
    if (!req.user) return null;
    return accounts.currentUser(app.db, req.site, req.user.id);
  }

  route(app, api.user, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { user: await currentUser(req) };
  });

  route(app, api.login, rateLimited(30, '1 minute'), async (req, reply) => {
    const { account, token } = await accounts.login(ctx, req.site, req.body, req.headers['user-agent']);
    if (req.sessionId) await endSession(reply, req.sessionId);
    setSessionCookie(req, reply, token);
    return { user: presentUser(account, req.site) };
  });

  route(app, api.setLanguage, async (req) => {
    await accounts.setLanguage(app.db, req.user!.id, req.body.language);
    return { user: await currentUser(req) };
  });

  route(app, api.logout, async (req, reply) => {
    if (req.sessionId) await endSession(reply, req.sessionId);
    clearSessionCookie(req, reply);
    reply.header('cache-control', 'no-store');
    return { user: null };
  });

  route(app, api.signup, rateLimited(20, '1 hour'), async (req, reply) => {
    const { geoipCountry } = visitorCountries(req, req.site);
    await accounts.signup(ctx, req.site, req.body, {
      country: geoipCountry,
      locale: req.locale,
      tracking: trackingOf(req),
    });
    return reply.status(202).send({ status: 'check_email' as const, email: req.body.email });
  });

  route(app, api.resendActivation, rateLimited(5, '10 minutes'), async (req, reply) => {
    const email = await accounts.resendActivation(ctx, req.site, req.user!.id);
    return reply.status(202).send({ status: 'check_email' as const, email });
  });

  const redirectTo = (reply: FastifyReply, path: string) =>
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(path, 302);

  route(app, api.activate, async (req, reply) => {
    const result = await accounts.activate(ctx, req.site, req.query.token, req.headers['user-agent']);
    if (result.sessionToken) {
      if (req.sessionId) await endSession(reply, req.sessionId);
      setSessionCookie(req, reply, result.sessionToken);
    }
    // The signup message goes out now that the mailbox is proven; the page then leads to that chat
    // (?chat=: the message went; ?to=: a member lander's member, no message written).
    const kept = result.userId
      ? await deliverSignupMessage(app.db, app.realtime, req.site, result.userId)
      : null;
    if (kept) return redirectTo(reply, `/activate/done?${kept.sent ? 'chat' : 'to'}=${kept.to}`);
    return redirectTo(reply, result.ok ? '/activate/done' : '/activate/error');
  });

  route(app, api.requestPasswordReset, rateLimited(10, '10 minutes'), async (req, reply) => {
    await accounts.requestPasswordReset(ctx, req.site, req.body.email);
    return reply.status(202).send({ status: 'check_email' as const, email: req.body.email });
  });

  // Reads only (a GET writes nothing): the reset page asks on opening whether its link still works.
  route(app, api.checkPasswordReset, rateLimited(30, '10 minutes'), async (req) => ({
    valid: await accounts.checkResetLink(ctx, req.site, req.query.token),
  }));

  route(app, api.resetPassword, rateLimited(20, '10 minutes'), async (req, reply) => {
    const userId = await accounts.resetPassword(ctx, req.site, req.body.token, req.body.password);
    closeSocketsAfter(reply, { userId });
    if (req.sessionId) clearSessionCookie(req, reply);
    return reply.status(204).send(null);
  });

  route(app, api.changeEmail, rateLimited(10, '10 minutes'), async (req, reply) => {
    await accounts.requestEmailChange(ctx, req.site, req.user!.id, req.body);
    return reply.status(202).send({ status: 'check_email' as const, email: req.body.new_email });
  });

  route(app, api.confirmEmailChange, async (req) => {
    const userId = await accounts.confirmEmailChange(ctx, req.site, req.body.token);
    return { user: req.user?.id === userId ? await currentUser(req) : null };
  });

  route(app, api.changePassword, rateLimited(10, '10 minutes'), async (req, reply) => {
    await accounts.changePassword(ctx, req.site, req.user!.id, req.sessionId, req.body);
    closeSocketsAfter(reply, { userId: req.user!.id, keep: req.sessionId });
    return reply.status(204).send(null);
  });

  route(app, api.deleteAccount, async (req, reply) => {
    await accounts.deleteAccount(ctx, req.site, req.user!.id, req.body);
    closeSocketsAfter(reply, { userId: req.user!.id });
    clearSessionCookie(req, reply);
    return reply.status(204).send(null);
  });

  route(app, api.loginLink, rateLimited(20, '10 minutes'), async (req, reply) => {
    const token = await accounts.loginWithLink(ctx, req.site, req.query.token, req.headers['user-agent']);
    if (!token) return redirectTo(reply, '/login?link=invalid');
    if (req.sessionId) await endSession(reply, req.sessionId);
    setSessionCookie(req, reply, token);
    return redirectTo(reply, '/members');
  });

  route(app, api.reactivate, async (req, reply) => {
    const ok = await accounts.reactivate(ctx, req.site, req.query.token);
    return redirectTo(reply, ok ? '/login?reactivated=1' : '/activate/error?reason=reactivation');
  });
};
