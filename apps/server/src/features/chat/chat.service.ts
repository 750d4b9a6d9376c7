import {
  FREE_CONVERSATIONS,
  freeMessagesLeft,
  type GiftId,
  giftPrice,
  type Message,
  messageCost,
  type ScamKind,
  type SystemNote,
} from '@amora/contracts';
import type { Db, Queryable } from '../../platform/db.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, found } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { Site } from '../../platform/sites.ts';
import { book, type CreditReason } from '../credits/ledger.ts';
import { recordScam, scamCandidate } from '../safety/safety.service.ts';
import { presentMessage } from './chat.presenter.ts';
import {
  insertConversation,
  insertMessage,
  insertOperatorMessage,
  insertSystemNote,
  messageByClientId,
  type SendFacts,
  sendFacts,
} from './chat.repo.ts';

/**
 * Sending in the chat: a member's message (text, gift, photo; chat-photos.service takes the
 * upload), the console's as a fictional profile, and system notes. Reading a conversation is
 * chat-messages.service, the list of chats chat-list.service.
 */

export type Outgoing =
  | { client_id: string; kind: 'text'; body: string }
  | { client_id: string; kind: 'gift'; gift: GiftId }
  | { client_id: string; kind: 'photo'; media_key: string };

/**
 * After the commit: both members' open tabs hear of a new message at once. The event carries the
 * message as both may see it (`mine` is worked out by each tab).
 */
export function announceMessage(
  realtime: Pick<Realtime, 'publish'>,
  userIds: string[],
  message: Message,
  warning?: { userId: string; kind: ScamKind },
) {
  const { mine: _mine, ...shared } = message;
  if (!warning) {
    realtime.publish(userIds, { type: 'message', message: { ...shared, warning: null } });
    return;
  }
  // A scam warning reaches the recipient's tabs only: the sender is never told.
  const others = userIds.filter((id) => id !== warning.userId);
  if (others.length) realtime.publish(others, { type: 'message', message: { ...shared, warning: null } });
  realtime.publish([warning.userId], { type: 'message', message: { ...shared, warning: warning.kind } });
}

/**
 * A system message in the conversation of two members, if they have one (none is started for it):
 * free, counted unread for the partner only, written once per `ref` (the event it tells of).
 * Its body is the note's code; the app translates it.
 */
export async function addSystemNote(
  q: Queryable,
  actorId: string,
  partnerId: string,
  note: SystemNote,
  ref: string,
): Promise<Message | null> {
  const row = await insertSystemNote(q, actorId, partnerId, note, ref);
  return row ? presentMessage(row, actorId) : null;
}

/** A message this sender already sent with this client id (a retry), or null. */
export async function sentBefore(db: Queryable, senderId: string, clientId: string): Promise<Message | null> {
  const row = await messageByClientId(db, senderId, clientId);
  return row ? presentMessage(row, senderId) : null;
}

/**
 * The console operator writing as a fictional profile (features/fictional): recorded beside the
 * message in operator_messages, in the send's transaction; never part of any member's answer.
 */
export interface OperatorAuthor {
  operatorId: string;
  operatorName: string;
}

/**
 * A send's answer: the message, the sender's balance and free messages left after it (what the
 * composer shows next), and whether it was sent now (false: a retry of one already sent).
 */
export interface SendOutcome {
  message: Message;
  credits: number;
  free_messages_left: number;
  fresh: boolean;
  /** A scam warning the recipient's tabs are to show (features/safety); never the sender's. */
  warning: ScamKind | null;
}

/**
 * Sends a message (text, gift or photo), exactly once per client id: a retry or a double click
 * returns the message already sent and charges nothing. Rules on the server (spec §6, §8): no
 * messages across a block; an invisible member cannot be written to first; nobody can write to a
 * member whose e-mail is not confirmed (they may write first, the partner cannot reply); free
 * members start at most two conversations, send `free_messages` text messages free and no photos
 * (premium only); every other message costs credits from the ledger, in the same transaction, and
 * fails whole when the balance does not cover it.
 *
 * Round trips are few on purpose (the chat benchmark): one statement reads every rule's facts
 * with the sender's row locked, the ledger books in one, and one writes the message with its
 * conversation's bookkeeping.
 */
export async function sendMessage(
  db: Db,
  site: Site,
  senderId: string,
  recipientId: string,
  input: Outgoing,
  by?: OperatorAuthor,
): Promise<SendOutcome> {
  if (!isUuid(recipientId) || recipientId === senderId) throw new AppError('not_found', 404);
  if (input.kind === 'text' && input.body.length > site.config.message_length) {
    throw new AppError('validation', 400, {}, { body: 'message_too_long' });
  }
  // The facts are read in the statement that takes the lock, so a send racing another one of the
  // same member (a double click, or the pair's first messages crossing) can meet a unique key the
  // other just committed: it rolls back whole and runs once more, and then sees that send.
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendOnce(db, site, senderId, recipientId, input, by);
    } catch (err) {
      if (attempt >= 2 || !isUniqueViolation(err)) throw err;
    }
  }
}

/** What a message costs the sender and why (the ledger's reason), and whether it is a free one. */
function priceOf(
  site: Site,
  ctx: SendFacts,
  input: Outgoing,
  freeLeft: number,
): { cost: number; free: boolean; reason: CreditReason } {
  // A fictional chat partner pays nothing: only members pay for their own messages.
  if (ctx.fictional) return { cost: 0, free: false, reason: 'message' };
  if (input.kind === 'text') {
    const free = freeLeft > 0;
    return { cost: free ? 0 : messageCost(site.config, ctx.country), free, reason: 'message' };
  }
  if (input.kind === 'gift') {
    return { cost: giftPrice(site.config.gift_credits, input.gift) ?? 0, free: false, reason: 'gift' };
  }
  return { cost: site.config.photo_credits, free: false, reason: 'photo' };
}

async function sendOnce(
  db: Db,
  site: Site,
  senderId: string,
  recipientId: string,
  input: Outgoing,
  by: OperatorAuthor | undefined,
): Promise<SendOutcome> {
  // Scanned before the transaction: a pure check, no lock held while it runs.
  const scam = input.kind === 'text' && !by ? scamCandidate(site, input.body) : null;
  return db.tx(async (q) => {
    const ctx = found(await sendFacts(q, senderId, recipientId, input.client_id));
    const freeLeft = freeMessagesLeft(site.config, ctx);
    if (ctx.again)
      return {
        message: presentMessage(ctx.again, senderId),
        credits: ctx.credits,
        free_messages_left: freeLeft,
        fresh: false,
        warning: null,
      };
    if (
      !ctx.r_profile_active ||
      ctx.r_site !== site.id ||
      !['active', 'not_confirmed'].includes(ctx.r_status ?? '')
    ) {
      throw new AppError('not_found', 404);
    }
    if (ctx.blocked) throw new AppError('blocked_by_member', 403);
    if (ctx.r_status === 'not_confirmed') throw new AppError('partner_not_confirmed', 403);
    // Only the console writes as a fictional profile, and only with an operator named.
    if (ctx.fictional !== !!by) throw new AppError('not_found', 404);
    if (input.kind === 'photo' && !ctx.paid_user && !ctx.fictional) throw new AppError('premium_only', 402);

    // The price, known before anything is written (and shown to the member before sending).
    const { cost, free, reason } = priceOf(site, ctx, input, freeLeft);
    if (cost > ctx.credits) throw new AppError('not_enough_credits', 402, { credits: ctx.credits });

    let conversationId = ctx.conversation_id;
    if (!conversationId) {
      if (ctx.r_invisible) throw new AppError('not_found', 404);
      if (!ctx.paid_user && ctx.conversations_started >= FREE_CONVERSATIONS)
        throw new AppError('conversation_limit', 402, { limit: FREE_CONVERSATIONS });
      conversationId = await startConversation(q, site, senderId, recipientId);
    }

    let credits = ctx.credits;
    if (cost > 0) {
      const entry = await book(q, {
        userId: senderId,
        siteId: site.id,
        delta: -cost,
        reason,
        ref: `msg:${input.client_id}`,
        locked: true,
      });
      credits = entry.balance_after;
    }
    const row = await insertMessage(
      q,
      {
        conversationId,
        senderId,
        recipientId,
        siteId: site.id,
        clientId: input.client_id,
        kind: input.kind,
        body: input.kind === 'text' ? input.body : '',
        gift: input.kind === 'gift' ? input.gift : null,
        mediaKey: input.kind === 'photo' ? input.media_key : null,
        cost,
        free,
        first: !ctx.conversation_id,
      },
      !by && !scam,
    );
    if (by) await insertOperatorMessage(q, row.id, by.operatorId, by.operatorName);
    const flagged =
      scam && input.kind === 'text'
        ? await recordScam(q, site, scam, { id: Number(row.id), conversationId, senderId, body: input.body })
        : null;
    return {
      message: presentMessage(row, senderId),
      credits,
      free_messages_left: free ? freeLeft - 1 : freeLeft,
      fresh: true,
      warning: flagged?.kind ?? null,
    };
  });
}

/** A new conversation of the pair, counted against the starter's free conversations (a CHECK backs it). */
async function startConversation(q: Queryable, site: Site, senderId: string, recipientId: string) {
  try {
    return await insertConversation(q, site.id, senderId, recipientId);
  } catch (err) {
    if (/users_free_conversations/.test(String(err)))
      throw new AppError('conversation_limit', 402, { limit: FREE_CONVERSATIONS });
    throw err;
  }
}
