-- Typing and read receipts (issue 30 item 2): two member settings, on by default, each off-able in
-- Settings. Symmetric: a member who hides their own typing (or read marks) sees nobody's either; the
-- server enforces it (chat-signals.service). Typing itself is never stored: it only passes over the
-- sockets. Read marks come from conversation_state.last_read_id, which the chat already keeps.
ALTER TABLE users
  ADD COLUMN chat_typing boolean NOT NULL DEFAULT true,
  ADD COLUMN chat_read_receipts boolean NOT NULL DEFAULT true;
