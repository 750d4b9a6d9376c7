import { Client } from 'mollie-api-typescript';
import { HTTPClient } from 'mollie-api-typescript/lib/http.js';
import type { ListPaymentResponse, PaymentResponse } from 'mollie-api-typescript/models';
import * as errors from 'mollie-api-typescript/models/errors';
import {
  type CreatePayment,
  fromValue,
  type PaymentProvider,
  PROVIDER_METHOD,
  ProviderOutcomeUnknown,
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

/** How many pages of 250 payments findForOrder looks through before it gives up (cannot tell). */
const FIND_PAGES = 8;
const PAGE = 250;

/**
 * The provider adapter, through Mollie's official TypeScript SDK. The same code talks to Mollie
 * and to the built-in sandbox, which answers Mollie's API on our own server. Creates carry an
 * idempotency key and are retried under it for a few seconds; a create that may have reached the
 * provider and got no answer is ProviderOutcomeUnknown (the order is kept and its payment looked
 * for), one that certainly did not (connection refused, a 4xx) is ProviderUnavailable.
 */
export class MollieProvider implements PaymentProvider {
  readonly name: 'mollie' | 'sandbox';
  private client: Client;
  private retryForMs: number;

  constructor(opts: MollieOptions) {
    this.name = opts.name;
    this.retryForMs = opts.retryForMs ?? 6_000;
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
    const res = await this.createCall((options) =>
      this.client.payments.create(
        {
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
        },
        options,
      ),
    );
    return toPayment(res);
  }

  async findForOrder(
    orderId: string,
    opts: { since: Date; customerId?: string },
  ): Promise<ProviderPayment | null> {
    // A minute of slack for clocks that disagree: the payment was made after the order.
    const since = opts.since.getTime() - 60_000;
    let from: string | undefined;
    for (let page = 0; page < FIND_PAGES; page++) {
      const request = { limit: PAGE, ...(from ? { from } : {}) };
      const { result } = await this.call(() =>
        opts.customerId
          ? this.client.customers.listPayments({ customerId: opts.customerId!, ...request })
          : this.client.payments.list(request),
      );
      for (const p of result.embedded.payments ?? []) {
        const meta = p.metadata as Record<string, unknown> | null | undefined;
        if (meta && typeof meta === 'object' && meta.order_id === orderId) return toPayment(p);
        if (Date.parse(p.createdAt) < since) return null;
      }
      const next = result.links.next?.href;
      from = next ? (new URL(next).searchParams.get('from') ?? undefined) : undefined;
      if (!from) return null;
    }
    throw new ProviderUnavailable(`more than ${FIND_PAGES * PAGE} payments since the order: cannot tell`);
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

  /**
   * A create, retried under its idempotency key until retryForMs has passed. Whether it may have
   * reached the provider decides what a failure is: unknown (kept, looked for later) or unavailable.
   */
  private async createCall<T>(fn: (options: { retries: { strategy: 'none' } }) => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.retryForMs;
    let maybeReached = false;
    let wait = 200;
    for (;;) {
      let last: unknown;
      try {
        return await fn({ retries: { strategy: 'none' } });
      } catch (err) {
        last = err;
        const status = err instanceof errors.ClientError ? err.statusCode : 0;
        if (status >= 400 && status < 500 && status !== 408 && status !== 409 && status !== 429) {
          // Refused (invalid, unauthorised...): nothing was made, and trying again changes nothing.
          throw new ProviderRefused(status, err instanceof Error ? err.message : String(err));
        }
        // Too many requests: refused before anything was made. Anything else may have reached it
        // (a timeout, a connection broken after sending, a fault, a key still being processed).
        if (status !== 429 && !neverSent(err)) maybeReached = true;
      }
      if (Date.now() + wait > deadline) {
        const message = last instanceof Error ? last.message : String(last);
        throw maybeReached ? new ProviderOutcomeUnknown(message) : new ProviderUnavailable(message);
      }
      await new Promise((r) => setTimeout(r, wait));
      wait = Math.min(wait * 2, 2_000);
    }
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

/** Error codes of a request that never left this machine (no connection was made). */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);

/** Whether a failed request certainly never reached the provider (its connection was refused). */
function neverSent(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NOT_SENT.has(code)) return true;
    // fetch refuses some ports outright (its "bad port" list): nothing was sent.
    if (e instanceof Error && e.message === 'bad port') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function toPayment(r: PaymentResponse | ListPaymentResponse): ProviderPayment {
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
