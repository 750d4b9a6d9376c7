import { MAIL_TYPES, type MailType } from '@amora/contracts';
import { sign } from '../../platform/secrets.ts';
import { safeEqual } from '../../platform/tokens.ts';

/**
 * The token of an unsubscribe link: the member, the type, and an HMAC of both with the server's
 * `unsubscribe` key (platform/secrets.ts). It never expires (a mail read months later still
 * unsubscribes); a token not signed by us, or changed in any part, is refused.
 */
export function unsubscribeToken(key: Buffer, userId: string, type: MailType): string {
  return `${userId}.${type}.${sign(key, 'unsubscribe', userId, type)}`;
}

/** The member and type a token stands for, or null when it is not one we signed. */
export function readUnsubscribeToken(key: Buffer, token: string): { userId: string; type: MailType } | null {
  if (!token || token.length > 200) return null;
  const [userId, type, mac, extra] = token.split('.');
  if (extra !== undefined || !userId || !type || !mac) return null;
  if (!/^[0-9a-f-]{36}$/.test(userId) || !(MAIL_TYPES as readonly string[]).includes(type)) return null;
  if (!safeEqual(mac, sign(key, 'unsubscribe', userId, type))) return null;
  return { userId, type: type as MailType };
}
