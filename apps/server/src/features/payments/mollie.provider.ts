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
  ProviderRefused,
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
          ...(p.sequence
            ? {
                sequenceType: p.sequence.type,
                customerId: p.sequence.customerId,
                ...(p.sequence.mandateId ? { mandateId: p.sequence.mandateId } : {}),
              }
            : {}),
          // biome-ignore lint/suspicious/noExplicitAny: the SDK's open enums accept these strings
          locale: p.locale as any,
          // A recurring payment names no method: the mandate's is used.
          // biome-ignore lint/suspicious/noExplicitAny: as above
          ...(p.sequence?.type === 'recurring' ? {} : { method: PROVIDER_METHOD[p.method] as any }),
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

  async createCustomer(name: string, idempotencyKey: string): Promise<string> {
    const res = await this.call(() =>
      this.client.customers.create({ idempotencyKey, entityCustomer: { name } }),
    );
    return res.id;
  }

  async createDirectDebitMandate(
    customerId: string,
    m: { holder: string; iban: string; reference: string; signedOn: string },
    idempotencyKey: string,
  ): Promise<string> {
    const res = await this.call(() =>
      this.client.mandates.create({
        customerId,
        idempotencyKey,
        mandateRequest: {
          method: 'directdebit',
          consumerName: m.holder,
          consumerAccount: m.iban,
          mandateReference: m.reference,
          signatureDate: m.signedOn,
        },
      }),
    );
    return res.id;
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof errors.ErrorResponse && err.status === 404) throw new NotFound();
      // A 4xx is the provider refusing this request (not a fault to wait out): 408 and 429 are waits.
      if (err instanceof errors.ClientError && err.statusCode >= 400 && err.statusCode < 500) {
        if (err.statusCode !== 408 && err.statusCode !== 429)
          throw new ProviderRefused(err.statusCode, err.message);
      }
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
    mandateId: r.mandateId ?? null,
    card:
      r.details?.cardLabel && r.details.cardNumber
        ? { label: String(r.details.cardLabel), last4: String(r.details.cardNumber).slice(-4) }
        : null,
  };
}
