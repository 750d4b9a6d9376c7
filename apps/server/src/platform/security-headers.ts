import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeaders {
  set: [name: string, value: string][];
  remove: string[];
}

/**
 * The headers helmet sets for these options, worked out once. Our options are plain values (no
 * per-request function such as a CSP nonce), so every response gets the same headers; running
 * helmet's middleware per request (as @fastify/helmet does, options parsing included) repeats the
 * same work on every call.
 */
export function helmetHeaders(options: HelmetOptions): SecurityHeaders {
  const csp = options.contentSecurityPolicy;
  if (csp && typeof csp === 'object') {
    for (const value of Object.values(csp.directives ?? {})) {
      const parts = value && typeof value === 'object' && Symbol.iterator in value ? [...value] : [value];
      if (parts.some((part) => typeof part === 'function')) {
        throw new Error('security headers: CSP directives must be plain values (they are worked out once)');
      }
    }
  }
  const headers: SecurityHeaders = { set: [], remove: [] };
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set.push([name, String(value)]);
    },
    removeHeader(name: string) {
      headers.remove.push(name);
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('security headers: helmet did not finish synchronously');
  return headers;
}

/**
 * Browser features the site never uses are switched off for it and anything it embeds; location
 * ("use my location" in the profile) and payment stay available to the site itself.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), payment=(self), usb=()';

/**
 * Sets helmet's headers on every response, first thing in each request (as @fastify/helmet's global
 * hook did: on the raw response, so a route's own `reply.header` still wins over them).
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const { set, remove } = helmetHeaders(options);
  set.push(['permissions-policy', PERMISSIONS_POLICY]);
  app.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (const name of remove) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    done();
  });
});
