import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints, consoleEndpoints } from './console-endpoints.ts';
import { endpointSchemas, schemaOf } from './endpoint-schemas.ts';
import { type Endpoint, endpoints } from './endpoints.ts';
import { socketEndpoint } from './realtime.ts';

const all = allEndpoints();

describe('the endpoint contract (endpoints.ts + endpoint-schemas.ts)', () => {
  it('names each endpoint once, and each method and path once', () => {
    const names = all.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    const routes = [...all, socketEndpoint].map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const e of all) expect(e.path, e.name).toMatch(/^\/api\//);
  });

  it('has schemas for exactly the endpoints of the table', () => {
    const keys = (t: Record<string, Record<string, unknown>>) =>
      Object.entries(t).flatMap(([g, group]) => Object.keys(group).map((k) => `${g}.${k}`));
    expect(keys(endpointSchemas).sort()).toEqual([...keys(endpoints), ...keys(consoleEndpoints)].sort());
  });

  it("declares a path's parameters in its params schema, and no others", () => {
    for (const e of all) {
      const inPath = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const params = schemaOf(e).params;
      const declared = params instanceof z.ZodObject ? Object.keys(params.shape).sort() : [];
      expect(declared, e.name).toEqual(inPath);
    }
  });

  it('gives every JSON answer a schema under one success status; the rest answer no JSON', () => {
    const without: string[] = [];
    for (const e of all) {
      const response = schemaOf(e).response;
      if (!response) without.push(e.name);
      else
        expect(Object.keys(response).map(Number), e.name).toSatisfy((s: number[]) => {
          // One success status; readiness alone also describes its 503 (the same body, saying what is down).
          const ok = s.filter((c) => [200, 201, 202, 204].includes(c));
          const rest = s.filter((c) => !ok.includes(c));
          return (
            ok.length === 1 && (rest.length === 0 || (e.name === 'platform.ready' && rest.join() === '503'))
          );
        });
    }
    // Redirects of mailed links, one image, one CSV download and the data export's zip: no JSON
    // body to describe (a 204 is described as noContent above). A new
    // endpoint answering JSON belongs in none of these, so it must get a response schema.
    expect(without.sort()).toEqual(
      [
        'accounts.activate',
        'accounts.loginLink',
        'accounts.reactivate',
        'chat.media',
        'mail.unsubscribeLink',
        'adminModeration.transparencyCsv',
        'dataExport.download',
      ].sort(),
    );
  });

  it("keeps the console's endpoints out of the app's table (every page's script has it)", () => {
    const paths = (t: Record<string, Record<string, Endpoint>>) =>
      Object.values(t).flatMap((group) => Object.values(group).map((e) => e.path));
    expect(paths(endpoints).filter((p) => p.startsWith('/api/admin/'))).toEqual([]);
    expect(paths(consoleEndpoints).filter((p) => !p.startsWith('/api/admin/'))).toEqual([]);
  });

  it('keeps zod out of the modules the browser imports (they import nothing else at run time)', () => {
    const files = ['endpoints.ts', 'console-endpoints.ts', 'realtime.ts', 'rules.ts', 'intl.ts', 'money.ts'];
    for (const file of files) {
      const text = fs.readFileSync(path.join(import.meta.dirname, file), 'utf8');
      const valueImports = [...text.matchAll(/^import\s+(?!type\s)[^;]*?from\s+['"]([^'"]+)['"]/gm)].map(
        (m) => m[1],
      );
      expect(
        valueImports.filter((m) => !files.includes(String(m).replace(/^\.\//, ''))),
        file,
      ).toEqual([]);
    }
  });
});
