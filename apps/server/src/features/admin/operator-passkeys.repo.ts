import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { passkeyStore } from '../../platform/passkey-store.ts';
import { rowOf, rowsOf, sql } from '../../platform/sql.ts';

/** Operators' passkeys (migration 076): per operator and site, the statements the members' share. */
const store = passkeyStore('operator_passkeys', 'operator_id');

export const operatorPasskeysOf = store.list;
export const operatorCredentialsOf = store.credentials;

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

export const insertOperatorPasskey = store.insert;
export const recordOperatorPasskeyUse = store.recordUse;
export const deleteOperatorPasskey = store.remove;
