import type { Access, OperatorAccess } from '@amora/contracts/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';
import { operatorMay } from './operators.ts';

/** Who may call a route (declared with each endpoint in packages/contracts endpoints.ts). */
export type { Access };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route with its options (the access test walks them). */
    routeTable: RouteOptions[];
  }
  interface FastifyContextConfig {
    /** Who may call this route. Every route must say: a route without it fails the start. */
    access?: Access;
    /**
     * A member route a mail links to: a logged-out reader's browser (a GET asking for HTML) is
     * sent to log in first, and from there to this page of the app, instead of a JSON refusal.
     */
    loginThen?: string;
  }
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOCAL_HOST = /^(localhost|[a-z0-9-]+\.localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;

/**
 * A request the developer makes on their own machine: from a loopback socket (the socket itself,
 * never a forwarded address), to a local host name, and not relayed by a proxy (a reverse proxy on
 * the same machine also connects from loopback, so any forwarding header disqualifies).
 */
export function isLocalDevRequest(req: FastifyRequest): boolean {
  const h = req.headers;
  if (h['x-forwarded-for'] || h.forwarded || h['x-real-ip'] || h['x-forwarded-host']) return false;
  return LOOPBACK.test(req.socket.remoteAddress ?? '') && LOCAL_HOST.test(h.host ?? '');
}

/**
 * Registers third-party plugins whose routes cannot declare an access themselves (static files,
 * the API docs) in a scope that gives their routes the access named here.
 */
export async function registerWithAccess(
  app: FastifyInstance,
  access: Access,
  register: (scope: FastifyInstance) => PromiseLike<unknown>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: route.config?.access ?? access };
    });
    await register(scope);
  });
}

/**
 * One mechanism for every route: each declares its access (checked when the app is ready, so a
 * route without one fails the start), and each request is checked against it before any body is
 * read. Runs after the sessions are resolved (register after the auth and operator plugins).
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  const routes: RouteOptions[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const missing = routes.filter((r) => !r.config?.access);
    if (missing.length) {
      const names = missing.map((r) => `${[r.method].flat().join(',')} ${r.url}`).join(', ');
      throw new Error(`routes without an access policy (config.access): ${names}`);
    }
  });
  const check = (req: FastifyRequest, reply: FastifyReply) => {
    const { access, loginThen } = req.routeOptions.config ?? {};
    if (access === 'member' && !req.user) {
      if (loginThen && req.method === 'GET' && /text\/html/.test(req.headers.accept ?? '')) {
        return reply.redirect(`/login?redirect=${encodeURIComponent(loginThen)}`, 303);
      }
      throw new AppError('authentication_required', 403);
    }
    // Development tools do not exist for anyone else: the same answer as an unknown path.
    if (access === 'dev' && !(app.config.devTools && isLocalDevRequest(req))) {
      throw new AppError('not_found', 404);
    }
    // The console does not exist for anyone but its operators: a visitor, a member, an operator of
    // another site or without the role get the answer of an unknown path (platform/operators.ts).
    if (access?.startsWith('op:') && !operatorMay(req, access as OperatorAccess)) {
      throw new AppError('not_found', 404);
    }
  };
  // A WebSocket upgrade is checked once the socket plugin has taken the request over (it answers
  // a refusal on the raw socket and closes it); every other request before its body is read.
  app.addHook('onRequest', async (req, reply) => {
    if (!req.headers.upgrade) return check(req, reply);
  });
  app.addHook('preHandler', async (req, reply) => {
    if (req.headers.upgrade) return check(req, reply);
  });
});
