import { CHATS_PAGE, type ChatsResponse } from '@amora/contracts';
import type { Queryable } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Site } from '../../platform/sites.ts';
import { cards } from '../members/members.service.ts';
import { presentMessage } from './chat.presenter.ts';
import { chatRows, chatTotals } from './chat.repo.ts';

/** A page's end: its last conversation's time (full precision, as PostgreSQL writes it) and id. */
const cursorOf = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');
function parseCursor(cursor: string): { at: string; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof at === 'string' && !Number.isNaN(Date.parse(at)) && isUuid(id)) return { at, id };
  } catch {
    // falls through to the error below
  }
  throw new AppError('validation', 400);
}

/**
 * Spec §7 /api/chats.php: the member's conversations, newest first, a page at a time (each with its
 * partner's card, unread count, last message, and whether the partner may reply yet). Conversations
 * the member removed (nothing after the removal) and partners no longer shown (blocked, deleted)
 * drop out, and the totals count exactly what the pages can show.
 */
export async function listChats(
  q: Queryable,
  site: Site,
  viewerId: string,
  only: { cursor?: string; conversation?: string; member?: string } = {},
): Promise<ChatsResponse> {
  const after = only.cursor ? parseCursor(only.cursor) : null;
  const [rows, totals] = await Promise.all([
    chatRows(q, site.id, viewerId, after, only),
    chatTotals(q, site.id, viewerId),
  ]);
  const visible = rows.filter((r) => r.total > 0);
  const byId = new Map(
    (
      await cards(
        q,
        site,
        viewerId,
        visible.map((r) => r.partner),
        true,
      )
    ).map((p) => [p.id, p]),
  );
  const end = rows.length === CHATS_PAGE ? rows[rows.length - 1]! : null;
  return {
    chats: visible
      .filter((r) => byId.has(r.partner))
      .map((r) => ({
        conversation: { id: r.id },
        profile: byId.get(r.partner)!,
        num_unread_messages: r.unread,
        last_message: r.last ? presentMessage(r.last, viewerId) : null,
        partner_confirmed: r.partner_confirmed !== false,
      })),
    total_unread_messages: totals?.unread ?? 0,
    total_messages: totals?.total ?? 0,
    next_cursor: end ? cursorOf(end.at, end.id) : null,
  };
}
