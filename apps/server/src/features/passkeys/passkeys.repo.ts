import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { credentialRow, passkeyStore } from '../../platform/passkey-store.ts';
import { rowOf, sql } from '../../platform/sql.ts';

/** Members' passkeys: the statements shared with the console's (platform/passkey-store.ts). */
const store = passkeyStore('passkeys', 'user_id');

/** A member's passkeys on their site, oldest first. */
export const passkeysOf = store.list;

/** The member's credentials (to exclude at a registration: one passkey per authenticator). */
export const credentialsOf = store.credentials;

/** The credential of this site with this id, if any, with the member it belongs to. */
export const credentialOnSite = (q: Queryable, siteId: number, credentialId: string) =>
  rowOf(
    q,
    credentialRow.extend({ user_id: z.string() }),
    sql`SELECT id, user_id, credential_id, public_key, counter, transports FROM passkeys
        WHERE site_id = ${siteId} AND credential_id = ${credentialId}`,
  );

/** Adds a credential; false when this site already has one with its id. */
export const insertPasskey = store.insert;

/** Records a use with the new counter (false when another login took it first). */
export const recordUse = store.recordUse;

/** Removes one of the member's passkeys; false when it is not theirs (or not there). */
export const deletePasskey = async (q: Queryable, id: string, userId: string, siteId: number) =>
  (await store.remove(q, id, userId, siteId)) !== null;
