import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { useTestApp, Visitor } from './helpers.ts';

/**
 * Issue 26 item 18: the API's OpenAPI document passes a linter with its recommended rules
 * (Redocly CLI, `lint --extends recommended`) with no error.
 */
const t = useTestApp();
const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

describe('the API document', () => {
  it('passes Redocly’s recommended rules with no error', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'amora-openapi-')), 'openapi.json');
    writeFileSync(file, res.body);
    const out = spawnSync(
      process.execPath,
      [cli, 'lint', file, '--extends', 'recommended', '--format', 'json'],
      {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    const report = JSON.parse(out.stdout.slice(out.stdout.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('describes POST /api/user.php as the login and the push subscription, and the login answers as documented', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the document is read as JSON
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as any;
    expect(doc.components.securitySchemes).toMatchObject({
      memberSession: { type: 'apiKey', in: 'cookie' },
      operatorSession: { type: 'apiKey', in: 'cookie' },
      csrfToken: { type: 'apiKey', in: 'header' },
    });
    const op = doc.paths['/api/user.php'].post;
    const bodies = op.requestBody.content['application/json'].schema.oneOf;
    expect(bodies.map((b: { required: string[] }) => b.required)).toEqual([
      ['email', 'password'],
      ['subscription'],
    ]);
    expect(op.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'push', in: 'query' })]),
    );
    const answer = op.responses['200'].content['application/json'].schema;
    // A real login's answer is valid against the documented schema.
    const m = await t.member();
    const login = await new Visitor(t.app).post('/api/user.php', {
      email: m.body.email,
      password: m.body.password,
    });
    expect(login.statusCode).toBe(200);
    const ajv = new Ajv({ strict: false });
    const valid = ajv.validate(answer, login.json());
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // Public operations need no session; a member's needs the session cookie (and CSRF to change).
    expect(doc.paths['/api/settings.php'].get.security).toEqual([]);
    expect(doc.paths['/api/profile'].put.security).toEqual([{ memberSession: [], csrfToken: [] }]);
    // The answers without a body are documented as 204, without content.
    for (const [path, method] of [
      ['/api/chat/{id}/read', 'post'],
      ['/api/swipe/{id}/pass', 'post'],
      ['/api/account/delete', 'post'],
    ] as const) {
      const responses = doc.paths[path]?.[method]?.responses;
      expect(Object.keys(responses ?? {}), `${method} ${path}`).toEqual(['204']);
      expect(responses['204'].content).toBeUndefined();
    }
    // The order carries the spec's transaction fee; the push state its lastMessage.
    const order = doc.paths['/api/orders/{id}'].get.responses['200'].content['application/json'].schema;
    expect(order.properties.order.required).toContain('transaction_fee');
    const push =
      doc.paths['/api/push/subscription'].delete.responses['200'].content['application/json'].schema;
    expect(push.required).toEqual(['subscribed', 'lastMessage']);
  });
});
