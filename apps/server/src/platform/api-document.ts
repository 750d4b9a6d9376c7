import { CSRF_COOKIE, CSRF_HEADER, OPERATOR_COOKIE, SESSION_COOKIE } from '@amora/contracts';
import type { Access } from '@amora/contracts/endpoints';
import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document (served at /api/docs/json), built by @fastify/swagger from the contracts'
 * zod schemas, with what the schemas alone cannot say (issue 26 item 18):
 *
 * - the security schemes (the member's session cookie, the console's, the CSRF header a changing
 *   call carries) and on every operation which of them it needs, from its access in the contract;
 * - `POST /api/user.php` as the one operation it is on the wire: a login without a query, the push
 *   subscription with `?push=1` (spec §7). Fastify routes them apart by the query (endpoint.ts),
 *   but a document has one operation per method and path: the two are joined, body and answer
 *   `oneOf` the two;
 * - a document the linter's recommended rules accept (a test runs Redocly CLI on it).
 */

/** The push subscription's operation, kept apart until it is joined to the login's. */
const PUSH_PATH = '/api/user.php#push';

type Operation = {
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema: unknown }> }>;
  [k: string]: unknown;
};
type Doc = { paths: Record<string, Record<string, Operation>>; [k: string]: unknown };

const CHANGES = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** Which schemes an operation of this access needs (none for a public one). */
function securityOf(access: Access | undefined, method: string): Record<string, string[]>[] {
  const csrf: Record<string, string[]> = CHANGES.has(method) ? { csrfToken: [] } : {};
  if (access === 'member') return [{ memberSession: [], ...csrf }];
  if (access?.startsWith('op:')) return [{ operatorSession: [], ...csrf }];
  return [];
}

/**
 * `nullable` beside `anyOf` without a `type` (OpenAPI 3.0 wants a type beside it): the first
 * member of the union carries it instead.
 */
function fixNullable(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) fixNullable(n);
    return;
  }
  const o = node as Record<string, unknown>;
  if (o.nullable === true && o.type === undefined && Array.isArray(o.anyOf) && o.anyOf.length) {
    delete o.nullable;
    o.anyOf = [{ ...(o.anyOf[0] as object), nullable: true }, ...o.anyOf.slice(1)];
  }
  for (const v of Object.values(o)) fixNullable(v);
}

/** Joins the push subscription's operation to the login's (same method and path). */
function joinUserPhp(doc: Doc): void {
  const push = doc.paths[PUSH_PATH]?.post;
  const login = doc.paths['/api/user.php']?.post;
  delete doc.paths[PUSH_PATH];
  if (!push || !login) return;
  const json = (op: Operation) => op.requestBody?.content['application/json']?.schema;
  const answer = (op: Operation) => op.responses?.['200']?.content?.['application/json']?.schema;
  login.summary = 'Log in; with ?push=1 (a logged-in member): store this browser’s push subscription';
  login.description =
    'Spec §7 puts two calls on this method and path, told apart by the query. Without a query the ' +
    'body is the login (e-mail and password) and the answer the logged-in member. With `?push=1` ' +
    'the body is the browser’s push subscription (a member session and the CSRF header needed) ' +
    'and the answer the push state.';
  login.parameters = [
    ...(login.parameters ?? []),
    {
      name: 'push',
      in: 'query',
      required: false,
      description: '1: store the push subscription instead of logging in',
      schema: { type: 'string', enum: ['1'] },
    },
  ];
  login.requestBody = {
    ...login.requestBody,
    content: { 'application/json': { schema: { oneOf: [json(login), json(push)] } } },
  };
  login.responses = {
    ...login.responses,
    '200': {
      description: 'The logged-in member (login), or the push state (?push=1)',
      content: { 'application/json': { schema: { oneOf: [answer(login), answer(push)] } } },
    },
  };
  // Either no session (the login) or a member's (the push subscription).
  login.security = [{}, { memberSession: [], csrfToken: [] }];
}

/** The options @fastify/swagger is registered with. */
export const apiDocumentOptions: SwaggerOptions = {
  openapi: {
    info: {
      title: 'Amora API',
      version: '1.0.0',
      description:
        'HTTP API of the Amora dating platform. Every site serves it on its own origin; a session ' +
        'is a cookie set by the login, and a call that changes something carries the CSRF token ' +
        `(the ${CSRF_COOKIE} cookie's value) in the ${CSRF_HEADER} header.`,
    },
    servers: [{ url: '/', description: 'The origin of the site called (each site its own domain)' }],
    components: {
      securitySchemes: {
        memberSession: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'A member’s session (set by POST /api/user.php)',
        },
        operatorSession: {
          type: 'apiKey',
          in: 'cookie',
          name: OPERATOR_COOKIE,
          description: 'An operator’s console session (set by the console login)',
        },
        csrfToken: {
          type: 'apiKey',
          in: 'header',
          name: CSRF_HEADER,
          description: `The ${CSRF_COOKIE} cookie's value, on every call that changes something`,
        },
      },
    },
  },
  transform: (input) => {
    const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
    const route = (input as { route?: { method: string | string[]; config?: { access?: Access } } }).route;
    const method = String(Array.isArray(route?.method) ? route.method[0] : route?.method);
    const access = route?.config?.access;
    const constraints = (input as { route?: { constraints?: { query?: string } } }).route?.constraints;
    const schema = out.schema as Record<string, unknown> | undefined;
    if (schema && !schema.hide) schema.security = securityOf(access, method);
    if (constraints?.query === 'push=1') return { ...out, url: PUSH_PATH };
    return out;
  },
  transformObject: (input) => {
    const doc = (input as { openapiObject: Doc }).openapiObject;
    joinUserPhp(doc);
    fixNullable(doc.paths);
    // A 204 has no body: its `noContent` schema (z.null()) is no content to document.
    for (const ops of Object.values(doc.paths))
      for (const op of Object.values(ops)) {
        const empty = op.responses?.['204'];
        if (empty) op.responses!['204'] = { description: 'No Content' };
      }
    return doc as never;
  },
};
