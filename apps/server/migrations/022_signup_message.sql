-- The signup message (spec §3 form state `signup_message`): the first message a visitor writes to
-- the member whose page or lander brought them, kept with the new account and sent as that
-- member's chat message when the account is activated (the mailbox proven), then deleted.
CREATE TABLE signup_messages (
  user_id      uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  recipient_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  body         text NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (recipient_id <> user_id)
);
