import type { Passkey } from '@amora/contracts';
import { z } from 'zod';
import type { Queryable } from './db.ts';
import { rowOf, rowsOf, sql, sqlText } from './sql.ts';
import type { StoredCredential } from './webauthn.ts';

/**
 * What members' passkeys (table passkeys, owner user_id) and operators' passkeys
 * (operator_passkeys, owner operator_id; migration 076) share: the same columns but the owner's,
 * so the same statements. Each feature's repo binds its table once (passkeyStore) and keeps its own queries.
 */
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

/** The shared statements on one table, its owner column named once. */
export function passkeyStore(name: 'passkeys' | 'operator_passkeys', ownerColumn: 'user_id' | 'operator_id') {
  const table = sqlText(name);
  const owner = sqlText(ownerColumn);
  return {
    /** The owner's passkeys on a site, oldest first. */
    list: (q: Queryable, ownerId: string, siteId: number) =>
      rowsOf(
        q,
        listedRow,
        sql`SELECT id, name, created_at, last_used_at FROM ${table}
            WHERE ${owner} = ${ownerId} AND site_id = ${siteId} ORDER BY created_at, id`,
      ),

    /** The owner's credentials on a site (to exclude at a registration, or to allow at a login). */
    credentials: (q: Queryable, ownerId: string, siteId: number) =>
      rowsOf(
        q,
        credentialRow,
        sql`SELECT id, credential_id, public_key, counter, transports FROM ${table}
            WHERE ${owner} = ${ownerId} AND site_id = ${siteId}`,
      ),

    /** Adds a credential; false when this site already has one with its id. */
    async insert(q: Queryable, siteId: number, ownerId: string, c: StoredCredential, label: string) {
      const row = await rowOf(
        q,
        z.object({ id: z.string() }),
        sql`INSERT INTO ${table} (site_id, ${owner}, credential_id, public_key, counter, transports, name)
            VALUES (${siteId}, ${ownerId}, ${c.credential_id}, ${c.public_key}, ${c.counter}, ${c.transports}, ${label})
            ON CONFLICT (site_id, credential_id) DO NOTHING RETURNING id`,
      );
      return !!row;
    },

    /**
     * Records a use with the authenticator's new counter, only when the counter is still the one
     * the check was made against (two logins racing with one assertion: one wins). False otherwise.
     */
    async recordUse(q: Queryable, id: string, oldCounter: number, newCounter: number) {
      const row = await rowOf(
        q,
        z.object({ id: z.string() }),
        sql`UPDATE ${table} SET counter = ${newCounter}, last_used_at = now()
            WHERE id = ${id} AND counter = ${oldCounter} RETURNING id`,
      );
      return !!row;
    },

    /** Removes one of the owner's passkeys on a site: its name, or null when not theirs (or not there). */
    async remove(q: Queryable, id: string, ownerId: string, siteId: number) {
      const row = await rowOf(
        q,
        z.object({ name: z.string() }),
        sql`DELETE FROM ${table} WHERE id = ${id} AND ${owner} = ${ownerId} AND site_id = ${siteId}
            RETURNING name`,
      );
      return row?.name ?? null;
    },
  };
}
