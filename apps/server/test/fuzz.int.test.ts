import { describe, expect, it } from 'vitest';
import { useTestApp, Visitor } from './helpers.ts';

/**
 * Malformed input to every route of the OpenAPI document, as a visitor and as a member: wrong
 * types, NUL bytes, huge and empty values, malformed ids and cursors, bodies of the wrong kind.
 * Whatever comes in, the answer is never a 5xx.
 */
const t = useTestApp({ members: 4 });

interface Operation {
  parameters?: { in: 'path' | 'query'; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

const NUL = 'x\u0000y';
const STRINGS = [
  NUL,
  '',
  'x',
  '-1',
  '99999999999999999999',
  '1e309',
  'a'.repeat(5000),
  '../../etc/passwd',
  '%00',
  '[]',
  '{"a":1}',
  '2024-13-45 99:99:99+00',
  Buffer.from('2024-13-45 99:99:99+00|00000000-0000-4000-8000-000000000000').toString('base64url'),
  Buffer.from('["2024-99-99","x"]').toString('base64url'),
  '😀',
];
const VALUES: unknown[] = [...STRINGS, null, -1, 1.5, 1e308, true, [], [NUL], {}, { $gt: '' }];

function* inputs(op: Operation) {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
  const queryParams = params.filter((p) => p.in === 'query').map((p) => p.name);
  const props = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
  const ok = '00000000-0000-4000-8000-000000000000';
  const pathWith = (v: string) => Object.fromEntries(pathParams.map((n) => [n, v]));
  for (const s of pathParams.length ? STRINGS.filter((s) => s !== '') : []) {
    yield { path: pathWith(s), query: {}, body: {} as unknown };
  }
  for (const name of queryParams) {
    for (const s of STRINGS) yield { path: pathWith(ok), query: { [name]: s }, body: {} as unknown };
  }
  for (const body of [null, [], 'text', 42, { a: { b: { c: { d: [NUL] } } } }]) {
    yield { path: pathWith(ok), query: {}, body };
  }
  for (const name of props) {
    for (const v of VALUES) yield { path: pathWith(ok), query: {}, body: { [name]: v } as unknown };
  }
}

function url(template: string, path: Record<string, string>, query: Record<string, string>): string {
  const p = template.replace(/\{(\w+)\}/g, (_m, n: string) => encodeURIComponent(path[n] ?? 'x'));
  const q = new URLSearchParams(query).toString();
  return q ? `${p}?${q}` : p;
}

describe('malformed input to every route of the OpenAPI document', () => {
  // Thousands of requests, every route by every kind of bad input: 13-25 s in the README's test
  // line with a CPU hog beside it, 69 s once with two test runs and the hog (issue 31's run 4),
  // past the default 60 s. Bounded work, not a wait: given room, never a retry.
  it('never answers 5xx, to visitors or members', { timeout: 240_000 }, async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const member = await t.member();
    // Calls that end the member's session run last, so the rest are made logged in.
    const last = ['/api/logout.php', '/api/account/delete'];
    const ops = Object.entries(doc.paths)
      .filter(([p]) => p !== '/api/ws')
      .flatMap(([p, methods]) => Object.entries(methods).map(([m, op]) => ({ p, m: m.toUpperCase(), op })))
      .filter(({ m }) => ['GET', 'POST', 'PUT', 'DELETE'].includes(m))
      .sort((a, b) => Number(last.includes(a.p)) - Number(last.includes(b.p)));
    expect(ops.length).toBeGreaterThan(45);
    const failures: string[] = [];
    let sent = 0;
    for (const { p, m, op } of ops) {
      // A fresh address per route and caller, so per-address limits leave every case its answer.
      for (const who of [new Visitor(t.app), member.v]) {
        for (const input of inputs(op)) {
          const target = url(p, input.path, input.query);
          const res = await who.request(m as 'GET', target, m === 'GET' ? undefined : input.body);
          sent++;
          if (res.statusCode >= 500)
            failures.push(`${m} ${target} ${JSON.stringify(input.body)} -> ${res.statusCode}`);
        }
      }
      // Bodies of the wrong kind.
      if (m !== 'GET') {
        for (const headers of [
          { 'content-type': 'text/plain' },
          { 'content-type': 'multipart/form-data' },
          { 'content-type': 'multipart/form-data; boundary=x' },
          { 'content-type': 'application/json' },
        ]) {
          const res = await member.v.request(m as 'POST', url(p, {}, {}), '{"unterminated', headers);
          sent++;
          if (res.statusCode >= 500)
            failures.push(`${m} ${p} (${headers['content-type']}) -> ${res.statusCode}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  });
});
