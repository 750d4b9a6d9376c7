import { firstRow, type Queryable } from '../../../platform/db.ts';

/** A payment as the sandbox provider keeps it (its own table: our order code never reads it). */
export interface SandboxPayment {
  id: string;
  amount: number;
  currency: string;
  description: string;
  method: string | null;
  status: 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';
  redirect_url: string | null;
  webhook_url: string | null;
  metadata: Record<string, unknown> | null;
  locale: string | null;
  refunded: number;
  charged_back: number;
  hold_webhooks: boolean;
  created_at: Date;
  paid_at: Date | null;
  customer_id: string | null;
  sequence_type: 'oneoff' | 'first' | 'recurring';
  mandate_id: string | null;
  details: Record<string, unknown> | null;
}

const COLS = `id, amount, currency, description, method, status, redirect_url, webhook_url, metadata,
  locale, refunded, charged_back, hold_webhooks, created_at, paid_at, customer_id, sequence_type, mandate_id, details`;

/** Creates a payment, or returns the one created before under the same idempotency key. */
export async function insertPayment(
  q: Queryable,
  p: Omit<SandboxPayment, 'refunded' | 'charged_back' | 'hold_webhooks' | 'created_at' | 'paid_at'> & {
    idempotency: string | null;
  },
): Promise<SandboxPayment> {
  const [row] = await q.query<SandboxPayment>(
    `INSERT INTO sandbox_payments (id, idempotency, amount, currency, description, method, redirect_url,
       webhook_url, metadata, locale, status, customer_id, sequence_type, mandate_id, details, paid_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
       CASE WHEN $11 = 'paid' THEN now() END)
     ON CONFLICT (idempotency) DO NOTHING RETURNING ${COLS}`,
    [
      p.id,
      p.idempotency,
      p.amount,
      p.currency,
      p.description,
      p.method,
      p.redirect_url,
      p.webhook_url,
      p.metadata,
      p.locale,
      p.status,
      p.customer_id,
      p.sequence_type,
      p.mandate_id,
      p.details,
    ],
  );
  if (row) return row;
  const [prev] = await q.query<SandboxPayment>(
    `SELECT ${COLS} FROM sandbox_payments WHERE idempotency = $1`,
    [p.idempotency],
  );
  return prev!;
}

export const findPayment = (q: Queryable, id: string) =>
  firstRow<SandboxPayment>(q, `SELECT ${COLS} FROM sandbox_payments WHERE id = $1`, [id]);

/**
 * Open payments older than `afterS` seconds expire, as Mollie's do when the payer never finishes
 * the checkout (one payment, or all due ones); returns those that expired now.
 */
export const expireOpen = (q: Queryable, afterS: number, id?: string) =>
  q.query<SandboxPayment>(
    `UPDATE sandbox_payments SET status = 'expired'
      WHERE status = 'open' AND created_at < now() - make_interval(secs => $1)
        AND ($2::text IS NULL OR id = $2)
      RETURNING ${COLS}`,
    [afterS, id ?? null],
  );

/**
 * Payments newest first (Mollie's list order), all or one customer's, from payment `from` on
 * (that one included); one more than `limit` tells whether a next page exists.
 */
export async function listPayments(
  q: Queryable,
  opts: { customerId?: string; from?: string; limit: number },
): Promise<SandboxPayment[]> {
  return q.query<SandboxPayment>(
    `SELECT ${COLS} FROM sandbox_payments p
      WHERE ($1::text IS NULL OR customer_id = $1)
        AND ($2::text IS NULL OR (created_at, id) <= (SELECT created_at, id FROM sandbox_payments WHERE id = $2))
      ORDER BY created_at DESC, id DESC LIMIT $3`,
    [opts.customerId ?? null, opts.from ?? null, opts.limit + 1],
  );
}

/** Moves a payment to `status` when it is in one of `from`; returns it, or undefined when it was not. */
export const setStatus = (
  q: Queryable,
  id: string,
  status: SandboxPayment['status'],
  from: SandboxPayment['status'][],
) =>
  firstRow<SandboxPayment>(
    q,
    `UPDATE sandbox_payments SET status = $2, paid_at = CASE WHEN $2 = 'paid' THEN now() ELSE paid_at END
     WHERE id = $1 AND status = ANY($3) RETURNING ${COLS}`,
    [id, status, from],
  );

/** Adds a refund or chargeback amount, never beyond what was paid; undefined when it does not fit. */
export const addReversal = (q: Queryable, id: string, kind: 'refunded' | 'charged_back', amount: number) =>
  firstRow<SandboxPayment>(
    q,
    `UPDATE sandbox_payments SET ${kind} = ${kind} + $2
     WHERE id = $1 AND status = 'paid' AND refunded + charged_back + $2 <= amount RETURNING ${COLS}`,
    [id, amount],
  );

export async function setHold(q: Queryable, id: string, hold: boolean): Promise<void> {
  await q.query('UPDATE sandbox_payments SET hold_webhooks = $2 WHERE id = $1', [id, hold]);
}

export async function queueWebhook(q: Queryable, paymentId: string): Promise<void> {
  await q.query('INSERT INTO sandbox_webhooks (payment_id) VALUES ($1)', [paymentId]);
}

/** Takes the held webhooks of a payment (each says only the payment id); returns how many. */
export async function takeHeldWebhooks(q: Queryable, paymentId: string): Promise<number> {
  const rows = await q.query('DELETE FROM sandbox_webhooks WHERE payment_id = $1 RETURNING id', [paymentId]);
  return rows.length;
}

/** On a paid first card payment: the card it was paid with, and the mandate that stores it. */
export async function storeCard(
  q: Queryable,
  p: SandboxPayment,
  mandateId: string,
  card: { cardLabel: string; cardNumber: string; cardHolder: string },
): Promise<SandboxPayment> {
  await q.query(
    `INSERT INTO sandbox_mandates (id, customer_id, method, details) VALUES ($1, $2, 'creditcard', $3)`,
    [mandateId, p.customer_id, card],
  );
  const [row] = await q.query<SandboxPayment>(
    `UPDATE sandbox_payments SET mandate_id = $2, details = $3 WHERE id = $1 RETURNING ${COLS}`,
    [p.id, mandateId, card],
  );
  return row!;
}

export async function setCardDetails(q: Queryable, id: string, card: Record<string, string>): Promise<void> {
  await q.query('UPDATE sandbox_payments SET details = $2 WHERE id = $1', [id, card]);
}

export interface SandboxCustomer {
  id: string;
  name: string | null;
  email: string | null;
  fail_next_recurring: boolean;
  created_at: Date;
}

export async function insertCustomer(
  q: Queryable,
  c: { id: string; idempotency: string | null; name: string | null; email: string | null },
): Promise<SandboxCustomer> {
  const [row] = await q.query<SandboxCustomer>(
    `INSERT INTO sandbox_customers (id, idempotency, name, email) VALUES ($1, $2, $3, $4)
     ON CONFLICT (idempotency) DO NOTHING RETURNING id, name, email, fail_next_recurring, created_at`,
    [c.id, c.idempotency, c.name, c.email],
  );
  if (row) return row;
  const [prev] = await q.query<SandboxCustomer>(
    'SELECT id, name, email, fail_next_recurring, created_at FROM sandbox_customers WHERE idempotency = $1',
    [c.idempotency],
  );
  return prev!;
}

export const findCustomer = (q: Queryable, id: string) =>
  firstRow<SandboxCustomer>(
    q,
    'SELECT id, name, email, fail_next_recurring, created_at FROM sandbox_customers WHERE id = $1',
    [id],
  );

/** Reads and clears the customer's "next recurring payment fails" switch (a test control). */
export async function takeFailNext(q: Queryable, customerId: string): Promise<boolean> {
  const [row] = await q.query<{ was: boolean }>(
    `UPDATE sandbox_customers c SET fail_next_recurring = false FROM sandbox_customers old
      WHERE c.id = $1 AND old.id = c.id RETURNING old.fail_next_recurring AS was`,
    [customerId],
  );
  return !!row?.was;
}

export async function setFailNext(q: Queryable, customerId: string): Promise<boolean> {
  const rows = await q.query(
    'UPDATE sandbox_customers SET fail_next_recurring = true WHERE id = $1 RETURNING id',
    [customerId],
  );
  return rows.length > 0;
}

export interface SandboxMandate {
  id: string;
  customer_id: string;
  method: string;
  details: Record<string, unknown>;
  reference: string | null;
  signed_on: string | null;
  status: string;
  created_at: Date;
}

export async function insertMandate(
  q: Queryable,
  m: Omit<SandboxMandate, 'status' | 'created_at'>,
): Promise<SandboxMandate> {
  const [row] = await q.query<SandboxMandate>(
    `INSERT INTO sandbox_mandates (id, customer_id, method, details, reference, signed_on)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, customer_id, method, details, reference,
       to_char(signed_on, 'YYYY-MM-DD') AS signed_on, status, created_at`,
    [m.id, m.customer_id, m.method, m.details, m.reference, m.signed_on],
  );
  return row!;
}

export const findMandate = (q: Queryable, customerId: string, id: string) =>
  firstRow<SandboxMandate>(
    q,
    `SELECT id, customer_id, method, details, reference, to_char(signed_on, 'YYYY-MM-DD') AS signed_on, status, created_at
       FROM sandbox_mandates WHERE customer_id = $1 AND id = $2`,
    [customerId, id],
  );
