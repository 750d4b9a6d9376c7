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
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...extras.config, access: endpoint.access },
    schema: schemaOf(endpoint),
    handler,
  });
}
