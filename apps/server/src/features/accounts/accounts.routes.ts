import {
  checkEmailResponseSchema,
  deleteAccountSchema,
  emailChangeSchema,
  languageUpdateSchema,
  loginRequestSchema,
  passwordChangeSchema,
  passwordResetDoSchema,
  passwordResetRequestSchema,
  signupRequestSchema,
  tokenSchema,
  userResponseSchema,
} from '@amora/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookie, setSessionCookie } from '../../platform/auth.ts';
import type { EndedSessions } from '../../platform/realtime.ts';
import { visitorCountries } from '../../platform/request-context.ts';
import { deleteSession } from '../../platform/sessions.ts';
import { presentUser } from './accounts.presenter.ts';
import { accountById } from './accounts.repo.ts';
import * as accounts from './accounts.service.ts';

const tags = ['accounts'];

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
  const ctx: accounts.AccountsContext = {
    db: app.db,
    config: app.config,
    afterCommit: () => void app.mailer.kick(),
  };

  async function currentUser(req: FastifyRequest) {
    if (!req.user) return null;
    const row = await accountById(app.db, req.user.id);
    return row ? presentUser(row, req.site) : null;
  }

  app.get(
    '/api/user.php',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'The logged-in member (or null)', response: { 200: userResponseSchema } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: await currentUser(req) };
    },
  );

  app.post(
    '/api/user.php',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Log in', body: loginRequestSchema, response: { 200: userResponseSchema } },
    },
    async (req, reply) => {
      const { account, token } = await accounts.login(ctx, req.site, req.body, req.headers['user-agent']);
      if (req.sessionId) await endSession(reply, req.sessionId);
      setSessionCookie(req, reply, token);
      return { user: presentUser(account, req.site) };
    },
  );

  app.put(
    '/api/user.php',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Change the language',
        body: languageUpdateSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (req) => {
      await accounts.setLanguage(app.db, req.user!.id, req.body.language);
      return { user: await currentUser(req) };
    },
  );

  app.get(
    '/api/logout.php',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Log out', response: { 200: userResponseSchema } },
    },
    async (req, reply) => {
      if (req.sessionId) await endSession(reply, req.sessionId);
      clearSessionCookie(req, reply);
      reply.header('cache-control', 'no-store');
      return { user: null };
    },
  );

  app.post(
    '/api/signup',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Sign up (answers the same whether or not the address has an account)',
        body: signupRequestSchema,
        response: { 202: checkEmailResponseSchema },
      },
    },
    async (req, reply) => {
      const { geoipCountry } = visitorCountries(req, req.site);
      await accounts.signup(ctx, req.site, req.body, { country: geoipCountry, locale: req.locale });
      return reply.status(202).send({ status: 'check_email' as const, email: req.body.email });
    },
  );

  app.post(
    '/api/activation/resend',
    {
      config: { access: 'member', rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Send the activation mail again',
        response: { 202: checkEmailResponseSchema },
      },
    },
    async (req, reply) => {
      const email = await accounts.resendActivation(ctx, req.site, req.user!.id);
      return reply.status(202).send({ status: 'check_email' as const, email });
    },
  );

  const linkQuery = z.object({ token: z.string().max(200).default('') });
  const redirectTo = (reply: FastifyReply, path: string) =>
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(path, 302);

  app.get(
    '/api/activate.php',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Activation link from the e-mail', querystring: linkQuery },
    },
    async (req, reply) => {
      const result = await accounts.activate(ctx, req.site, req.query.token, req.headers['user-agent']);
      if (result.sessionToken) {
        if (req.sessionId) await endSession(reply, req.sessionId);
        setSessionCookie(req, reply, result.sessionToken);
      }
      return redirectTo(reply, result.ok ? '/activate/done' : '/activate/error');
    },
  );

  app.post(
    '/api/password-reset',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer for every address)',
        body: passwordResetRequestSchema,
        response: { 202: checkEmailResponseSchema },
      },
    },
    async (req, reply) => {
      await accounts.requestPasswordReset(ctx, req.site, req.body.email);
      return reply.status(202).send({ status: 'check_email' as const, email: req.body.email });
    },
  );

  app.post(
    '/api/password-reset/do',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: { tags, summary: 'Set a new password from a reset link', body: passwordResetDoSchema },
    },
    async (req, reply) => {
      const userId = await accounts.resetPassword(ctx, req.site, req.body.token, req.body.password);
      closeSocketsAfter(reply, { userId });
      if (req.sessionId) clearSessionCookie(req, reply);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/account/email',
    {
      config: { access: 'member', rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Change the e-mail address (confirmed from the new mailbox)',
        body: emailChangeSchema,
        response: { 202: checkEmailResponseSchema },
      },
    },
    async (req, reply) => {
      await accounts.requestEmailChange(ctx, req.site, req.user!.id, req.body);
      return reply.status(202).send({ status: 'check_email' as const, email: req.body.new_email });
    },
  );

  app.post(
    '/api/account/email/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Confirm a new e-mail address',
        body: tokenSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (req) => {
      const userId = await accounts.confirmEmailChange(ctx, req.site, req.body.token);
      return { user: req.user?.id === userId ? await currentUser(req) : null };
    },
  );

  app.post(
    '/api/account/password',
    {
      config: { access: 'member', rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: { tags, summary: 'Change the password (other sessions end)', body: passwordChangeSchema },
    },
    async (req, reply) => {
      await accounts.changePassword(ctx, req.site, req.user!.id, req.sessionId, req.body);
      closeSocketsAfter(reply, { userId: req.user!.id, keep: req.sessionId });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/account/delete',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Delete the account (reactivation possible for 14 days)',
        body: deleteAccountSchema,
      },
    },
    async (req, reply) => {
      await accounts.deleteAccount(ctx, req.site, req.user!.id, req.body);
      closeSocketsAfter(reply, { userId: req.user!.id });
      clearSessionCookie(req, reply);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/login-link.php',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: { tags, summary: 'Login link mailed when an address is locked', querystring: linkQuery },
    },
    async (req, reply) => {
      const token = await accounts.loginWithLink(ctx, req.site, req.query.token, req.headers['user-agent']);
      if (!token) return redirectTo(reply, '/login?link=invalid');
      if (req.sessionId) await endSession(reply, req.sessionId);
      setSessionCookie(req, reply, token);
      return redirectTo(reply, '/members');
    },
  );

  app.get(
    '/api/reactivate.php',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Reactivation link from the e-mail', querystring: linkQuery },
    },
    async (req, reply) => {
      const ok = await accounts.reactivate(ctx, req.site, req.query.token);
      return redirectTo(reply, ok ? '/login?reactivated=1' : '/activate/error?reason=reactivation');
    },
  );
};
