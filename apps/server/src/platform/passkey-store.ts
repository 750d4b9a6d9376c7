import type { Passkey } from '@amora/contracts';
import { z } from 'zod';
import type { Queryable } from './db.ts';
import { rowOf, rowsOf, type Sql, sql, sqlText } from './sql.ts';
import type { StoredCredential } from './webauthn.ts';

/**
 * What members' passkeys (table passkeys, owner user_id) and operators' passkeys
 * (operator_passkeys, owner operator_id; migration 076) share: the same columns but the owner's,
 * so the same statements. Each feature's repo names its table once and keeps its own queries.
 */
export interface PasskeyTable {
  readonly table: Sql;
  readonly owner: Sql;
}

export const passkeyTable = (
  table: 'passkeys' | 'operator_passkeys',
  owner: 'user_id' | 'operator_id',
): PasskeyTable => ({ table: sqlText(table), owner: sqlText(owner) });

export const credentialRow = z.object({
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
export type ListedPasskey = z.output<typeof listedRow>;

/** A passkey as its owner's list shows it. */
export const presentPasskey = (p: ListedPasskey): Passkey => ({
  id: p.id,
  name: p.name,
  created_at: p.created_at.toISOString(),
  last_used_at: p.last_used_at?.toISOString() ?? null,
});

/** The owner's passkeys on a site, oldest first. */
export const listedPasskeys = (q: Queryable, t: PasskeyTable, ownerId: string, siteId: number) =>
  rowsOf(
    q,
    listedRow,
    sql`SELECT id, name, created_at, last_used_at FROM ${t.table}
        WHERE ${t.owner} = ${ownerId} AND site_id = ${siteId} ORDER BY created_at, id`,
  );

/** The owner's credentials on a site (to exclude at a registration, or to allow at a login). */
export const ownerCredentials = (q: Queryable, t: PasskeyTable, ownerId: string, siteId: number) =>
  rowsOf(
    q,
    credentialRow,
    sql`SELECT id, credential_id, public_key, counter, transports FROM ${t.table}
        WHERE ${t.owner} = ${ownerId} AND site_id = ${siteId}`,
  );

/** Adds a credential; false when this site already has one with its id. */
export async function insertCredential(
  q: Queryable,
  t: PasskeyTable,
  siteId: number,
  ownerId: string,
  c: StoredCredential,
  name: string,
): Promise<boolean> {
  const row = await rowOf(
    q,
    z.object({ id: z.string() }),
    sql`INSERT INTO ${t.table} (site_id, ${t.owner}, credential_id, public_key, counter, transports, name)
        VALUES (${siteId}, ${ownerId}, ${c.credential_id}, ${c.public_key}, ${c.counter}, ${c.transports}, ${name})
        ON CONFLICT (site_id, credential_id) DO NOTHING RETURNING id`,
  );
  return !!row;
}

/**
 * Records a use with the authenticator's new counter, only when the counter is still the one the
 * check was made against (two logins racing with one assertion: one wins). False otherwise.
 */
export async function recordCredentialUse(
  q: Queryable,
  t: PasskeyTable,
  id: string,
  oldCounter: number,
  newCounter: number,
) {
  const row = await rowOf(
    q,
    z.object({ id: z.string() }),
    sql`UPDATE ${t.table} SET counter = ${newCounter}, last_used_at = now()
        WHERE id = ${id} AND counter = ${oldCounter} RETURNING id`,
  );
  return !!row;
}

/** Removes one of the owner's passkeys on a site: its name, or null when it is not theirs (or not there). */
export async function deleteOwnPasskey(
  q: Queryable,
  t: PasskeyTable,
  id: string,
  ownerId: string,
  siteId: number,
) {
  const row = await rowOf(
    q,
    z.object({ name: z.string() }),
    sql`DELETE FROM ${t.table} WHERE id = ${id} AND ${t.owner} = ${ownerId} AND site_id = ${siteId}
        RETURNING name`,
  );
  return row?.name ?? null;
}
