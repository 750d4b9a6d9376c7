-- Swipe game (spec §9: 4 likes a day, reset daily in the site's time zone), counted per member and
-- site-local day; the CHECK is the limit, so parallel swipes cannot pass it.
CREATE TABLE swipe_days (
  user_id  uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day      date NOT NULL,
  likes    integer NOT NULL DEFAULT 0 CHECK (likes <= 4),
  PRIMARY KEY (user_id, day)
);
-- Cards passed in the swipe game are not shown again.
CREATE TABLE swipe_passes (
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  passed_id  uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, passed_id)
);
