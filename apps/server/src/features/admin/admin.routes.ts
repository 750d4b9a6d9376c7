import { OPERATOR_ROLES, type OperatorSession } from '@amora/contracts';
import { consoleEndpoints } from '@amora/contracts/console-endpoints';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimited, route } from '../../platform/endpoint.ts';
import { AppError } from '../../platform/errors.ts';
import {
  clearOperatorCookie,
  findOperatorSession,
  grantsAllow,
  operatorGrants,
  requestOperator,
  setOperatorCookie,
} from '../../platform/operators.ts';
import { hashSecret } from '../../platform/tokens.ts';
import { relyingParty } from '../../platform/webauthn.ts';
import { moderationCounts } from '../moderation/transparency.service.ts';
import { hasOperatorPasskey } from './operator-passkeys.repo.ts';
import * as passkeys from './operator-passkeys.service.ts';
import {
  auditFacets,
  auditPage,
  deleteOperatorSession,
  operatorById,
  operatorsOfSite,
} from './operators.repo.ts';
import * as operators from './operators.service.ts';

const { adminCore: api } = consoleEndpoints;

/** The operator console's core: its session (login, logout), dashboard and audit log (issue 17). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The site the console works on, as the session answer names it. */
  const consoleSite = (req: FastifyRequest) => ({
    id: req.site.id,
    domain: req.site.domain,
    name: req.site.config.name,
  });

  /** What the console knows of its session: the operator once fully logged in, else what is due. */
  async function sessionOf(req: FastifyRequest): Promise<OperatorSession> {
    const site = consoleSite(req);
    const s = req.operatorSession;
    const op = req.operator;
    if (s?.stage === 'totp') {
      const row = await operatorById(app.db, s.operatorId);
      const passkey = await hasOperatorPasskey(app.db, s.operatorId, req.site.id);
      const factors = [
        ...(row?.totp_secret ? ['totp' as const] : []),
        ...(passkey ? ['passkey' as const] : []),
      ];
      return { operator: null, next: 'totp', factors, site };
    }
    if (!s || !op || op.roles.length === 0) return { operator: null, next: null, site };
    const row = await operatorById(app.db, op.id);
    return {
      operator: {
        id: op.id,
        name: op.name,
        email: op.email,
        roles: op.roles.includes('admin') ? [...OPERATOR_ROLES] : op.roles,
        grants: op.grants.map((g) => ({ role: g.role, site_id: g.siteId })),
        totp_enabled: !!row?.totp_secret,
        totp_required: !!row?.totp_required,
      },
      next: s.stage === 'totp_setup' ? 'totp_setup' : null,
      site,
    };
  }

  /**
   * Reads the request's console session again after it changed stage (a password or a code was
   * accepted) and answers it as sessionOf does.
   */
  async function sessionAgain(req: FastifyRequest): Promise<OperatorSession> {
    const s = req.operatorSession;
    if (s) {
      const row = await findOperatorSession(app.db, s.id, req.site.id);
      req.operatorSession = row ? { ...s, stage: row.stage } : null;
      req.operator = row
        ? requestOperator(row, await operatorGrants(app.db, s.operatorId), req.site.id)
        : null;
    }
    return sessionOf(req);
  }

  /** Each try of a password or a code is a guess: every login step has the same limit per address. */
  const guesses = rateLimited(20, '10 minutes');

  route(app, api.session, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return sessionOf(req);
  });

  route(app, api.login, guesses, async (req, reply) => {
    const { token, stage, operatorId } = await operators.login(
      app.db,
      req.site.id,
      req.body,
      req.headers['user-agent'],
    );
    if (req.operatorSession) await deleteOperatorSession(app.db, req.operatorSession.id);
    setOperatorCookie(req, reply, token);
    reply.header('cache-control', 'no-store');
    // The answer describes the new session (the request itself came without it).
    req.operatorSession = { id: hashSecret(token), operatorId, stage };
    return sessionAgain(req);
  });

  route(app, api.logout, async (req, reply) => {
    if (req.operatorSession) await deleteOperatorSession(app.db, req.operatorSession.id);
    req.operatorSession = null;
    req.operator = null;
    clearOperatorCookie(req, reply);
    reply.header('cache-control', 'no-store');
    return sessionOf(req);
  });

  route(app, api.totp, guesses, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const s = req.operatorSession;
    if (!s) throw new AppError('not_found', 404);
    await operators.verifyLoginCode(app.db, s, req.site.id, req.body.code);
    return sessionAgain(req);
  });

  route(app, api.totpSetup, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return operators.startTotpSetup(app.db, req.operator!.id, req.site.config.name);
  });

  route(app, api.totpEnable, guesses, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    await operators.confirmTotpSetup(app.db, req.operatorSession!, req.site.id, req.body.code);
    return sessionAgain(req);
  });

  // Passkeys (issue 30 item 4): the second step with one, and the operator's own on this site.
  route(app, api.passkeyOptions, guesses, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return passkeys.startOperatorLogin(app.db, relyingParty(req), req.operatorSession, req.site.id);
  });

  route(app, api.passkey, guesses, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const response = req.body.response as AuthenticationResponseJSON;
    await passkeys.finishOperatorLogin(app.db, relyingParty(req), req.operatorSession, req.site.id, response);
    return sessionAgain(req);
  });

  route(app, api.passkeys, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return passkeys.listOperatorPasskeys(app.db, req.operatorSession!.operatorId, req.site.id);
  });

  route(app, api.passkeyAddOptions, guesses, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return passkeys.startOperatorRegistration(
      app.db,
      relyingParty(req),
      req.site.id,
      req.operatorSession!.operatorId,
    );
  });

  route(app, api.passkeyAdd, guesses, (req) =>
    passkeys.finishOperatorRegistration(
      app.db,
      relyingParty(req),
      req.operatorSession!,
      req.site.id,
      { response: req.body.response as RegistrationResponseJSON, name: req.body.name },
      req.headers['user-agent'],
    ),
  );

  route(app, api.passkeyRemove, (req) =>
    passkeys.removeOperatorPasskey(app.db, req.operatorSession!.operatorId, req.site.id, req.params.id),
  );

  route(app, api.totpRemove, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    await operators.removeTotp(app.db, req.operator!.id, req.site.id);
    return sessionOf(req);
  });

  /**
   * The operators with a role on the console's site, as the asking admin may see them: their grants
   * on sites the admin runs (and for every site), and whether the admin may act on them (within
   * reach: operators.service withinReach).
   */
  const operatorList = async (req: FastifyRequest) => {
    const viewer = req.operator!;
    const runs = (siteId: number | null) =>
      siteId === null || viewer.globalAdmin || grantsAllow(viewer.grants, 'admin', siteId);
    return {
      operators: await Promise.all(
        (await operatorsOfSite(app.db, req.site.id)).map(async (o) => {
          const grants = await operatorGrants(app.db, o.id);
          return {
            id: o.id,
            name: o.name,
            email: o.email,
            grants: grants.filter((g) => runs(g.siteId)).map((g) => ({ role: g.role, site_id: g.siteId })),
            totp_enabled: !!o.totp_secret,
            totp_required: o.totp_required,
            disabled: !!o.disabled_at,
            manageable: operators.withinReach(viewer.grants, grants),
          };
        }),
      ),
    };
  };

  route(app, api.operators, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return operatorList(req);
  });

  route(app, api.requireTotp, async (req) => {
    const listed = (await operatorsOfSite(app.db, req.site.id)).some((o) => o.id === req.params.id);
    if (!listed) throw new AppError('not_found', 404);
    const op = req.operator!;
    await operators.requireTotp(app.db, op, req.params.id, req.body.required, {
      grants: op.grants,
      siteId: req.site.id,
    });
    return operatorList(req);
  });

  route(app, api.dashboard, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    // Background jobs are every site's (a dead mail job's error names its recipient): admins of every site only.
    const admin = req.operator!.globalAdmin;
    return {
      // The moderation queues as moderation pages them (open and in review; photos not yet
      // reviewed; appeals open), counted by SQL.
      ...(await moderationCounts(app.db, req.site)),
      jobs: admin
        ? {
            stats: await app.jobs.stats(),
            dead: (await app.jobs.deadJobs(20)).map((d) => ({
              ...d,
              finished_at: d.finished_at ? new Date(d.finished_at).toISOString() : null,
            })),
            dead_total: (await app.jobs.stats())
              .filter((s) => s.state === 'dead')
              .reduce((n, s) => n + s.count, 0),
          }
        : null,
    };
  });

  route(app, api.audit, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const { before, operator, action, limit } = req.query;
    // A site's admin reads its site's entries; those of every site are for admins of every site.
    const scope = { siteId: req.site.id, everySite: req.operator!.globalAdmin };
    const rows = await auditPage(app.db, {
      ...scope,
      before,
      operatorId: operator,
      action,
      limit,
    });
    const page = rows.slice(0, limit);
    const facets = await auditFacets(app.db, scope);
    return {
      entries: page.map((r) => ({
        id: Number(r.id),
        at: new Date(r.at).toISOString(),
        operator_id: r.operator_id,
        operator_name: r.operator_name,
        action: r.action,
        site_id: r.site_id,
        subject_type: r.subject_type,
        subject_id: r.subject_id,
        reason: r.reason,
        details: r.details ?? {},
      })),
      next: rows.length > limit ? Number(page[page.length - 1]!.id) : null,
      ...facets,
    };
  });

  // Development only (DEV_MAIL_VIEWER=on on a local machine, loopback requests): creates an
  // operator with a generated password, for browser tests and a quick local console login.
  if (app.config.devTools) {
    const body = z
      .object({
        email: z.string().max(254).optional(),
        name: z.string().max(80).default('Dev operator'),
        role: z.enum(OPERATOR_ROLES).default('admin'),
        /** A site's domain, or none for every site. */
        site: z.string().max(253).nullable().default(null),
      })
      .strict();
    app.post('/dev/operators', { config: { access: 'dev' }, schema: { hide: true, body } }, async (req) => {
      const b = body.parse(req.body);
      const email =
        b.email ?? `op-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
      const site = b.site === null ? null : app.sites.all().find((s) => s.domain === b.site);
      if (site === undefined) return { error: 'unknown_site' };
      const password = operators.generatePassword();
      const id = await operators.createOperator(app.db, null, {
        email,
        name: b.name,
        password,
        role: b.role,
        siteId: site?.id ?? null,
      });
      return { id, email, password };
    });
  }
};
