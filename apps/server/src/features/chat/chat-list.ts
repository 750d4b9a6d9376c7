import { CHATS_PAGE, type ChatsResponse } from '@amora/contracts';
import type { Queryable } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Site } from '../../platform/sites.ts';
import { cards } from '../members/members.service.ts';
import { shownSql } from '../members/visibility.ts';
import { type MessageRow, presentMessage } from './chat.service.ts';

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
  const [rows, [totals]] = await Promise.all([
    q.query<{
      id: string;
      partner: string;
      unread: number;
      total: number;
      last: MessageRow | null;
      partner_confirmed: boolean;
      at: string;
    }>(
      `SELECT c.id, CASE WHEN c.member_a = $1 THEN c.member_b ELSE c.member_a END AS partner,
              (SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id
                 AND m.id > greatest(s.last_read_id, s.hidden_upto_id) AND m.sender_id <> $1) AS unread,
              (SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id AND m.id > s.hidden_upto_id) AS total,
              (SELECT row_to_json(m) FROM messages m WHERE m.conversation_id = c.id AND m.id > s.hidden_upto_id
                ORDER BY m.id DESC LIMIT 1) AS last,
              (SELECT u.status <> 'not_confirmed' FROM users u
                WHERE u.id = CASE WHEN c.member_a = $1 THEN c.member_b ELSE c.member_a END) AS partner_confirmed,
              c.last_message_at::text AS at
         FROM conversations c JOIN conversation_state s ON s.conversation_id = c.id AND s.user_id = $1
        WHERE (c.member_a = $1 OR c.member_b = $1) AND c.site_id = $2
          AND ($3::timestamptz IS NULL OR (c.last_message_at, c.id) < ($3::timestamptz, $4::uuid))
          AND ($6::uuid IS NULL OR c.id = $6)
          AND ($7::uuid IS NULL OR $7 IN (c.member_a, c.member_b))
        ORDER BY c.last_message_at DESC, c.id DESC LIMIT $5`,
      [
        viewerId,
        site.id,
        after?.at ?? null,
        after?.id ?? null,
        CHATS_PAGE,
        only.conversation ?? null,
        only.member ?? null,
      ],
    ),
    q.query<{ unread: number; total: number }>(
      `SELECT count(*) FILTER (WHERE m.sender_id <> $1 AND m.id > s.last_read_id)::int AS unread,
              count(*)::int AS total
         FROM conversation_state s
         JOIN conversations c ON c.id = s.conversation_id AND c.site_id = $2
         JOIN profiles p ON p.user_id = CASE WHEN c.member_a = $1 THEN c.member_b ELSE c.member_a END
         JOIN users u ON u.id = p.user_id
         JOIN messages m ON m.conversation_id = c.id AND m.id > s.hidden_upto_id
        WHERE s.user_id = $1 AND ${shownSql('p', 'u', '$1', 'true')}`,
      [viewerId, site.id],
    ),
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
