import type { Db, Queryable } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { Site } from '../../platform/sites.ts';
import { announceMessage, sendMessage } from '../chat/chat.service.ts';
import { insertSignupMessage, takeSignupMessage } from './signup-message.repo.ts';

/**
 * The signup message (spec §3 form state `signup_message`): what a visitor writes to the member
 * whose page or lander brought them. It is kept with the new account and sent as the member's first
 * chat message when the account is activated: before the mailbox is proven nothing about the
 * account may show (the signup answers alike for every address), and nobody gets messages from
 * addresses never confirmed. Sending goes through the chat's own send, so every rule of a message
 * holds then (blocks, invisible members, free messages, length).
 */

/** Refuses a message longer than the site allows, for every address alike (before any lookup). */
export function checkSignupMessage(site: Site, body: string | undefined): void {
  if (body !== undefined && body.length > site.config.message_length) {
    throw new AppError('validation', 400, {}, { signup_message: 'message_too_long' });
  }
}

/** Keeps the message of a new account, if its recipient is a member of this site. */
export async function keepSignupMessage(
  q: Queryable,
  site: Site,
  userId: string,
  recipientId: string,
  body: string,
): Promise<void> {
  await insertSignupMessage(q, { userId, recipientId, body, siteId: site.id });
}

/**
 * Sends a newly activated member's kept message, once (the row goes in the same breath); a send
 * the chat refuses (the recipient blocked them, left, turned invisible...) drops it. Returns the
 * recipient when the message went out (`sent`), or when there was no message, only the member
 * whose lander brought them (an empty body: the new member is led to that chat to write first).
 */
export async function deliverSignupMessage(
  db: Db,
  realtime: Pick<Realtime, 'publish'>,
  site: Site,
  userId: string,
): Promise<{ to: string; sent: boolean } | null> {
  const kept = await takeSignupMessage(db, userId);
  if (!kept) return null;
  if (kept.body === '') return { to: kept.recipient_id, sent: false };
  try {
    const sent = await sendMessage(db, site, userId, kept.recipient_id, {
      // One id per account: a second delivery (there is none: the row is gone) would be the same send.
      client_id: `signup-${userId}`,
      kind: 'text',
      body: kept.body,
    });
    if (sent.fresh) {
      const warning = sent.warning ? { userId: kept.recipient_id, kind: sent.warning } : undefined;
      announceMessage(realtime, [userId, kept.recipient_id], sent.message, warning);
    }
    return { to: kept.recipient_id, sent: true };
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}
