import { MAIL_TYPES, type MailType } from '@amora/contracts';
import { sign } from '../../platform/secrets.ts';
import { safeEqual } from '../../platform/tokens.ts';

/**
 * The token of an unsubscribe link: the member, the type, and an HMAC of both with the server's
 * `unsubscribe` key (platform/secrets.ts); a mailing's copy (promotions, news) names the mailing
 * too, after the HMAC, which then covers it as well, so the mailing's unsubscribes can be counted.
 * It never expires (a mail read months later still unsubscribes); a token not signed by us, or
 * changed in any part, is refused.
 */
export function unsubscribeToken(key: Buffer, userId: string, type: MailType, broadcastId?: number): string {
  if (broadcastId === undefined) return `${userId}.${type}.${sign(key, 'unsubscribe', userId, type)}`;
  const b = String(broadcastId);
  return `${userId}.${type}.${sign(key, 'unsubscribe', userId, type, b)}.${b}`;
}

/** The member, type (and mailing) a token stands for, or null when it is not one we signed. */
export function readUnsubscribeToken(
  key: Buffer,
  token: string,
): { userId: string; type: MailType; broadcastId?: number } | null {
  if (!token || token.length > 200) return null;
  const [userId, type, mac, broadcast, extra] = token.split('.');
  if (extra !== undefined || !userId || !type || !mac) return null;
  if (!/^[0-9a-f-]{36}$/.test(userId) || !(MAIL_TYPES as readonly string[]).includes(type)) return null;
  if (broadcast !== undefined && !/^[1-9][0-9]{0,9}$/.test(broadcast)) return null;
  const parts = broadcast === undefined ? [userId, type] : [userId, type, broadcast];
  if (!safeEqual(mac, sign(key, 'unsubscribe', ...parts))) return null;
  return {
    userId,
    type: type as MailType,
    ...(broadcast === undefined ? {} : { broadcastId: Number(broadcast) }),
  };
}
