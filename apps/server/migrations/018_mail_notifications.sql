-- E-mail notifications (issue 15): preferences, presence, and what was mailed when.

-- The member's choices per type (spec §3 e-mail notification types); a type not in here has its
-- default (contracts MAIL_DEFAULTS: promotions and news off until chosen).
ALTER TABLE users ADD COLUMN mail_prefs jsonb NOT NULL DEFAULT '{}';

-- Presence: no mail about a message while the member is on the site. presence_at is the last sign
-- of an open socket (opened, or a keep-alive of a visible page); page_hidden_at is set by the
-- page-hidden beacon (spec §7) and cleared when a page of theirs is visible again.
ALTER TABLE users ADD COLUMN presence_at timestamptz;
ALTER TABLE users ADD COLUMN page_hidden_at timestamptz;

-- What was mailed, so a batch summarises only what is new and a reminder goes out once.
CREATE TABLE member_mail_state (
  user_id               uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- new_messages: messages up to this id were summarised (or were read before any mail).
  messages_upto         bigint NOT NULL DEFAULT 0,
  -- like: likes received up to this time were mailed.
  likes_upto            timestamptz NOT NULL DEFAULT '-infinity',
  weekly_at             timestamptz,
  -- reminders: the inactivity reminder of the current absence (reset by coming back).
  inactive_reminded_at  timestamptz
);

-- unread_message_reminders: once per conversation until read (the member reads past upto_id).
CREATE TABLE unread_reminders (
  user_id          uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  conversation_id  uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  upto_id          bigint NOT NULL,
  sent_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, conversation_id)
);

-- The hourly passes look for members by last activity (reminders) and recent sign-ups (weekly).
CREATE INDEX users_last_active ON users (site_id, last_active_at) WHERE status = 'active' AND NOT fictional;

-- Promotions and news: each broadcast reaches a member once.
CREATE TABLE mail_broadcasts_sent (
  user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  broadcast_key  text NOT NULL,
  sent_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, broadcast_key)
);
