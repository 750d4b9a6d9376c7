import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { rowOf, rowsOf, sql } from '../../platform/sql.ts';
import type { StoredCredential } from '../../platform/webauthn.ts';

/** Operators' passkeys (migration 076): per operator and site, as the members' passkeys.repo. */
const credentialRow = z.object({
  id: z.string(),
  credential_id: z.string(),
  public_key: z.string(),
  counter: z.coerce.number(),
  transports: z.string(),
});
const listedRow = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.coerce.date(),
  last_used_at: z.coerce.date().nullable(),
});
export type ListedOperatorPasskey = z.output<typeof listedRow>;

export const operatorPasskeysOf = (q: Queryable, operatorId: string, siteId: number) =>
  rowsOf(
    q,
    listedRow,
    sql`SELECT id, name, created_at, last_used_at FROM operator_passkeys
        WHERE operator_id = ${operatorId} AND site_id = ${siteId} ORDER BY created_at, id`,
  );

export const operatorCredentialsOf = (q: Queryable, operatorId: string, siteId: number) =>
  rowsOf(
    q,
    credentialRow,
    sql`SELECT id, credential_id, public_key, counter, transports FROM operator_passkeys
        WHERE operator_id = ${operatorId} AND site_id = ${siteId}`,
  );

export async function hasOperatorPasskey(q: Queryable, operatorId: string, siteId: number) {
  const rows = await rowsOf(
    q,
    z.object({}),
    sql`SELECT 1 FROM operator_passkeys WHERE operator_id = ${operatorId} AND site_id = ${siteId} LIMIT 1`,
  );
  return rows.length > 0;
}

/** How many passkeys the operator has anywhere (the last second factor an admin requires stays). */
export async function countOperatorPasskeys(q: Queryable, operatorId: string) {
  const row = await rowOf(
    q,
    z.object({ n: z.coerce.number() }),
    sql`SELECT count(*) AS n FROM operator_passkeys WHERE operator_id = ${operatorId}`,
  );
  return row?.n ?? 0;
}

export async function insertOperatorPasskey(
  q: Queryable,
  siteId: number,
  operatorId: string,
  c: StoredCredential,
  name: string,
): Promise<boolean> {
  const row = await rowOf(
    q,
    z.object({ id: z.string() }),
    sql`INSERT INTO operator_passkeys (site_id, operator_id, credential_id, public_key, counter, transports, name)
        VALUES (${siteId}, ${operatorId}, ${c.credential_id}, ${c.public_key}, ${c.counter}, ${c.transports}, ${name})
        ON CONFLICT (site_id, credential_id) DO NOTHING RETURNING id`,
  );
  return !!row;
}

export async function recordOperatorPasskeyUse(
  q: Queryable,
  id: string,
  oldCounter: number,
  newCounter: number,
) {
  const row = await rowOf(
    q,
    z.object({ id: z.string() }),
    sql`UPDATE operator_passkeys SET counter = ${newCounter}, last_used_at = now()
        WHERE id = ${id} AND counter = ${oldCounter} RETURNING id`,
  );
  return !!row;
}

export async function deleteOperatorPasskey(q: Queryable, id: string, operatorId: string, siteId: number) {
  const row = await rowOf(
    q,
    z.object({ name: z.string() }),
    sql`DELETE FROM operator_passkeys WHERE id = ${id} AND operator_id = ${operatorId} AND site_id = ${siteId}
        RETURNING name`,
  );
  return row?.name ?? null;
}
