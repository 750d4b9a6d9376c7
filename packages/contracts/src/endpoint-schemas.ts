/**
 * The zod schemas of every endpoint of endpoints.ts, under the same group and name: what the
 * server validates (params, querystring, body) and answers (response, under its success status;
 * none: 204 No Content or not JSON), with the OpenAPI tags and summary. The server registers each
 * route from here (apps/server/src/platform/endpoint.ts); the browser only reads the types.
 *
 * Written in parts, the app's endpoints (endpoint-schemas.app.ts, the data export's in
 * endpoint-schemas.data-export.ts, the members' passkeys in endpoint-schemas.passkeys.ts) and the
 * console's (endpoint-schemas.admin.ts), with the pieces of route-schema.ts.
 */
import { adminEndpointSchemas } from './endpoint-schemas.admin.ts';
import { appEndpointSchemas } from './endpoint-schemas.app.ts';
import { dataExportEndpointSchemas } from './endpoint-schemas.data-export.ts';
import { passkeyEndpointSchemas } from './endpoint-schemas.passkeys.ts';
import type { Endpoint, EndpointTable } from './endpoints.ts';
import type { RouteSchema } from './route-schema.ts';

export type { RouteSchema } from './route-schema.ts';

export const endpointSchemas = {
  ...appEndpointSchemas,
  ...dataExportEndpointSchemas,
  ...passkeyEndpointSchemas,
  ...adminEndpointSchemas,
} satisfies { [G in keyof EndpointTable]: { [K in keyof EndpointTable[G]]: RouteSchema } };

/** The schemas of one endpoint (by its `group.name`). */
export function schemaOf(endpoint: Pick<Endpoint, 'name'>): RouteSchema {
  const [group = '', name = ''] = endpoint.name.split('.');
  const entry = (endpointSchemas as Record<string, Record<string, RouteSchema>>)[group]?.[name];
  if (!entry) throw new Error(`no schemas for endpoint ${endpoint.name}`);
  return entry;
}
