-- Profiles and discovery: search columns, photo variants and limits, blocks, complaints.

-- Photos are stored as a base key; variants are <base>-l.jpg (large), -m (card), -t (thumb), -b (blurred).
UPDATE photos SET storage_key = regexp_replace(storage_key, '\.jpg$', '') WHERE storage_key LIKE 'demo/%.jpg';
UPDATE demo_portraits SET storage_key = regexp_replace(storage_key, '\.jpg$', '') WHERE storage_key LIKE 'demo/%.jpg';

-- Photo limits (spec §5, §9) as a database rule: free members 3, premium 25, whatever races.
ALTER TABLE users ADD COLUMN photo_count integer NOT NULL DEFAULT 0;
UPDATE users SET paid_user = true WHERE id IN (SELECT user_id FROM photos GROUP BY user_id HAVING count(*) > 3);
UPDATE users u SET photo_count = (SELECT count(*) FROM photos p WHERE p.user_id = u.id);
ALTER TABLE users ADD CONSTRAINT users_photo_limit CHECK (photo_count <= CASE WHEN paid_user THEN 25 ELSE 3 END);

CREATE FUNCTION photos_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET photo_count = photo_count + 1 WHERE id = NEW.user_id;
  ELSE
    UPDATE users SET photo_count = photo_count - 1 WHERE id = OLD.user_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER photos_count AFTER INSERT OR DELETE ON photos FOR EACH ROW EXECUTE FUNCTION photos_count();

-- Search reads one table: the sort key and visibility are copied onto profiles by a trigger.
ALTER TABLE profiles ADD COLUMN last_active_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE profiles ADD COLUMN searchable boolean NOT NULL DEFAULT false;
UPDATE profiles p SET last_active_at = u.last_active_at,
  searchable = (u.status = 'active' AND NOT u.invisible AND p.status = 'active')
  FROM users u WHERE u.id = p.user_id;

CREATE FUNCTION users_to_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET last_active_at = NEW.last_active_at,
    searchable = (NEW.status = 'active' AND NOT NEW.invisible AND status = 'active')
   WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER users_to_profiles AFTER UPDATE OF status, invisible, last_active_at ON users
  FOR EACH ROW EXECUTE FUNCTION users_to_profiles();

CREATE FUNCTION profiles_searchable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.last_active_at, (u.status = 'active' AND NOT u.invisible AND NEW.status = 'active')
    INTO NEW.last_active_at, NEW.searchable FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END $$;
CREATE TRIGGER profiles_searchable BEFORE INSERT OR UPDATE OF status ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_searchable();

DROP INDEX profiles_site_gender_birth;
CREATE INDEX profiles_search ON profiles (site_id, gender, last_active_at DESC, user_id DESC) WHERE searchable;
CREATE INDEX profiles_search_any ON profiles (site_id, last_active_at DESC, user_id DESC) WHERE searchable;
CREATE UNIQUE INDEX profiles_site_lower_name ON profiles (site_id, lower(name));

-- Blocks (spec §6): either side of a block never sees the other.
CREATE TABLE blocks (
  blocker_id  uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_id  uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_id, blocked_id),
  CHECK (blocker_id <> blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id, blocker_id);

-- Complaints, kept for moderation.
CREATE TABLE complaints (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  site_id      integer NOT NULL REFERENCES sites (id),
  reporter_id  uuid REFERENCES users (id) ON DELETE SET NULL,
  member_id    uuid REFERENCES users (id) ON DELETE SET NULL,
  reason       text NOT NULL,
  text         text NOT NULL,
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'handled')),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX complaints_open ON complaints (site_id, created_at) WHERE status = 'open';
