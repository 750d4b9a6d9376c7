import type { Queryable } from '../../../platform/db.ts';

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
}

const COLS = `id, amount, currency, description, method, status, redirect_url, webhook_url, metadata,
  locale, refunded, charged_back, hold_webhooks, created_at, paid_at`;

/** Creates a payment, or returns the one created before under the same idempotency key. */
export async function insertPayment(
  q: Queryable,
  p: Omit<
    SandboxPayment,
    'status' | 'refunded' | 'charged_back' | 'hold_webhooks' | 'created_at' | 'paid_at'
  > & {
    idempotency: string | null;
  },
): Promise<SandboxPayment> {
  const [row] = await q.query<SandboxPayment>(
    `INSERT INTO sandbox_payments (id, idempotency, amount, currency, description, method, redirect_url,
       webhook_url, metadata, locale)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
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
    ],
  );
  if (row) return row;
  const [prev] = await q.query<SandboxPayment>(
    `SELECT ${COLS} FROM sandbox_payments WHERE idempotency = $1`,
    [p.idempotency],
  );
  return prev!;
}

export async function findPayment(q: Queryable, id: string): Promise<SandboxPayment | undefined> {
  const [row] = await q.query<SandboxPayment>(`SELECT ${COLS} FROM sandbox_payments WHERE id = $1`, [id]);
  return row;
}

/** Moves a payment to `status` when it is in one of `from`; returns it, or undefined when it was not. */
export async function setStatus(
  q: Queryable,
  id: string,
  status: SandboxPayment['status'],
  from: SandboxPayment['status'][],
): Promise<SandboxPayment | undefined> {
  const [row] = await q.query<SandboxPayment>(
    `UPDATE sandbox_payments SET status = $2, paid_at = CASE WHEN $2 = 'paid' THEN now() ELSE paid_at END
     WHERE id = $1 AND status = ANY($3) RETURNING ${COLS}`,
    [id, status, from],
  );
  return row;
}

/** Adds a refund or chargeback amount, never beyond what was paid; undefined when it does not fit. */
export async function addReversal(
  q: Queryable,
  id: string,
  kind: 'refunded' | 'charged_back',
  amount: number,
): Promise<SandboxPayment | undefined> {
  const [row] = await q.query<SandboxPayment>(
    `UPDATE sandbox_payments SET ${kind} = ${kind} + $2
     WHERE id = $1 AND status = 'paid' AND refunded + charged_back + $2 <= amount RETURNING ${COLS}`,
    [id, amount],
  );
  return row;
}

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
