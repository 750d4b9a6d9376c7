import type { Queryable } from '../../platform/db.ts';
import { countOf, run, sql } from '../../platform/sql.ts';

/** The safety feature's SQL: scam warnings kept on the message, automated reports in the queue. */

/** How many messages a sender has written in a conversation (this one included, once written). */
export const messagesBySender = (q: Queryable, conversationId: string, senderId: string): Promise<number> =>
  countOf(
    q,
    sql`SELECT count(*)::int AS n FROM messages WHERE conversation_id = ${conversationId} AND sender_id = ${senderId}`,
  );

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
  await run(
    q,
    sql`WITH m AS (UPDATE messages SET scam_rule = ${f.rule} WHERE id = ${f.messageId})
        INSERT INTO complaints (site_id, reporter_id, member_id, member_name, reason, text, rule,
                                conversation_id, message_id)
        SELECT ${f.siteId}::int, NULL, u.id, coalesce(p.name, ''), 'scam', left(${f.body}::text, 3000), ${f.rule}::text,
               ${f.conversationId}::uuid, ${f.messageId}::bigint
          FROM users u LEFT JOIN profiles p ON p.user_id = u.id
         WHERE u.id = ${f.senderId}
        ON CONFLICT (conversation_id) WHERE rule IS NOT NULL AND status IN ('open', 'in_review') DO NOTHING`,
  );
}
