import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import { exists, rowOf, rowsOf, run, type Sql, sql, sqlText } from '../../../platform/sql.ts';

const json = z.record(z.string(), z.unknown());

/** A payment as the sandbox provider keeps it (its own table: our order code never reads it). */
const sandboxPayment = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  description: z.string(),
  method: z.string().nullable(),
  status: z.enum(['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired']),
  redirect_url: z.string().nullable(),
  webhook_url: z.string().nullable(),
  metadata: json.nullable(),
  locale: z.string().nullable(),
  refunded: z.number(),
  charged_back: z.number(),
  hold_webhooks: z.boolean(),
  created_at: z.date(),
  paid_at: z.date().nullable(),
  customer_id: z.string().nullable(),
  sequence_type: z.enum(['oneoff', 'first', 'recurring']),
  mandate_id: z.string().nullable(),
  details: json.nullable(),
});
export type SandboxPayment = z.output<typeof sandboxPayment>;

const COLS = sqlText(`id, amount, currency, description, method, status, redirect_url, webhook_url, metadata,
  locale, refunded, charged_back, hold_webhooks, created_at, paid_at, customer_id, sequence_type, mandate_id, details`);

/** The payment where `filter` holds (a key). */
const paymentWhere = (q: Queryable, filter: Sql) =>
  rowOf(q, sandboxPayment, sql`SELECT ${COLS} FROM sandbox_payments WHERE ${filter}`);

/** An UPDATE of one payment that answers it as it is after (undefined: no payment matched). */
const updatePayment = (q: Queryable, id: string, set: Sql, filter: Sql = sqlText('')) =>
  rowOf(
    q,
    sandboxPayment,
    sql`UPDATE sandbox_payments SET ${set} WHERE id = ${id} ${filter} RETURNING ${COLS}`,
  );

/** Creates a payment, or returns the one created before under the same idempotency key. */
export async function insertPayment(
  q: Queryable,
  p: Omit<SandboxPayment, 'refunded' | 'charged_back' | 'hold_webhooks' | 'created_at' | 'paid_at'> & {
    idempotency: string | null;
  },
): Promise<SandboxPayment> {
  const row = await rowOf(
    q,
    sandboxPayment,
    sql`INSERT INTO sandbox_payments (id, idempotency, amount, currency, description, method, redirect_url,
          webhook_url, metadata, locale, status, customer_id, sequence_type, mandate_id, details, paid_at)
        VALUES (${p.id}, ${p.idempotency}, ${p.amount}, ${p.currency}, ${p.description}, ${p.method}, ${p.redirect_url},
          ${p.webhook_url}, ${p.metadata}, ${p.locale}, ${p.status}, ${p.customer_id}, ${p.sequence_type},
          ${p.mandate_id}, ${p.details}, CASE WHEN ${p.status}::text = 'paid' THEN now() END)
        ON CONFLICT (idempotency) DO NOTHING RETURNING ${COLS}`,
  );
  return row ?? (await paymentWhere(q, sql`idempotency = ${p.idempotency}`))!;
}

export const findPayment = (q: Queryable, id: string) => paymentWhere(q, sql`id = ${id}`);

/**
 * Open payments older than `afterS` seconds expire, as Mollie's do when the payer never finishes
 * the checkout (one payment, or all due ones); returns those that expired now.
 */
export const expireOpen = (q: Queryable, afterS: number, id?: string) =>
  rowsOf(
    q,
    sandboxPayment,
    sql`UPDATE sandbox_payments SET status = 'expired'
         WHERE status = 'open' AND created_at < now() - make_interval(secs => ${afterS})
           AND (${id ?? null}::text IS NULL OR id = ${id ?? null})
        RETURNING ${COLS}`,
  );

/**
 * Payments newest first (Mollie's list order), all or one customer's, from payment `from` on
 * (that one included); one more than `limit` tells whether a next page exists.
 */
export async function listPayments(
  q: Queryable,
  opts: { customerId?: string; from?: string; limit: number },
): Promise<SandboxPayment[]> {
  const customer = opts.customerId ?? null;
  const from = opts.from ?? null;
  return rowsOf(
    q,
    sandboxPayment,
    sql`SELECT ${COLS} FROM sandbox_payments p
         WHERE (${customer}::text IS NULL OR customer_id = ${customer})
           AND (${from}::text IS NULL
                OR (created_at, id) <= (SELECT created_at, id FROM sandbox_payments WHERE id = ${from}))
         ORDER BY created_at DESC, id DESC LIMIT ${opts.limit + 1}`,
  );
}

/** Moves a payment to `status` when it is in one of `from`; returns it, or undefined when it was not. */
export const setStatus = (
  q: Queryable,
  id: string,
  status: SandboxPayment['status'],
  from: SandboxPayment['status'][],
) =>
  updatePayment(
    q,
    id,
    sql`status = ${status}, paid_at = CASE WHEN ${status}::text = 'paid' THEN now() ELSE paid_at END`,
    sql`AND status = ANY(${from}::text[])`,
  );

/** Adds a refund or chargeback amount, never beyond what was paid; undefined when it does not fit. */
export const addReversal = (q: Queryable, id: string, kind: 'refunded' | 'charged_back', amount: number) =>
  updatePayment(
    q,
    id,
    sql`${sqlText(kind)} = ${sqlText(kind)} + ${amount}`,
    sql`AND status = 'paid' AND refunded + charged_back + ${amount} <= amount`,
  );

export async function setHold(q: Queryable, id: string, hold: boolean): Promise<void> {
  await run(q, sql`UPDATE sandbox_payments SET hold_webhooks = ${hold} WHERE id = ${id}`);
}

export async function queueWebhook(q: Queryable, paymentId: string): Promise<void> {
  await run(q, sql`INSERT INTO sandbox_webhooks (payment_id) VALUES (${paymentId})`);
}

/** Takes the held webhooks of a payment (each says only the payment id); returns how many. */
export async function takeHeldWebhooks(q: Queryable, paymentId: string): Promise<number> {
  const rows = await rowsOf(
    q,
    z.object({ id: z.number() }),
    sql`DELETE FROM sandbox_webhooks WHERE payment_id = ${paymentId} RETURNING id`,
  );
  return rows.length;
}

/** On a paid first card payment: the card it was paid with, and the mandate that stores it. */
export async function storeCard(
  q: Queryable,
  p: SandboxPayment,
  mandateId: string,
  card: { cardLabel: string; cardNumber: string; cardHolder: string },
): Promise<SandboxPayment> {
  await run(
    q,
    sql`INSERT INTO sandbox_mandates (id, customer_id, method, details)
        VALUES (${mandateId}, ${p.customer_id}, 'creditcard', ${card})`,
  );
  return (await updatePayment(q, p.id, sql`mandate_id = ${mandateId}, details = ${card}`))!;
}

export async function setCardDetails(q: Queryable, id: string, card: Record<string, string>): Promise<void> {
  await run(q, sql`UPDATE sandbox_payments SET details = ${card} WHERE id = ${id}`);
}

const sandboxCustomer = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  fail_next_recurring: z.boolean(),
  created_at: z.date(),
});
export type SandboxCustomer = z.output<typeof sandboxCustomer>;

const CUSTOMER_COLS = sqlText('id, name, email, fail_next_recurring, created_at');

/** The customer where `filter` holds (a key). */
const customerWhere = (q: Queryable, filter: Sql) =>
  rowOf(q, sandboxCustomer, sql`SELECT ${CUSTOMER_COLS} FROM sandbox_customers WHERE ${filter}`);

export async function insertCustomer(
  q: Queryable,
  c: { id: string; idempotency: string | null; name: string | null; email: string | null },
): Promise<SandboxCustomer> {
  const row = await rowOf(
    q,
    sandboxCustomer,
    sql`INSERT INTO sandbox_customers (id, idempotency, name, email) VALUES (${c.id}, ${c.idempotency}, ${c.name}, ${c.email})
        ON CONFLICT (idempotency) DO NOTHING RETURNING ${CUSTOMER_COLS}`,
  );
  return row ?? (await customerWhere(q, sql`idempotency = ${c.idempotency}`))!;
}

export const findCustomer = (q: Queryable, id: string) => customerWhere(q, sql`id = ${id}`);

/** Reads and clears the customer's "next recurring payment fails" switch (a test control). */
export async function takeFailNext(q: Queryable, customerId: string): Promise<boolean> {
  const row = await rowOf(
    q,
    z.object({ was: z.boolean() }),
    sql`UPDATE sandbox_customers c SET fail_next_recurring = false FROM sandbox_customers old
         WHERE c.id = ${customerId} AND old.id = c.id RETURNING old.fail_next_recurring AS was`,
  );
  return !!row?.was;
}

export const setFailNext = (q: Queryable, customerId: string): Promise<boolean> =>
  exists(
    q,
    sql`UPDATE sandbox_customers SET fail_next_recurring = true WHERE id = ${customerId} RETURNING id`,
  );

const sandboxMandate = z.object({
  id: z.string(),
  customer_id: z.string(),
  method: z.string(),
  details: json,
  reference: z.string().nullable(),
  signed_on: z.string().nullable(),
  status: z.string(),
  created_at: z.date(),
});
export type SandboxMandate = z.output<typeof sandboxMandate>;

const MANDATE_COLS = sqlText(
  "id, customer_id, method, details, reference, to_char(signed_on, 'YYYY-MM-DD') AS signed_on, status, created_at",
);

export async function insertMandate(
  q: Queryable,
  m: Omit<SandboxMandate, 'status' | 'created_at'>,
): Promise<SandboxMandate> {
  const row = await rowOf(
    q,
    sandboxMandate,
    sql`INSERT INTO sandbox_mandates (id, customer_id, method, details, reference, signed_on)
        VALUES (${m.id}, ${m.customer_id}, ${m.method}, ${m.details}, ${m.reference}, ${m.signed_on})
        RETURNING ${MANDATE_COLS}`,
  );
  return row!;
}

export const findMandate = (q: Queryable, customerId: string, id: string) =>
  rowOf(
    q,
    sandboxMandate,
    sql`SELECT ${MANDATE_COLS} FROM sandbox_mandates WHERE customer_id = ${customerId} AND id = ${id}`,
  );
