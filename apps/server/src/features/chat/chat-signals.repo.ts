import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { rowOf, sql } from '../../platform/sql.ts';

/** The SQL of typing and read receipts: the members' two settings and a pair's facts for a signal. */

const privacyRow = z.object({ chat_typing: z.boolean(), chat_read_receipts: z.boolean() });
export type PrivacyRow = z.output<typeof privacyRow>;

export const privacyOf = (q: Queryable, userId: string) =>
  rowOf(q, privacyRow, sql`SELECT chat_typing, chat_read_receipts FROM users WHERE id = ${userId}`);

/** Changes the settings given (null: as it is). */
export const writePrivacy = (
  q: Queryable,
  userId: string,
  typing: boolean | null,
  receipts: boolean | null,
) =>
  rowOf(
    q,
    privacyRow,
    sql`UPDATE users SET chat_typing = coalesce(${typing}, chat_typing),
                         chat_read_receipts = coalesce(${receipts}, chat_read_receipts)
         WHERE id = ${userId} RETURNING chat_typing, chat_read_receipts`,
  );

/** What a typing event or a read mark depends on, for a member of the conversation (else nothing). */
const pairSignalsRow = z.object({
  partner_id: z.string(),
  my_typing: z.boolean(),
  my_receipts: z.boolean(),
  my_fictional: z.boolean(),
  partner_typing: z.boolean(),
  partner_receipts: z.boolean(),
  partner_fictional: z.boolean(),
  partner_active: z.boolean(),
  partner_read_id: z.number(),
  blocked: z.boolean(),
});
export type PairSignals = z.output<typeof pairSignalsRow>;

export const pairSignals = (q: Queryable, viewerId: string, conversationId: string) =>
  rowOf(
    q,
    pairSignalsRow,
    sql`SELECT p.id AS partner_id, me.chat_typing AS my_typing, me.chat_read_receipts AS my_receipts,
            me.fictional AS my_fictional, p.chat_typing AS partner_typing,
            p.chat_read_receipts AS partner_receipts, p.fictional AS partner_fictional,
            p.status <> 'deleted' AS partner_active, ps.last_read_id AS partner_read_id,
            EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = me.id AND b.blocked_id = p.id)
                                             OR (b.blocker_id = p.id AND b.blocked_id = me.id)) AS blocked
       FROM conversations c
       JOIN users me ON me.id = ${viewerId}
       JOIN users p ON p.id = CASE WHEN c.member_a = me.id THEN c.member_b ELSE c.member_a END
       JOIN conversation_state ps ON ps.conversation_id = c.id AND ps.user_id = p.id
      WHERE c.id = ${conversationId} AND (c.member_a = me.id OR c.member_b = me.id)`,
  );
