import { allEndpoints } from '@amora/contracts/console-endpoints';
import { schemaOf } from '@amora/contracts/endpoint-schemas';
import type { Endpoint } from '@amora/contracts/endpoints';
import { socketEndpoint } from '@amora/contracts/realtime';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * Endpoints are declared once (packages/contracts endpoints.ts): the server registers exactly
 * those, with their method, path, access and schemas, and no /api route outside them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t?.close());

/** The contract: every HTTP endpoint, and the live connection's upgrade. */
const contract: Endpoint[] = [...allEndpoints(), socketEndpoint];
/** Third-party routes under /api that no contract describes: the OpenAPI viewer and its files. */
const THIRD_PARTY = /^\/api\/docs(\/|$)/;

const methodsOf = (r: RouteOptions) => [r.method].flat();
const key = (method: string, url: string) => `${method} ${url}`;

function registered(): Map<string, RouteOptions> {
  const out = new Map<string, RouteOptions>();
  // An endpoint told apart by its query (POST /api/user.php?push=1) is registered with that constraint.
  const pathOf = (r: RouteOptions) => {
    const query = (r.constraints as { query?: string } | undefined)?.query;
    return query ? `${r.url}?${query}` : r.url;
  };
  for (const r of t.app.routeTable) for (const m of methodsOf(r)) out.set(key(m, pathOf(r)), r);
  return out;
}

describe('endpoints declared once', () => {
  it('every contract entry is registered with its method, path, access and schemas', () => {
    const routes = registered();
    expect(contract.length).toBeGreaterThan(50);
    for (const e of contract) {
      const r = routes.get(key(e.method, e.path));
      expect(r, `${e.name}: ${e.method} ${e.path} is not registered`).toBeDefined();
      expect(r!.config?.access, e.name).toBe(e.access);
      if (e === socketEndpoint) continue; // the upgrade has no schema (not JSON)
      const s = schemaOf(e);
      for (const part of ['params', 'querystring', 'body', 'response'] as const) {
        expect((r!.schema as Record<string, unknown> | undefined)?.[part], `${e.name} ${part}`).toBe(s[part]);
      }
    }
  });

  it('every /api route has a contract entry', () => {
    const declared = new Set(contract.map((e) => key(e.method, e.path)));
    const routes = registered();
    const strays = [...routes.keys()].filter((k) => {
      const [method, url] = k.split(' ') as [string, string];
      if (!url.startsWith('/api/') || THIRD_PARTY.test(url)) return false;
      // Fastify adds a HEAD route to every GET one.
      if (method === 'HEAD' && declared.has(key('GET', url))) return false;
      return !declared.has(k);
    });
    expect(strays, 'add these to packages/contracts endpoints.ts and endpoint-schemas.ts').toEqual([]);
  });
});
