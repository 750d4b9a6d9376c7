import { firstRow, type Queryable } from '../../platform/db.ts';

export const findCustomer = async (q: Queryable, userId: string, provider: string) =>
  (
    await firstRow<{ customer_id: string }>(
      q,
      'SELECT customer_id FROM payment_customers WHERE user_id = $1 AND provider = $2',
      [userId, provider],
    )
  )?.customer_id;

/** Keeps the member's customer at the provider; the first one kept wins a race. */
export async function keepCustomer(
  q: Queryable,
  userId: string,
  provider: string,
  customerId: string,
): Promise<string> {
  const [row] = await q.query<{ customer_id: string }>(
    `INSERT INTO payment_customers (user_id, provider, customer_id) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, provider) DO UPDATE SET user_id = EXCLUDED.user_id RETURNING customer_id`,
    [userId, provider, customerId],
  );
  return row!.customer_id;
}

export interface MandateRow {
  id: string;
  user_id: string;
  provider: string;
  customer_id: string;
  mandate_id: string;
  kind: 'card' | 'sdd';
  label: string;
  method: string;
  reference: string | null;
  created_at: Date;
}

const COLS = 'id, user_id, provider, customer_id, mandate_id, kind, label, method, reference, created_at';

/** The member's newest valid stored method of a kind at this provider. */
export const currentMandate = (q: Queryable, userId: string, provider: string, kind: 'card' | 'sdd') =>
  firstRow<MandateRow>(
    q,
    `SELECT ${COLS} FROM payment_mandates
      WHERE user_id = $1 AND provider = $2 AND kind = $3 AND revoked_at IS NULL
      ORDER BY created_at DESC LIMIT 1`,
    [userId, provider, kind],
  );

/** Records a mandate (once per provider mandate id). */
export async function insertMandate(
  q: Queryable,
  m: Omit<MandateRow, 'id' | 'reference' | 'created_at'> & {
    site_id: number;
    reference?: string;
    creditor_id?: string;
    text_version?: string;
    holder?: string;
    address?: Record<string, string>;
    phone_last4?: string;
  },
): Promise<MandateRow> {
  const [row] = await q.query<MandateRow>(
    `INSERT INTO payment_mandates (user_id, site_id, provider, customer_id, mandate_id, kind, label, method,
       reference, creditor_id, text_version, holder, address, phone_last4, signed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, CASE WHEN $6 = 'sdd' THEN now() END)
     ON CONFLICT (provider, mandate_id) DO UPDATE SET user_id = EXCLUDED.user_id RETURNING ${COLS}`,
    [
      m.user_id,
      m.site_id,
      m.provider,
      m.customer_id,
      m.mandate_id,
      m.kind,
      m.label,
      m.method,
      m.reference ?? null,
      m.creditor_id ?? null,
      m.text_version ?? null,
      m.holder ?? null,
      m.address ?? null,
      m.phone_last4 ?? null,
    ],
  );
  return row!;
}

export const mandateById = (q: Queryable, id: string) =>
  firstRow<MandateRow>(q, `SELECT ${COLS} FROM payment_mandates WHERE id = $1`, [id]);
