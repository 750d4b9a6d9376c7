import { z } from 'zod';

/** base64url without padding (what PushSubscription.toJSON() gives), optionally padded. */
const b64url = (bytes: number) => {
  const chars = Math.ceil((bytes * 4) / 3);
  const pad = (4 - (chars % 4)) % 4;
  return z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}={0,${pad}}$`), 'validation')
    .transform((s) => s.replace(/=+$/, ''));
};

/** Loopback hosts: a push service there exists only on a developer's machine or in tests. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A browser's push subscription, as `PushSubscription.toJSON()` gives it (spec §7
 * `POST /api/user.php?push=1 {subscription}`). The endpoint is the push service's https address
 * (plain http only on a loopback host, for a local stand-in); which push services are accepted is
 * the server's allow-list (it never posts to an address it does not know). p256dh is the
 * browser's P-256 public key (65 bytes, uncompressed), auth its 16-byte secret.
 */
export const pushSubscriptionSchema = z.strictObject({
  endpoint: z
    .string()
    .max(1024)
    .refine((s) => {
      try {
        const u = new URL(s);
        return u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.has(u.hostname));
      } catch {
        return false;
      }
    }, 'validation'),
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.strictObject({ p256dh: b64url(65), auth: b64url(16) }),
});
export type PushSubscriptionJson = z.input<typeof pushSubscriptionSchema>;

export const pushSubscribeSchema = z.strictObject({ subscription: pushSubscriptionSchema });
export const pushUnsubscribeSchema = z.strictObject({ endpoint: z.string().min(1).max(1024) });
/**
 * The push state the server knows of this browser (spec §3 Push state): whether it is subscribed,
 * and `lastMessage`, when a push last went to its subscription (ISO time; null: none yet, or
 * after unsubscribing).
 */
export const pushStateSchema = z.object({ subscribed: z.boolean(), lastMessage: z.string().nullable() });

/**
 * What a push carries (encrypted for the one browser): never a message's text, only what kind of
 * thing happened, where a click leads, and the badge count; the service worker picks the words
 * from its per-language table by `lang`.
 */
export const pushPayloadSchema = z.object({
  v: z.literal(1),
  type: z.enum(['message', 'like', 'match']),
  lang: z.string(),
  /** The page a click opens: /chats/<conversation> or /likes. */
  url: z.string().startsWith('/'),
  /** Unread messages plus new likes, for the app badge. */
  badge: z.number().int().min(0),
  /** Notifications with the same tag replace each other (one per conversation, one for likes). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
