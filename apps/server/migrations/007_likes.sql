-- Likes (spec §3, §4): one row per member liking another; two rows, one each way, are a match.
CREATE TABLE likes (
  liker_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  liked_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  site_id     integer NOT NULL REFERENCES sites (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  -- "like_new" for the liked member until they open the liker's profile.
  seen        boolean NOT NULL DEFAULT false,
  PRIMARY KEY (liker_id, liked_id),
  CHECK (liker_id <> liked_id)
);
CREATE INDEX likes_received ON likes (liked_id, created_at DESC);
