import { firstRow, type Queryable } from '../../platform/db.ts';

/** The SQL of typing and read receipts: the members' two settings and a pair's facts for a signal. */

export interface PrivacyRow {
  chat_typing: boolean;
  chat_read_receipts: boolean;
}

export const privacyOf = (q: Queryable, userId: string) =>
  firstRow<PrivacyRow>(q, 'SELECT chat_typing, chat_read_receipts FROM users WHERE id = $1', [userId]);

/** Changes the settings given (null: as it is). */
export const writePrivacy = (
  q: Queryable,
  userId: string,
  typing: boolean | null,
  receipts: boolean | null,
) =>
  firstRow<PrivacyRow>(
    q,
    `UPDATE users SET chat_typing = coalesce($2, chat_typing), chat_read_receipts = coalesce($3, chat_read_receipts)
      WHERE id = $1 RETURNING chat_typing, chat_read_receipts`,
    [userId, typing, receipts],
  );

/** What a typing event or a read mark depends on, for a member of the conversation (else nothing). */
export interface PairSignals {
  partner_id: string;
  my_typing: boolean;
  my_receipts: boolean;
  my_fictional: boolean;
  partner_typing: boolean;
  partner_receipts: boolean;
  partner_fictional: boolean;
  partner_active: boolean;
  partner_read_id: string | number;
  blocked: boolean;
}

export const pairSignals = (q: Queryable, viewerId: string, conversationId: string) =>
  firstRow<PairSignals>(
    q,
    `SELECT p.id AS partner_id, me.chat_typing AS my_typing, me.chat_read_receipts AS my_receipts,
            me.fictional AS my_fictional, p.chat_typing AS partner_typing,
            p.chat_read_receipts AS partner_receipts, p.fictional AS partner_fictional,
            p.status <> 'deleted' AS partner_active, ps.last_read_id AS partner_read_id,
            EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = me.id AND b.blocked_id = p.id)
                                             OR (b.blocker_id = p.id AND b.blocked_id = me.id)) AS blocked
       FROM conversations c
       JOIN users me ON me.id = $2
       JOIN users p ON p.id = CASE WHEN c.member_a = $2 THEN c.member_b ELSE c.member_a END
       JOIN conversation_state ps ON ps.conversation_id = c.id AND ps.user_id = p.id
      WHERE c.id = $1 AND (c.member_a = $2 OR c.member_b = $2)`,
    [conversationId, viewerId],
  );
