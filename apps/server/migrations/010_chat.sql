-- Chat (spec §3 Chat entry, message kinds): one conversation per pair of members.
CREATE TABLE conversations (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  site_id          integer NOT NULL REFERENCES sites (id),
  member_a         uuid NOT NULL REFERENCES users (id),
  member_b         uuid NOT NULL REFERENCES users (id),
  started_by       uuid NOT NULL REFERENCES users (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  last_message_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (member_a < member_b),
  UNIQUE (member_a, member_b)
);
CREATE INDEX conversations_a ON conversations (member_a, last_message_at DESC);
CREATE INDEX conversations_b ON conversations (member_b, last_message_at DESC);

-- Per member: what they read, and from where they removed the conversation from their list.
CREATE TABLE conversation_state (
  conversation_id  uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  user_id          uuid NOT NULL REFERENCES users (id),
  last_read_id     bigint NOT NULL DEFAULT 0,
  hidden_upto_id   bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (conversation_id, user_id)
);

CREATE TABLE messages (
  id               bigserial PRIMARY KEY,
  conversation_id  uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  sender_id        uuid NOT NULL REFERENCES users (id),
  -- The sender's own id for the message: a retry or a double click sends the same one.
  client_id        text NOT NULL,
  kind             text NOT NULL CHECK (kind IN ('text', 'photo', 'gift', 'system')),
  body             text NOT NULL DEFAULT '',
  cost             integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (sender_id, client_id)
);
CREATE INDEX messages_conversation ON messages (conversation_id, id);

-- Free members start at most 2 conversations and send a few free messages (spec §6, §9).
ALTER TABLE users ADD COLUMN conversations_started integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD CONSTRAINT users_free_conversations
  CHECK (paid_user OR conversations_started <= 2);
ALTER TABLE users ADD COLUMN free_messages_used integer NOT NULL DEFAULT 0;
