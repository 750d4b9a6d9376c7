import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Visitor } from './helpers.ts';

/** The visitor orders (package p2 by iDEAL unless `body` says otherwise), with a fresh attempt id. */
export const order = (v: Visitor, body: Record<string, unknown> = {}) =>
  v.post('/api/orders', { package_id: 'p2', method: 'ideal', attempt_id: randomUUID(), ...body });

/** The payer's choice on the sandbox's hosted checkout page (a form post, as the browser sends it). */
export const payAtCheckout = (app: FastifyInstance, host: string, checkoutUrl: string, outcome: string) =>
  app.inject({
    method: 'POST',
    url: new URL(checkoutUrl).pathname,
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
