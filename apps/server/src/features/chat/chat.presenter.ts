import type { GiftId, Message } from '@amora/contracts';
import { scamKindOf } from '../safety/safety.service.ts';
import type { MessageRow } from './chat.repo.ts';

/** Where a photo message's image is served: only to the two members (chat.routes checks). */
export const chatMediaUrl = (messageId: number, variant: 'l' | 't') =>
  `/api/chat/media/${messageId}/${variant}`;

/** A message as one of the pair sees it (`mine`: the viewer sent it). */
export function presentMessage(row: MessageRow, viewerId: string): Message {
  const id = Number(row.id);
  return {
    id,
    conversation_id: row.conversation_id,
    sender_id: row.sender_id,
    client_id: row.client_id,
    kind: row.kind,
    body: row.body,
    gift: (row.gift as GiftId | null) ?? null,
    photo: row.media_key ? { url: chatMediaUrl(id, 'l'), thumb: chatMediaUrl(id, 't') } : null,
    cost: row.cost,
    created_at: new Date(row.created_at).toISOString(),
    mine: row.sender_id === viewerId,
    // The recipient's warning only: the sender is never told their message was flagged.
    warning: row.scam_rule && row.sender_id !== viewerId ? scamKindOf(row.scam_rule) : null,
  };
}
