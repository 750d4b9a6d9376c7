import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { rowOf, type Sql, sql, sqlText } from '../../platform/sql.ts';

export const findCustomer = async (q: Queryable, userId: string, provider: string) =>
  (
    await rowOf(
      q,
      z.object({ customer_id: z.string() }),
      sql`SELECT customer_id FROM payment_customers WHERE user_id = ${userId} AND provider = ${provider}`,
    )
  )?.customer_id;

/** Keeps the member's customer at the provider; the first one kept wins a race. */
export async function keepCustomer(
  q: Queryable,
  userId: string,
  provider: string,
  customerId: string,
): Promise<string> {
  const row = await rowOf(
    q,
    z.object({ customer_id: z.string() }),
    sql`INSERT INTO payment_customers (user_id, provider, customer_id) VALUES (${userId}, ${provider}, ${customerId})
        ON CONFLICT (user_id, provider) DO UPDATE SET user_id = EXCLUDED.user_id RETURNING customer_id`,
  );
  return row!.customer_id;
}

const mandateRow = z.object({
  id: z.string(),
  user_id: z.string(),
  provider: z.string(),
  customer_id: z.string(),
  mandate_id: z.string(),
  kind: z.enum(['card', 'sdd']),
  label: z.string(),
  method: z.string(),
  reference: z.string().nullable(),
  created_at: z.date(),
});
export type MandateRow = z.output<typeof mandateRow>;

const COLS = sqlText(
  'id, user_id, provider, customer_id, mandate_id, kind, label, method, reference, created_at',
);

/** The mandate where `filter` holds (its order and limit in `rest`). */
const mandateWhere = (q: Queryable, filter: Sql, rest: Sql = sqlText('')) =>
  rowOf(q, mandateRow, sql`SELECT ${COLS} FROM payment_mandates WHERE ${filter} ${rest}`);

/** The member's newest valid stored method of a kind at this provider. */
export const currentMandate = (q: Queryable, userId: string, provider: string, kind: 'card' | 'sdd') =>
  mandateWhere(
    q,
    sql`user_id = ${userId} AND provider = ${provider} AND kind = ${kind} AND revoked_at IS NULL`,
    sql`ORDER BY created_at DESC LIMIT 1`,
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
  const row = await rowOf(
    q,
    mandateRow,
    sql`INSERT INTO payment_mandates (user_id, site_id, provider, customer_id, mandate_id, kind, label, method,
          reference, creditor_id, text_version, holder, address, phone_last4, signed_at)
        VALUES (${m.user_id}, ${m.site_id}, ${m.provider}, ${m.customer_id}, ${m.mandate_id}, ${m.kind}, ${m.label},
          ${m.method}, ${m.reference ?? null}, ${m.creditor_id ?? null}, ${m.text_version ?? null}, ${m.holder ?? null},
          ${m.address ?? null}, ${m.phone_last4 ?? null}, CASE WHEN ${m.kind}::text = 'sdd' THEN now() END)
        ON CONFLICT (provider, mandate_id) DO UPDATE SET user_id = EXCLUDED.user_id RETURNING ${COLS}`,
  );
  return row!;
}

export const mandateById = (q: Queryable, id: string) => mandateWhere(q, sql`id = ${id}`);
