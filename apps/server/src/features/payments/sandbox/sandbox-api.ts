import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { toValue } from '../provider.ts';
import type { SandboxMandate, SandboxPayment } from './sandbox.repo.ts';

/** The sandbox provider's API shapes: what Mollie's API answers (the SDK validates every field). */
export const SANDBOX_API = '/sandbox/v2';
export const HAL = 'application/hal+json';
export const DOCS = { href: 'https://docs.mollie.com/reference/handling-errors', type: 'text/html' };

export const base62 = (n: number) =>
  Array.from(
    crypto.randomBytes(n),
    (b) => '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'[b % 62],
  ).join('');

/** A payment in the provider's JSON shape (what Mollie's API answers; the SDK validates it). */
export function paymentJson(p: SandboxPayment, origin: string) {
  const self = `${origin}${SANDBOX_API}/payments/${p.id}`;
  const checkoutOrigin = p.redirect_url ? new URL(p.redirect_url).origin : origin;
  return {
    resource: 'payment',
    id: p.id,
    mode: 'test',
    description: p.description,
    amount: { currency: p.currency, value: toValue(p.amount) },
    ...(p.refunded ? { amountRefunded: { currency: p.currency, value: toValue(p.refunded) } } : {}),
    ...(p.charged_back
      ? { amountChargedBack: { currency: p.currency, value: toValue(p.charged_back) } }
      : {}),
    redirectUrl: p.redirect_url,
    webhookUrl: p.webhook_url,
    metadata: p.metadata,
    locale: p.locale,
    method: p.method,
    sequenceType: p.sequence_type,
    ...(p.customer_id ? { customerId: p.customer_id } : {}),
    ...(p.mandate_id ? { mandateId: p.mandate_id } : {}),
    ...(p.details ? { details: p.details } : {}),
    profileId: 'pfl_sandbox',
    status: p.status,
    createdAt: new Date(p.created_at).toISOString(),
    ...(p.paid_at ? { paidAt: new Date(p.paid_at).toISOString() } : {}),
    _links: {
      self: { href: self, type: HAL },
      ...(p.status === 'open'
        ? { checkout: { href: `${checkoutOrigin}/sandbox/checkout/${p.id}`, type: 'text/html' } }
        : {}),
      dashboard: { href: `${checkoutOrigin}/sandbox/checkout/${p.id}`, type: 'text/html' },
    },
  };
}

export function fail(reply: FastifyReply, status: number, title: string, detail: string, field?: string) {
  return reply
    .status(status)
    .type(HAL)
    .send({ status, title, detail, ...(field ? { field } : {}), _links: { documentation: DOCS } });
}

export const amountSchema = z.object({
  currency: z.string().length(3),
  value: z.string().regex(/^\d{1,7}\.\d{2}$/),
});
export const createSchema = z.object({
  description: z.string().min(1).max(255),
  amount: amountSchema,
  redirectUrl: z.url().optional(),
  cancelUrl: z.url().optional(),
  webhookUrl: z.url().optional(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  locale: z.string().max(10).optional(),
  method: z
    .union([z.string(), z.array(z.string())])
    .nullable()
    .optional(),
  sequenceType: z.enum(['oneoff', 'first', 'recurring']).default('oneoff'),
  customerId: z.string().max(64).optional(),
  mandateId: z.string().max(64).optional(),
});

/** The card a sandbox payment is "paid with", by the brand the shop asked for (metadata.method). */
export function cardFor(p: SandboxPayment) {
  const brand = String(p.metadata?.method ?? '');
  const [cardLabel, cardNumber] =
    brand === 'mastercard'
      ? ['Mastercard', '4444']
      : brand === 'maestro'
        ? ['Maestro', '0005']
        : brand === 'cartebancaire'
          ? ['Cartes Bancaires', '1009']
          : ['Visa', '4242'];
  return { cardLabel, cardNumber, cardHolder: 'T. Tester' };
}

export function mandateJson(m: SandboxMandate, origin: string) {
  return {
    resource: 'mandate',
    id: m.id,
    mode: 'test',
    method: m.method,
    details: m.details,
    signatureDate: m.signed_on,
    mandateReference: m.reference,
    status: m.status,
    customerId: m.customer_id,
    createdAt: new Date(m.created_at).toISOString(),
    _links: {
      self: { href: `${origin}${SANDBOX_API}/customers/${m.customer_id}/mandates/${m.id}`, type: HAL },
      customer: { href: `${origin}${SANDBOX_API}/customers/${m.customer_id}`, type: HAL },
      documentation: DOCS,
    },
  };
}
export const idParams = z.object({ id: z.string().max(64) });
export const config = { access: 'public' as const };
/**
 * The provider's API answers our own server only (by its key): our per-address rate limits are
 * for visitors and do not apply to it. The hosted checkout keeps them.
 */
export const api = { access: 'public' as const, rateLimit: false as const };
export const hide = { hide: true };
