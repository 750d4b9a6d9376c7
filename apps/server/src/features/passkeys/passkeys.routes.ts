import { endpoints } from '@amora/contracts/endpoints';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setSessionCookie } from '../../platform/auth.ts';
import { rateLimited, route } from '../../platform/endpoint.ts';
import { deleteSession } from '../../platform/sessions.ts';
import { relyingParty } from '../../platform/webauthn.ts';
import * as accounts from '../accounts/accounts.service.ts';
import * as passkeys from './passkeys.service.ts';

const { passkeys: api } = endpoints;

/** Passkeys (issue 30 item 4): the member's own in Settings, and the login with one. */
export const passkeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: accounts.AccountsContext = {
    db: app.db,
    config: app.config,
    afterCommit: () => void app.mailer.kick(),
  };
  // Each try is a guess, as a password is: the login's limit per address.
  const asLogin = rateLimited(30, '1 minute');

  route(app, api.list, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return passkeys.listPasskeys(ctx, req.site, req.user!.id);
  });

  route(app, api.registerOptions, rateLimited(10, '10 minutes'), (req) =>
    passkeys.startRegistration(ctx, req.site, relyingParty(req), req.user!.id, req.body.password),
  );

  route(app, api.register, rateLimited(10, '10 minutes'), (req) =>
    passkeys.finishRegistration(
      ctx,
      req.site,
      relyingParty(req),
      req.user!.id,
      { response: req.body.response as RegistrationResponseJSON, name: req.body.name },
      req.headers['user-agent'],
    ),
  );

  route(app, api.remove, (req) => passkeys.removePasskey(ctx, req.site, req.user!.id, req.params.id));

  route(app, api.loginOptions, asLogin, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return passkeys.startLogin(ctx, req.site, relyingParty(req));
  });

  route(app, api.login, asLogin, async (req, reply) => {
    const { account } = await passkeys
      .login(
        ctx,
        req.site,
        relyingParty(req),
        req.body.response as AuthenticationResponseJSON,
        req.headers['user-agent'],
      )
      .then(async (admitted) => {
        if (req.sessionId) {
          await deleteSession(app.db, req.sessionId);
          app.sessionCache.forget({ sessionId: req.sessionId });
        }
        setSessionCookie(req, reply, admitted.token);
        return admitted;
      });
    return { user: await accounts.currentUser(app.db, req.site, account.id) };
  });
};
