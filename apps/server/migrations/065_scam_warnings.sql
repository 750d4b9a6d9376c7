-- Scam warnings (issue 30 item 3): a text message that matches a rule of features/safety keeps the
-- rule's id, so the recipient sees a calm warning under it (the sender is never told), and the
-- conversation goes into the console's moderation queue as an automated report (no reporter) with
-- the matched rule and the message. One open automated report per conversation: later matches of
-- the same conversation wait for the operator's decision on the first.
ALTER TABLE messages ADD COLUMN scam_rule text;
ALTER TABLE complaints
  ADD COLUMN rule text,
  ADD COLUMN conversation_id uuid REFERENCES conversations (id) ON DELETE SET NULL,
  ADD COLUMN message_id bigint REFERENCES messages (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX complaints_scam_open ON complaints (conversation_id)
  WHERE rule IS NOT NULL AND status IN ('open', 'in_review');
