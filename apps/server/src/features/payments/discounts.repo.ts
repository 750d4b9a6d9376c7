import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { rowOf, run, sql, sqlText } from '../../platform/sql.ts';

/** A discount code as its columns hold it (the console's lists read it too: payments-admin.repo). */
export const codeColumns = z.object({
  id: z.number(),
  site_id: z.number(),
  code: z.string(),
  kind: z.enum(['code', 'welcome', 'delete_offer']),
  value_percentage: z.number(),
  currency: z.string().nullable(),
  minimum_order_value: z.number().nullable(),
  country: z.string().nullable(),
  user_id: z.string().nullable(),
  expires_at: z.date().nullable(),
  status: z.enum(['active', 'disabled']),
  validity: z.enum(['once_per_user', 'single_use', 'unlimited']),
  payment_methods: z.array(z.string()).nullable(),
});

const codeRow = codeColumns.extend({
  /** Redeemed already: by anyone (single use) or by this member (once per member). */
  used: z.boolean(),
  expired: z.boolean(),
});
export type CodeRow = z.output<typeof codeRow>;

/** The columns of codeColumns, of discount_codes `c`. */
export const CODE_COLUMNS = sqlText(`c.id, c.site_id, c.code, c.kind, c.value_percentage, c.currency,
  c.minimum_order_value, c.country, c.user_id, c.expires_at, c.status, c.validity, c.payment_methods`);

/** A code of the site as one member sees it: with whether it is used up for them. */
export const findCode = (q: Queryable, siteId: number, code: string, userId: string) =>
  rowOf(
    q,
    codeRow,
    sql`SELECT ${CODE_COLUMNS}, coalesce(c.expires_at < now(), false) AS expired,
               CASE c.validity
                 WHEN 'single_use' THEN EXISTS (SELECT 1 FROM discount_redemptions r WHERE r.code_id = c.id)
                 WHEN 'once_per_user' THEN EXISTS (SELECT 1 FROM discount_redemptions r
                                                    WHERE r.code_id = c.id AND r.user_id = ${userId})
                 ELSE false END AS used
          FROM discount_codes c WHERE c.site_id = ${siteId} AND c.code = ${code}`,
  );

/** The site's welcome code (TIMEBONUS25), made on first use. */
export async function ensureWelcomeCode(
  q: Queryable,
  siteId: number,
  code: string,
  percentage: number,
): Promise<void> {
  await run(
    q,
    sql`INSERT INTO discount_codes (site_id, code, kind, value_percentage, validity)
        VALUES (${siteId}, ${code}, 'welcome', ${percentage}, 'once_per_user') ON CONFLICT (site_id, code) DO NOTHING`,
  );
}

/** The member's signup time and premium state, and whether the clock says the welcome window is open. */
export const welcomeFacts = (q: Queryable, userId: string, windowS: number) =>
  rowOf(
    q,
    z.object({ deadline: z.date(), open: z.boolean(), paid_user: z.boolean(), now: z.date() }),
    sql`SELECT signup_date + make_interval(secs => ${windowS}) AS deadline,
               now() < signup_date + make_interval(secs => ${windowS}) AS open, paid_user, now() AS now
          FROM users WHERE id = ${userId}`,
  );

/** Takes the redemption of a code for an order (the unique indexes refuse a second of a kind). */
export async function redeem(
  q: Queryable,
  r: { codeId: number; userId: string; orderId: string; validity: CodeRow['validity'] },
): Promise<void> {
  await run(
    q,
    sql`INSERT INTO discount_redemptions (code_id, user_id, order_id, single, per_user)
        VALUES (${r.codeId}, ${r.userId}, ${r.orderId}, ${r.validity === 'single_use'}, ${r.validity === 'once_per_user'})
        ON CONFLICT (order_id) DO NOTHING`,
  );
}

/** Gives a redemption back (the order ended unpaid). */
export async function release(q: Queryable, orderId: string): Promise<void> {
  await run(q, sql`DELETE FROM discount_redemptions WHERE order_id = ${orderId}`);
}

/** The member's deletion offer: made once (a personal, single-use code), the same one after. */
export async function deleteOffer(
  q: Queryable,
  siteId: number,
  userId: string,
  code: string,
  percentage: number,
  validDays: number,
): Promise<string> {
  const row = await rowOf(
    q,
    z.object({ code: z.string() }),
    sql`INSERT INTO discount_codes (site_id, code, kind, value_percentage, user_id, validity, expires_at)
        VALUES (${siteId}, ${code}, 'delete_offer', ${percentage}, ${userId}, 'single_use',
                now() + make_interval(days => ${validDays}))
        ON CONFLICT (user_id) WHERE kind = 'delete_offer' DO UPDATE SET user_id = EXCLUDED.user_id
        RETURNING code`,
  );
  return row!.code;
}
