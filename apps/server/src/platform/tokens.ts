import crypto from 'node:crypto';

/** A random secret of 256 bits for a cookie or a mailed link, URL-safe. */
export function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a secret: its SHA-256 (a leaked table opens nothing). */
export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

/** Stable key for per-address counters, without storing the address itself. */
export function emailKey(email: string): string {
  return crypto.createHash('sha256').update(`amora:email:${email.trim().toLowerCase()}`).digest('hex');
}

/**
 * `emailKey` of an address column in SQL (the same for stored addresses, which are trimmed and
 * lower-case ASCII or compared so: a test keeps the two equal).
 */
export const emailKeySql = (column: string) =>
  `encode(sha256(convert_to('amora:email:' || lower(btrim(${column})), 'UTF8')), 'hex')`;

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}
