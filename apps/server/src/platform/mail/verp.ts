import crypto from 'node:crypto';

/**
 * Per-message return paths (VERP): each outgoing mail's envelope sender names its outbox row and
 * is signed, `bounce+<outbox id>-<signature>@<bounce domain>`, so a delivery report or a complaint
 * sent back to it tells which mail (and so which member) it is about, and nobody can make up one
 * that does. Lower-case hex only: some mail servers change the case of the local part.
 */
const LOCAL = /^bounce\+(\d{1,15})-([0-9a-f]{20})$/;

function signature(key: Buffer, id: number): string {
  return crypto.createHmac('sha256', key).update(`verp\n${id}`).digest('hex').slice(0, 20);
}

/** The envelope sender of outbox mail `id`. */
export function verpAddress(key: Buffer, domain: string, id: number): string {
  return `bounce+${id}-${signature(key, id)}@${domain}`;
}

/**
 * The outbox id an address stands for, when it is one of ours with a valid signature; otherwise
 * null (another domain, another shape, a forged or damaged signature).
 */
export function verpMailId(key: Buffer, domain: string, address: string): number | null {
  const at = address.lastIndexOf('@');
  if (at < 1) return null;
  if (address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const m = LOCAL.exec(address.slice(0, at).toLowerCase());
  if (!m) return null;
  const id = Number(m[1]);
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const expected = Buffer.from(signature(key, id));
  const given = Buffer.from(m[2]!);
  return crypto.timingSafeEqual(expected, given) ? id : null;
}
