-- Photo and gift messages (spec §3 message kinds). A photo message keeps the storage key of its
-- re-encoded variants (served only to the two members of the conversation); a gift message keeps
-- the id of the gift from the catalogue (contracts/rules GIFTS) it was bought as.
ALTER TABLE messages ADD COLUMN media_key text;
ALTER TABLE messages ADD COLUMN gift text;
ALTER TABLE messages ADD CONSTRAINT messages_kind_payload CHECK (
  (kind = 'photo') = (media_key IS NOT NULL) AND (kind = 'gift') = (gift IS NOT NULL)
);
-- Newest-first reads of a conversation (the latest page, "older messages hidden" check).
-- messages_conversation (conversation_id, id) already serves both directions.
