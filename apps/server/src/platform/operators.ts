import { OPERATOR_COOKIE, OPERATOR_IDLE_S, OPERATOR_MAX_AGE_S, type OperatorRole } from '@amora/contracts';
import type { OperatorAccess } from '@amora/contracts/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { secureCookies, setCsrfFor } from './auth.ts';
import type { Queryable } from './db.ts';
import { routePath } from './request-context.ts';
import { hashSecret, newSecret } from './tokens.ts';

/**
 * Operators of the console (issue 17): who is behind the console cookie of a request, and which
 * roles they hold where. Their accounts, roles and logins are features/admin; the session and
 * the access check live here so platform/access.ts can enforce `op:*` on every route.
 */

export interface OperatorGrant {
  role: OperatorRole;
  /** null: every site. */
  siteId: number | null;
}

export type OperatorStage = 'totp' | 'totp_setup' | 'active';

/** The operator of a request (only for a fully logged-in console session on this site). */
export interface RequestOperator {
  id: string;
  name: string;
  email: string;
  /** Roles held on the request's site (by a grant for it or for all sites); admin as granted. */
  roles: OperatorRole[];
  /** Holds a grant for every site (site_id NULL). */
  allSites: boolean;
  /** Sites named by the operator's site grants. */
  siteIds: number[];
  /** Every grant as stored. */
  grants: OperatorGrant[];
  /** Is admin for every site: may manage sites themselves (create, edit). */
  globalAdmin: boolean;
}

/** The console session of a request, at any stage (a login waiting for its second factor too). */
export interface OperatorSessionInfo {
  id: string;
  operatorId: string;
  stage: OperatorStage;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator behind the console cookie when fully logged in on this site, or null. */
    operator: RequestOperator | null;
    /** The console session behind the cookie (any stage), or null. */
    operatorSession: OperatorSessionInfo | null;
  }
}

/** Whether grants give `role` on `siteId` (admin implies every role; a NULL site is every site). */
export function grantsAllow(grants: OperatorGrant[], role: OperatorRole, siteId: number): boolean {
  return grants.some(
    (g) => (g.role === role || g.role === 'admin') && (g.siteId === null || g.siteId === siteId),
  );
}

/** Whether the request's operator may use a route of this access on the request's site. */
export function operatorMay(req: FastifyRequest, access: OperatorAccess): boolean {
  const op = req.operator;
  const stage = req.operatorSession?.stage;
  if (!op || op.roles.length === 0) return false; // no role on this site: not an operator here
  // A login whose required second factor is not set up yet reaches only its own set-up.
  if (access === 'op:self') return stage === 'active' || stage === 'totp_setup';
  if (stage !== 'active') return false;
  if (access === 'op:any') return true;
  return grantsAllow(op.grants, access.slice(3) as OperatorRole, req.site.id);
}

interface SessionRow {
  operator_id: string;
  stage: OperatorStage;
  name: string;
  email: string;
  last_seen_at: Date;
}

/** A live console session on this site: not past its absolute end, idle less than 30 minutes. */
export async function findOperatorSession(q: Queryable, id: string, siteId: number) {
  const rows = await q.query<SessionRow>(
    `SELECT s.operator_id, s.stage, o.name, o.email, s.last_seen_at
       FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
      WHERE s.id = $1 AND s.site_id = $2 AND s.expires_at > now()
        AND s.last_seen_at > now() - make_interval(secs => $3) AND o.disabled_at IS NULL`,
    [id, siteId, OPERATOR_IDLE_S],
  );
  return rows[0] ?? null;
}

export async function operatorGrants(q: Queryable, operatorId: string): Promise<OperatorGrant[]> {
  const rows = await q.query<{ role: OperatorRole; site_id: number | null }>(
    'SELECT role, site_id FROM operator_roles WHERE operator_id = $1 ORDER BY role, site_id NULLS FIRST',
    [operatorId],
  );
  return rows.map((r) => ({ role: r.role, siteId: r.site_id }));
}

export function requestOperator(
  row: { operator_id: string; name: string; email: string },
  grants: OperatorGrant[],
  siteId: number,
): RequestOperator {
  const here = grants.filter((g) => g.siteId === null || g.siteId === siteId);
  return {
    id: row.operator_id,
    name: row.name,
    email: row.email,
    roles: [...new Set(here.map((g) => g.role))],
    allSites: grants.some((g) => g.siteId === null),
    siteIds: [...new Set(grants.flatMap((g) => (g.siteId === null ? [] : [g.siteId])))],
    grants,
    globalAdmin: grants.some((g) => g.role === 'admin' && g.siteId === null),
  };
}

/** Starts a console session; returns the cookie value (only its hash is stored). */
export async function createOperatorSession(
  q: Queryable,
  operatorId: string,
  siteId: number,
  stage: OperatorStage,
  userAgent: string | undefined,
): Promise<string> {
  const token = newSecret();
  await q.query(
    `INSERT INTO operator_sessions (id, operator_id, site_id, stage, expires_at, user_agent)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), $6)`,
    [hashSecret(token), operatorId, siteId, stage, OPERATOR_MAX_AGE_S, userAgent?.slice(0, 300) ?? null],
  );
  return token;
}

export function setOperatorCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(OPERATOR_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies(req.headers.host),
    maxAge: OPERATOR_MAX_AGE_S,
  });
  req.cookies[OPERATOR_COOKIE] = token;
  setCsrfFor(req, reply); // the CSRF token follows the new console session
}

export function clearOperatorCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(OPERATOR_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies(req.headers.host),
  });
  delete req.cookies[OPERATOR_COOKIE];
  setCsrfFor(req, reply);
}

/**
 * Resolves the console cookie of each request to `req.operator` (a session of this site, not idle
 * for 30 minutes, not past its 12 hours, of an operator not disabled). Activity is written at most
 * once a minute. Register after the auth plugin and before the access plugin.
 */
export const operatorAuthPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('operator', null);
  app.decorateRequest('operatorSession', null);
  app.addHook('onRequest', async (req) => {
    const token = req.cookies[OPERATOR_COOKIE];
    if (!token || token.length > 100 || !req.site) return; // no site: a siteless route (the health check)
    // Static files and photos need no operator (the cookie's path is '/', so they carry it too).
    if (/^\/(assets|media)\//.test(routePath(req))) return;
    const id = hashSecret(token);
    const row = await findOperatorSession(app.db, id, req.site.id);
    if (!row) return;
    req.operatorSession = { id, operatorId: row.operator_id, stage: row.stage };
    if (row.stage === 'totp') return; // the password alone opens nothing
    req.operator = requestOperator(row, await operatorGrants(app.db, row.operator_id), req.site.id);
    if (Date.now() - new Date(row.last_seen_at).getTime() >= 60_000) {
      await app.db.query('UPDATE operator_sessions SET last_seen_at = now() WHERE id = $1', [id]);
    }
  });
});
