-- Bounces and complaints (issue 15, item 4). A hard bounce adds 'bounce' to
-- users.notifications_disabled, a spam complaint (feedback loop) 'fbl', a one-click unsubscribe of
-- everything 'listunsubscribe'; no other word may get in.
ALTER TABLE users ADD CONSTRAINT users_notifications_disabled_reasons
  CHECK (notifications_disabled <@ ARRAY['bounce', 'fbl', 'listunsubscribe']::text[]);

-- When the member last turned e-mail back on or proved the address (a completed e-mail change):
-- a report about a mail sent before that moment changes nothing (it is about the old state).
ALTER TABLE users ADD COLUMN mail_reenabled_at timestamptz;
