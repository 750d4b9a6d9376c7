import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Request ids that follow the work a request causes (issue 28 item 4): every request gets an id
 * (the proxy's X-Request-Id when a trusted proxy sets one, else a random one), answered in the
 * X-Request-Id header and logged as `reqId`; a job the request enqueues stores it
 * (platform/job-queue.ts) and the job's log lines carry it (platform/job-run.ts), on whichever
 * worker runs it. Jobs a job enqueues carry it on.
 */
const scope = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request (or the job) whose work is running here, if any. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

/** Runs `fn` as part of the work of request `requestId` (a job run carries its request's id on). */
export function withRequestId<T>(requestId: string | null | undefined, fn: () => T): T {
  return requestId ? scope.run({ requestId }, fn) : fn();
}

/** A proxy's id is taken only in a safe shape: letters, digits, '-', '_', '.', 8 to 64 of them. */
const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Fastify's genReqId: the X-Request-Id of a proxy the app trusts (TRUST_PROXY set: nginx overwrites
 * the client's header with its own `$request_id`, deploy/nginx), else a random UUID. Unique across
 * instances, so one id finds a request in every instance's and the proxy's logs.
 */
export function requestIdGenerator(trustProxy: unknown): (req: IncomingMessage) => string {
  return (req) => {
    const given = req.headers['x-request-id'];
    if (trustProxy && typeof given === 'string' && SAFE_ID.test(given)) return given;
    return crypto.randomUUID();
  };
}

/**
 * Answers each request's id (X-Request-Id) and runs its handler inside the request's scope, so a
 * job it enqueues records the id. Entered once the body is parsed (preHandler): the body's stream
 * events would run outside a scope entered earlier.
 */
export function requestScope(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  app.addHook('preHandler', (req, _reply, done) => scope.run({ requestId: req.id }, done));
}
