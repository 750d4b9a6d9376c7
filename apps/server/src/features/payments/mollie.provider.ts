import { Client } from 'mollie-api-typescript';
import { HTTPClient } from 'mollie-api-typescript/lib/http.js';
import type { PaymentResponse } from 'mollie-api-typescript/models';
import * as errors from 'mollie-api-typescript/models/errors';
import {
  type CreatePayment,
  fromValue,
  type PaymentProvider,
  PROVIDER_METHOD,
  type ProviderPayment,
  type ProviderStatus,
  ProviderUnavailable,
  toValue,
} from './provider.ts';

export interface MollieOptions {
  name: 'mollie' | 'sandbox';
  apiKey: string;
  /** Mollie's API (https://api.mollie.com) or the sandbox's. */
  serverURL: string;
  /** How requests travel (the sandbox is answered in-process); default: fetch. */
  fetcher?: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  timeoutMs?: number;
  /** How long retries of a failed call may go on (default 6 s). */
  retryForMs?: number;
}

/**
 * The provider adapter, through Mollie's official TypeScript SDK. The same code talks to Mollie
 * and to the built-in sandbox, which answers Mollie's API on our own server. Creates carry an
 * idempotency key; faults and timeouts become ProviderUnavailable (the order is not kept).
 */
export class MollieProvider implements PaymentProvider {
  readonly name: 'mollie' | 'sandbox';
  private client: Client;

  constructor(opts: MollieOptions) {
    this.name = opts.name;
    this.client = new Client({
      security: { apiKey: opts.apiKey },
      serverURL: opts.serverURL,
      timeoutMs: opts.timeoutMs ?? 10_000,
      retryConfig: {
        strategy: 'backoff',
        backoff: {
          initialInterval: 200,
          maxInterval: 2_000,
          exponent: 2,
          maxElapsedTime: opts.retryForMs ?? 6_000,
        },
        retryConnectionErrors: true,
      },
      ...(opts.fetcher ? { httpClient: new HTTPClient({ fetcher: opts.fetcher }) } : {}),
    });
  }

  async create(p: CreatePayment): Promise<ProviderPayment> {
    const res = await this.call(() =>
      this.client.payments.create({
        idempotencyKey: p.idempotencyKey,
        paymentRequest: {
          description: p.description,
          amount: { currency: p.currency, value: toValue(p.amount) },
          redirectUrl: p.redirectUrl,
          webhookUrl: p.webhookUrl,
          metadata: p.metadata,
          // biome-ignore lint/suspicious/noExplicitAny: the SDK's open enums accept these strings
          locale: p.locale as any,
          // biome-ignore lint/suspicious/noExplicitAny: as above
          method: PROVIDER_METHOD[p.method] as any,
        },
      }),
    );
    return toPayment(res);
  }

  async get(id: string): Promise<ProviderPayment | null> {
    if (!/^tr_[A-Za-z0-9]{4,40}$/.test(id)) return null;
    try {
      return toPayment(await this.call(() => this.client.payments.get({ paymentId: id })));
    } catch (err) {
      if (err instanceof NotFound) return null;
      throw err;
    }
  }

  async refund(id: string, amount: number, currency: string, idempotencyKey: string): Promise<void> {
    await this.call(() =>
      this.client.refunds.create({
        paymentId: id,
        idempotencyKey,
        refundRequest: { description: 'Refund', amount: { currency, value: toValue(amount) } },
      }),
    );
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof errors.ErrorResponse && err.status === 404) throw new NotFound();
      throw new ProviderUnavailable(err instanceof Error ? err.message : String(err));
    }
  }
}

class NotFound extends Error {}

function toPayment(r: PaymentResponse): ProviderPayment {
  return {
    id: r.id,
    status: r.status as ProviderStatus,
    amount: fromValue(r.amount.value),
    currency: r.amount.currency,
    refunded: r.amountRefunded ? fromValue(r.amountRefunded.value) : 0,
    chargedBack: r.amountChargedBack ? fromValue(r.amountChargedBack.value) : 0,
    metadata: (r.metadata as Record<string, unknown> | null | undefined) ?? null,
    checkoutUrl: r.links.checkout?.href ?? null,
  };
}
