-- Sites and fictional profiles in the operator console (issue 17 items 6 and 8).

-- A site can switch its fictional chat partners off entirely (setting `fictional_profiles`,
-- default on). Then its fictional profiles show nowhere: `fictional_hidden` is kept on the profile
-- (users.fictional AND the site's switch off) by the triggers below, search and the discovery lists
-- read `searchable` (ANDed with NOT fictional_hidden here), and shownSql / profileShown / the chat
-- send check the column for the lists that also show invisible members.
ALTER TABLE profiles ADD COLUMN fictional_hidden boolean NOT NULL DEFAULT false;

CREATE FUNCTION site_fictional_off(site integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((config->>'fictional_profiles') = 'false', false) FROM sites WHERE id = site
$$;

-- Runs after profiles_searchable (triggers fire by name): whatever made a profile searchable,
-- a hidden fictional profile is not.
CREATE FUNCTION profiles_searchable_fictional() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT u.fictional AND site_fictional_off(NEW.site_id) INTO NEW.fictional_hidden
      FROM users u WHERE u.id = NEW.user_id;
    NEW.fictional_hidden := coalesce(NEW.fictional_hidden, false);
  END IF;
  NEW.searchable := NEW.searchable AND NOT NEW.fictional_hidden;
  RETURN NEW;
END $$;
CREATE TRIGGER profiles_searchable_fictional BEFORE INSERT OR UPDATE OF status, searchable, fictional_hidden
  ON profiles FOR EACH ROW EXECUTE FUNCTION profiles_searchable_fictional();

-- The mark changed: the profile's hidden flag follows (status = status lets profiles_searchable
-- recompute the base rule first).
CREATE FUNCTION users_fictional_to_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET fictional_hidden = NEW.fictional AND site_fictional_off(site_id), status = status
   WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER users_fictional_to_profiles AFTER UPDATE OF fictional ON users
  FOR EACH ROW WHEN (OLD.fictional IS DISTINCT FROM NEW.fictional)
  EXECUTE FUNCTION users_fictional_to_profiles();

-- The site's switch changed: every fictional profile of the site follows.
CREATE FUNCTION sites_fictional_to_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE off boolean := coalesce((NEW.config->>'fictional_profiles') = 'false', false);
BEGIN
  IF off IS DISTINCT FROM coalesce((OLD.config->>'fictional_profiles') = 'false', false) THEN
    UPDATE profiles p SET fictional_hidden = off, status = p.status
      FROM users u WHERE u.id = p.user_id AND u.fictional AND p.site_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER sites_fictional_to_profiles AFTER UPDATE OF config ON sites
  FOR EACH ROW EXECUTE FUNCTION sites_fictional_to_profiles();

-- The mark cannot be removed while the profile chats (issue 17 item 8): the service says so
-- first; this keeps it true for any other writer.
CREATE FUNCTION users_fictional_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.fictional AND NOT NEW.fictional AND EXISTS (
       SELECT 1 FROM conversations c WHERE c.member_a = NEW.id OR c.member_b = NEW.id) THEN
    RAISE EXCEPTION 'fictional_has_conversations' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER users_fictional_kept BEFORE UPDATE OF fictional ON users
  FOR EACH ROW EXECUTE FUNCTION users_fictional_kept();

-- Which operator wrote a message sent as a fictional profile. Never read by a member route: the
-- console's inbox alone joins it. operator_id is the console's operator id (as moderation keeps it).
CREATE TABLE operator_messages (
  message_id     bigint PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  operator_id    text NOT NULL,
  operator_name  text NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operator_messages_operator ON operator_messages (operator_id, created_at);

-- The inbox: conversations with a fictional profile, by site and last movement.
CREATE INDEX conversations_site_last ON conversations (site_id, last_message_at DESC, id DESC);
