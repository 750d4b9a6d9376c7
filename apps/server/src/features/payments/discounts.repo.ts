import { firstRow, type Queryable } from '../../platform/db.ts';

export interface CodeRow {
  id: number;
  site_id: number;
  code: string;
  kind: 'code' | 'welcome' | 'delete_offer';
  value_percentage: number;
  currency: string | null;
  minimum_order_value: number | null;
  country: string | null;
  user_id: string | null;
  expires_at: Date | null;
  status: 'active' | 'disabled';
  validity: 'once_per_user' | 'single_use' | 'unlimited';
  payment_methods: string[] | null;
  /** Redeemed already: by anyone (single use) or by this member (once per member). */
  used: boolean;
  expired: boolean;
}

const COLS = `c.id, c.site_id, c.code, c.kind, c.value_percentage, c.currency, c.minimum_order_value, c.country,
  c.user_id, c.expires_at, c.status, c.validity, c.payment_methods, coalesce(c.expires_at < now(), false) AS expired`;

/** A code of the site as one member sees it: with whether it is used up for them. */
export const findCode = (q: Queryable, siteId: number, code: string, userId: string) =>
  firstRow<CodeRow>(
    q,
    `SELECT ${COLS},
            CASE c.validity
              WHEN 'single_use' THEN EXISTS (SELECT 1 FROM discount_redemptions r WHERE r.code_id = c.id)
              WHEN 'once_per_user' THEN EXISTS (SELECT 1 FROM discount_redemptions r WHERE r.code_id = c.id AND r.user_id = $3)
              ELSE false END AS used
       FROM discount_codes c WHERE c.site_id = $1 AND c.code = $2`,
    [siteId, code, userId],
  );

/** The site's welcome code (TIMEBONUS25), made on first use. */
export async function ensureWelcomeCode(
  q: Queryable,
  siteId: number,
  code: string,
  percentage: number,
): Promise<void> {
  await q.query(
    `INSERT INTO discount_codes (site_id, code, kind, value_percentage, validity)
     VALUES ($1, $2, 'welcome', $3, 'once_per_user') ON CONFLICT (site_id, code) DO NOTHING`,
    [siteId, code, percentage],
  );
}

/** The member's signup time and premium state, and whether the clock says the welcome window is open. */
export const welcomeFacts = (q: Queryable, userId: string, windowS: number) =>
  firstRow<{ deadline: Date; open: boolean; paid_user: boolean; now: Date }>(
    q,
    `SELECT signup_date + make_interval(secs => $2) AS deadline,
            now() < signup_date + make_interval(secs => $2) AS open, paid_user, now() AS now
       FROM users WHERE id = $1`,
    [userId, windowS],
  );

/** Takes the redemption of a code for an order (the unique indexes refuse a second of a kind). */
export async function redeem(
  q: Queryable,
  r: { codeId: number; userId: string; orderId: string; validity: CodeRow['validity'] },
): Promise<void> {
  await q.query(
    `INSERT INTO discount_redemptions (code_id, user_id, order_id, single, per_user) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (order_id) DO NOTHING`,
    [r.codeId, r.userId, r.orderId, r.validity === 'single_use', r.validity === 'once_per_user'],
  );
}

/** Gives a redemption back (the order ended unpaid). */
export async function release(q: Queryable, orderId: string): Promise<void> {
  await q.query('DELETE FROM discount_redemptions WHERE order_id = $1', [orderId]);
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
  const [row] = await q.query<{ code: string }>(
    `INSERT INTO discount_codes (site_id, code, kind, value_percentage, user_id, validity, expires_at)
     VALUES ($1, $2, 'delete_offer', $3, $4, 'single_use', now() + make_interval(days => $5))
     ON CONFLICT (user_id) WHERE kind = 'delete_offer' DO UPDATE SET user_id = EXCLUDED.user_id
     RETURNING code`,
    [siteId, code, percentage, userId, validDays],
  );
  return row!.code;
}
