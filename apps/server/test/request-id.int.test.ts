/**
 * Request ids carry into the jobs a request enqueues (issue 28 item 4, platform/request-scope.ts):
 * the id the proxy gives a request (X-Request-Id) is answered back, logged with the request, stored
 * with the mail job its signup enqueues, and named by that job's log lines when the delivery fails
 * (the operator's trail from a member's complaint to the SMTP server's answer). Real app, real
 * database, a real SMTP server that refuses the address.
 */
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { RunOutcome } from '../src/platform/jobs.ts';
import { type FaultySmtp, startFaultySmtp } from './faults/smtp-sink.ts';
import { newSignup, useTestApp, Visitor } from './helpers.ts';

const t = useTestApp({ members: 4 });
let smtp: FaultySmtp;
let app: FastifyInstance;
const lines: { reqId?: string; msg?: string; job?: string; level?: number }[] = [];

beforeAll(async () => {
  smtp = await startFaultySmtp();
  // Behind a proxy on this machine (TRUST_PROXY=loopback), with its logs kept for the test.
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  app = await buildApp({
    config: { ...t.config, smtpUrl: smtp.url, trustProxy: 'loopback' },
    db: t.db,
    logger,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe('a request id', () => {
  it("is the trusted proxy's, answered back, and named by the log lines of the mail job its signup enqueued", async () => {
    const body = newSignup();
    smtp.onRcpt(body.email, 450);
    const failed = new Promise<RunOutcome>((resolve) =>
      app.jobs.events.on('finished', (o: RunOutcome) => {
        if (o.name === 'mail.deliver' && o.outcome === 'retry') resolve(o);
      }),
    );
    const requestId = 'nginx-3f9a2c41d0e8b7a6';
    const res = await new Visitor(app).post('/api/signup', body, { 'x-request-id': requestId });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.headers['x-request-id']).toBe(requestId);
    const [job] = await t.db.query<{ id: number; request_id: string }>(
      `SELECT j.id::int AS id, j.request_id FROM jobs j JOIN outbox_emails o ON o.id = (j.payload->>'id')::bigint
        WHERE j.name = 'mail.deliver' AND o.to_address = $1`,
      [body.email],
    );
    expect(job?.request_id).toBe(requestId);

    // The SMTP server refused the address: the job's warning names the signup's request.
    const outcome = await failed;
    expect(outcome.id).toBe(job!.id);
    expect(lines.find((l) => l.msg === 'incoming request' && l.reqId === requestId)).toBeDefined();
    const warning = lines.find((l) => l.msg === 'mail delivery failed');
    expect(warning).toMatchObject({ reqId: requestId, job: 'mail.deliver' });
  });

  it('is a fresh UUID per request when no trusted proxy gives one, or the one given is no id', async () => {
    // The default app trusts no proxy: a client's own header is not taken.
    const direct = await t.get('/api/health', { 'x-request-id': 'client-picked-id-1234' });
    expect(direct.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const again = await t.get('/api/health');
    expect(again.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers['x-request-id']).not.toBe(direct.headers['x-request-id']);
    // Behind the proxy, a header that is no id (a log line forged into it) is not taken either.
    const forged = await app.inject({
      url: '/api/health',
      headers: { host: 'localhost:3999', 'x-request-id': 'x\n{"msg":"forged"}' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
