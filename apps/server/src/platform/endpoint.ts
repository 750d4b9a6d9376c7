import { schemaOf } from '@amora/contracts/endpoint-schemas';
import type { Endpoint } from '@amora/contracts/endpoints';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What a route adds to its contract entry: how it runs (its rate limit), never what it is. */
export interface RouteExtras {
  config?: Omit<FastifyContextConfig, 'access'>;
}

/** A route's rate limit: at most `max` calls of a client per `timeWindow` (such as '10 minutes'). */
export const rateLimited = (max: number, timeWindow: string): RouteExtras => ({
  config: { rateLimit: { max, timeWindow } },
});

/** A handler typed by the endpoint's schemas: params, query and body parsed, the answer checked. */
export type EndpointHandler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/**
 * Registers an endpoint of the contract (packages/contracts endpoints.ts): its method, path and
 * access from there, its schema (tags, summary, params, querystring, body, response) from its
 * entry in endpoint-schemas.ts; the route file adds only the handler and, where needed, extras
 * such as a rate limit.
 *
 *   route(app, endpoints.likes.like, { config: { rateLimit } }, async (req) => ...)
 */
export function route<S extends FastifySchema>(
  app: ZodApp,
  endpoint: Endpoint<S>,
  handler: EndpointHandler<S>,
): void;
export function route<S extends FastifySchema>(
  app: ZodApp,
  endpoint: Endpoint<S>,
  extras: RouteExtras,
  handler: EndpointHandler<S>,
): void;
export function route(
  app: ZodApp,
  endpoint: Endpoint,
  extrasOrHandler: RouteExtras | EndpointHandler<FastifySchema>,
  maybeHandler?: EndpointHandler<FastifySchema>,
): void {
  const [extras, handler] =
    typeof extrasOrHandler === 'function' ? [{}, extrasOrHandler] : [extrasOrHandler, maybeHandler!];
  const [url = endpoint.path, query] = endpoint.path.split('?');
  if (query) useQueryConstraint(app, url, query);
  app.route({
    method: endpoint.method,
    url,
    ...(query ? { constraints: { query } } : {}),
    config: { ...extras.config, access: endpoint.access },
    schema: schemaOf(endpoint),
    handler,
  });
}

/** Paths with endpoints told apart by their query (spec §7 `POST /api/user.php?push=1`): the pairs. */
const queryRoutedPaths = new Map<string, Set<string>>();

/**
 * Lets two endpoints share a method and path when the query tells them apart: the contract names
 * the one as `/path?name=value`, and the router sends a request there when its query has that
 * pair. Asked only on the paths that have such an endpoint (anywhere else a query means nothing).
 */
function useQueryConstraint(app: ZodApp, path: string, pair: string): void {
  const pairs = queryRoutedPaths.get(path) ?? new Set<string>();
  pairs.add(pair);
  queryRoutedPaths.set(path, pairs);
  if (app.hasConstraintStrategy('query')) return;
  app.addConstraintStrategy({
    name: 'query',
    storage() {
      const handlers = new Map<string, unknown>();
      return {
        get: (value: string) => (handlers.get(value) ?? null) as never,
        set: (value: string, store: unknown) => void handlers.set(value, store),
      };
    },
    deriveConstraint(req: { url?: string }) {
      // An absolute-form target (`POST http://host/api/user.php?push=1`) routes by its path too.
      const [path = '', search = ''] = (req.url ?? '')
        .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '')
        .split('?');
      const known = queryRoutedPaths.get(path);
      if (!known || !search) return undefined as never;
      for (const [k, v] of new URLSearchParams(search))
        if (known.has(`${k}=${v}`)) return `${k}=${v}` as never;
      return undefined as never;
    },
    mustMatchWhenDerived: true,
  });
}
