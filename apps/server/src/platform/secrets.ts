import crypto from 'node:crypto';
import type { Db } from './db.ts';

/** Keys the server signs with (media URLs, CSRF tokens); one per purpose, shared by every instance. */
export interface ServerSecrets {
  media: Buffer;
  csrf: Buffer;
  /** Signs the per-message return paths (platform/mail/verp.ts). */
  bounce: Buffer;
  /** Signs the unsubscribe links of notification mail (features/notifications/unsubscribe-token.ts). */
  unsubscribe: Buffer;
}

/**
 * Reads the server's signing keys, making each once on first start. They live in the database so
 * every instance behind a load balancer signs and verifies alike; they never leave the server.
 */
export async function loadSecrets(db: Db): Promise<ServerSecrets> {
  const names = ['media', 'csrf', 'bounce', 'unsubscribe'] as const;
  for (const name of names) {
    await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      name,
      crypto.randomBytes(32).toString('base64url'),
    ]);
  }
  const rows = await db.query<{ name: string; value: string }>(
    'SELECT name, value FROM server_secrets WHERE name = ANY($1)',
    [names],
  );
  const get = (n: string) => Buffer.from(rows.find((r) => r.name === n)!.value, 'base64url');
  return {
    media: get('media'),
    csrf: get('csrf'),
    bounce: get('bounce'),
    unsubscribe: get('unsubscribe'),
  };
}

/** HMAC-SHA256 of the parts, URL-safe and shortened to 128 bits (enough for a signature that expires). */
export function sign(key: Buffer, ...parts: string[]): string {
  return crypto.createHmac('sha256', key).update(parts.join('\n')).digest('base64url').slice(0, 22);
}
