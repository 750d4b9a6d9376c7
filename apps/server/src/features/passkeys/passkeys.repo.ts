import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { rowOf, rowsOf, sql } from '../../platform/sql.ts';
import type { StoredCredential } from '../../platform/webauthn.ts';

const credentialRow = z.object({
  id: z.string(),
  user_id: z.string(),
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

/** A member's passkeys on their site, oldest first. */
export const passkeysOf = (q: Queryable, userId: string, siteId: number) =>
  rowsOf(
    q,
    listedRow,
    sql`SELECT id, name, created_at, last_used_at FROM passkeys
        WHERE user_id = ${userId} AND site_id = ${siteId} ORDER BY created_at, id`,
  );

/** The member's credentials (to exclude at a registration: one passkey per authenticator). */
export const credentialsOf = (q: Queryable, userId: string, siteId: number) =>
  rowsOf(
    q,
    credentialRow,
    sql`SELECT id, user_id, credential_id, public_key, counter, transports FROM passkeys
        WHERE user_id = ${userId} AND site_id = ${siteId}`,
  );

/** The credential of this site with this id, if any. */
export const credentialOnSite = (q: Queryable, siteId: number, credentialId: string) =>
  rowOf(
    q,
    credentialRow,
    sql`SELECT id, user_id, credential_id, public_key, counter, transports FROM passkeys
        WHERE site_id = ${siteId} AND credential_id = ${credentialId}`,
  );

/** Adds a credential; false when this site already has one with its id. */
export async function insertPasskey(
  q: Queryable,
  siteId: number,
  userId: string,
  c: StoredCredential,
  name: string,
): Promise<boolean> {
  const row = await rowOf(
    q,
    z.object({ id: z.string() }),
    sql`INSERT INTO passkeys (site_id, user_id, credential_id, public_key, counter, transports, name)
        VALUES (${siteId}, ${userId}, ${c.credential_id}, ${c.public_key}, ${c.counter}, ${c.transports}, ${name})
        ON CONFLICT (site_id, credential_id) DO NOTHING RETURNING id`,
  );
  return !!row;
}

/**
 * Records a use with the authenticator's new counter, only when the counter is still the one the
 * check was made against (two logins racing with one assertion: one wins). False otherwise.
 */
export async function recordUse(q: Queryable, id: string, oldCounter: number, newCounter: number) {
  const row = await rowOf(
    q,
    z.object({ id: z.string() }),
    sql`UPDATE passkeys SET counter = ${newCounter}, last_used_at = now()
        WHERE id = ${id} AND counter = ${oldCounter} RETURNING id`,
  );
  return !!row;
}

/** Removes one of the member's passkeys; false when it is not theirs (or not there). */
export async function deletePasskey(q: Queryable, id: string, userId: string, siteId: number) {
  const row = await rowOf(
    q,
    z.object({ id: z.string() }),
    sql`DELETE FROM passkeys WHERE id = ${id} AND user_id = ${userId} AND site_id = ${siteId} RETURNING id`,
  );
  return !!row;
}
