import type { Queryable } from '../../platform/db.ts';

/** The safety feature's SQL: scam warnings kept on the message, automated reports in the queue. */

/** How many messages a sender has written in a conversation (this one included, once written). */
export async function messagesBySender(
  q: Queryable,
  conversationId: string,
  senderId: string,
): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM messages WHERE conversation_id = $1 AND sender_id = $2',
    [conversationId, senderId],
  );
  return row?.n ?? 0;
}

export interface ScamFlag {
  siteId: number;
  conversationId: string;
  messageId: number;
  senderId: string;
  rule: string;
  /** The flagged message, the report's text: what the moderator decides on. */
  body: string;
}

/**
 * Marks the message with the rule and puts the conversation in the moderation queue as an
 * automated report about the sender (no reporter: nobody is told of the outcome), unless the
 * conversation already waits there.
 */
export async function flagMessage(q: Queryable, f: ScamFlag): Promise<void> {
  await q.query(
    `WITH m AS (UPDATE messages SET scam_rule = $5 WHERE id = $3)
     INSERT INTO complaints (site_id, reporter_id, member_id, member_name, reason, text, rule,
                             conversation_id, message_id)
     SELECT $1, NULL, u.id, coalesce(p.name, ''), 'scam', left($6, 3000), $5, $2, $3
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id
      WHERE u.id = $4
     ON CONFLICT (conversation_id) WHERE rule IS NOT NULL AND status IN ('open', 'in_review') DO NOTHING`,
    [f.siteId, f.conversationId, f.messageId, f.senderId, f.rule, f.body],
  );
}
