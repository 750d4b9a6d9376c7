import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody, isErrorCode } from './errors.ts';

/**
 * PostgreSQL's codes (and the driver's messages) for "the database cannot serve now": the server
 * restarting or gone, the connection cut, no connection free within the pool's wait, a statement
 * or lock wait over its limit (platform/db.ts DB_TIMEOUTS). None of them is the request's fault
 * and each passes: 503 with Retry-After (issue 24 items 2 and 7), never 500.
 */
const UNAVAILABLE_PG = new Set(['57P01', '57P02', '57P03', '53300', '57014', '55P03', '40P01']);
const UNAVAILABLE_NET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTCONN',
  // The media store (local folder's disk aside) did not answer: platform/storage.ts MediaStoreUnavailable.
  'EMEDIASTORE',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed|terminating connection/i;

export interface Unavailability {
  code: 'service_unavailable' | 'storage_full';
  status: 503 | 507;
  retryAfterS: number;
}

/** What an error says about the service, when it is an outage or a full disk rather than a fault. */
export function unavailability(err: unknown): Unavailability | undefined {
  const code = String((err as { code?: unknown })?.code ?? '');
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100')
    return { code: 'storage_full', status: 507, retryAfterS: 300 };
  if (UNAVAILABLE_PG.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_NET.has(code))
    return { code: 'service_unavailable', status: 503, retryAfterS: 5 };
  const message = err instanceof Error ? err.message : '';
  if (UNAVAILABLE_MESSAGE.test(message)) return { code: 'service_unavailable', status: 503, retryAfterS: 5 };
  return undefined;
}

/**
 * Every error answer: `{ error: { code, message, status, fields? } }`, the message translated into
 * the request's language. No stack traces; an outage is 503 with Retry-After, a full disk 507.
 */
export function errorHandler(err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) {
  const locale = req.locale ?? 'en';
  if (err instanceof AppError) {
    return reply
      .status(err.status)
      .send(errorBody(locale, err.code, err.status, err.vars, err.fields, err.details));
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Record<string, string> = {};
    for (const issue of err.validation) {
      const name = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
      // Our schemas use error codes as messages; anything else (a type mismatch) is a plain 'validation'.
      // A cross-field rule (e.g. username equal to the e-mail) says more than a format rule: it wins.
      if (!fields[name] || issue.keyword === 'custom') {
        fields[name] = isErrorCode(issue.message) ? issue.message! : 'validation';
      }
    }
    return reply.status(400).send(errorBody(locale, 'validation', 400, {}, fields));
  }
  // A value the database cannot take (a NUL byte, a malformed id or date that slipped past a
  // schema) is bad input, not a server fault; an id that points at nothing is not found.
  const pgCode = String((err as { code?: unknown }).code ?? '');
  if (/^22[0-9A-Z]{3}$/.test(pgCode) || pgCode === '23503') {
    req.log.warn({ err }, 'input refused by the database');
    return pgCode === '23503'
      ? reply.status(404).send(errorBody(locale, 'not_found', 404))
      : reply.status(400).send(errorBody(locale, 'validation', 400));
  }
  const unavailable = unavailability(err);
  if (unavailable) {
    req.log.warn({ err }, `answered ${unavailable.status}: ${unavailable.code}`);
    return reply
      .status(unavailable.status)
      .header('retry-after', String(unavailable.retryAfterS))
      .send(errorBody(locale, unavailable.code, unavailable.status));
  }
  const status =
    typeof (err as FastifyError).statusCode === 'number' ? (err as FastifyError).statusCode! : 500;
  if (status === 413) return reply.status(413).send(errorBody(locale, 'payload_too_large', 413));
  if (status >= 400 && status < 500) {
    return reply.status(status).send(errorBody(locale, status === 404 ? 'not_found' : 'validation', status));
  }
  req.log.error({ err }, 'unhandled error');
  return reply.status(500).send(errorBody(locale, 'generic', 500));
}
