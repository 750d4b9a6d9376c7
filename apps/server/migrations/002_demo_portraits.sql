-- Demo members' portraits are generated on first request from these specs (fast cold start),
-- then kept in storage like any other photo.
CREATE TABLE demo_portraits (
  storage_key  text PRIMARY KEY,
  spec         jsonb NOT NULL
);
