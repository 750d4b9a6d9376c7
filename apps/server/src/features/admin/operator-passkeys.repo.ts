import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import {
  deleteOwnPasskey,
  insertCredential,
  listedPasskeys,
  ownerCredentials,
  passkeyTable,
  recordCredentialUse,
} from '../../platform/passkey-store.ts';
import { rowOf, rowsOf, sql } from '../../platform/sql.ts';
import type { StoredCredential } from '../../platform/webauthn.ts';

/** Operators' passkeys (migration 076): per operator and site, the statements the members' share. */
const OPERATORS = passkeyTable('operator_passkeys', 'operator_id');

export const operatorPasskeysOf = (q: Queryable, operatorId: string, siteId: number) =>
  listedPasskeys(q, OPERATORS, operatorId, siteId);

export const operatorCredentialsOf = (q: Queryable, operatorId: string, siteId: number) =>
  ownerCredentials(q, OPERATORS, operatorId, siteId);

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

export const insertOperatorPasskey = (
  q: Queryable,
  siteId: number,
  operatorId: string,
  c: StoredCredential,
  name: string,
) => insertCredential(q, OPERATORS, siteId, operatorId, c, name);

export const recordOperatorPasskeyUse = (q: Queryable, id: string, oldCounter: number, newCounter: number) =>
  recordCredentialUse(q, OPERATORS, id, oldCounter, newCounter);

export const deleteOperatorPasskey = (q: Queryable, id: string, operatorId: string, siteId: number) =>
  deleteOwnPasskey(q, OPERATORS, id, operatorId, siteId);
